/**
 * The installation itself as a fresh 2.4 install describes it: one website, store group and store
 * view besides the admin ones, US dollars, and the modules it runs.
 */
import type { ModeledHandler } from '../modeled-routes.ts';

const MODULES = [
  'Magento_Store', 'Magento_Directory', 'Magento_Theme', 'Magento_Eav', 'Magento_Customer', 'Magento_Backend', 'Magento_Catalog',
  'Magento_CatalogInventory', 'Magento_Quote', 'Magento_Sales', 'Magento_Checkout', 'Magento_Payment', 'Magento_OfflinePayments',
  'Magento_OfflineShipping', 'Magento_Tax', 'Magento_Integration', 'Magento_Webapi', 'Magento_WebapiAsync', 'Magento_AsynchronousOperations',
  'Magento_Bundle', 'Magento_ConfigurableProduct', 'Magento_Downloadable', 'Magento_GroupedProduct', 'Magento_SalesRule', 'Magento_Cms',
  'Magento_Inventory', 'Magento_InventoryApi', 'Magento_TwoFactorAuth',
];

export const installationHandlers: Record<string, ModeledHandler> = {
  'GET /V1/modules': () => [...MODULES],
  'GET /V1/store/websites': () => [
    { id: 0, code: 'admin', name: 'Admin', default_group_id: 0 },
    { id: 1, code: 'base', name: 'Main Website', default_group_id: 1 },
  ],
  'GET /V1/store/storeGroups': () => [
    { id: 0, website_id: 0, root_category_id: 0, default_store_id: 0, name: 'Default', code: 'default' },
    { id: 1, website_id: 1, root_category_id: 2, default_store_id: 1, name: 'Main Website Store', code: 'main_website_store' },
  ],
  'GET /V1/store/storeViews': () => [
    { id: 0, code: 'admin', name: 'Admin', website_id: 0, store_group_id: 0, is_active: 1 },
    { id: 1, code: 'default', name: 'Default Store View', website_id: 1, store_group_id: 1, is_active: 1 },
  ],
  'GET /V1/store/storeConfigs': (_, { origin }) => {
    const base = `${origin}/`;
    return [
      {
        id: 1,
        code: 'default',
        website_id: 1,
        locale: 'en_US',
        base_currency_code: 'USD',
        default_display_currency_code: 'USD',
        timezone: 'America/Chicago',
        weight_unit: 'lbs',
        base_url: base,
        base_link_url: base,
        base_static_url: `${base}static/version1700000000/`,
        base_media_url: `${base}media/`,
        secure_base_url: base,
        secure_base_link_url: base,
        secure_base_static_url: `${base}static/version1700000000/`,
        secure_base_media_url: `${base}media/`,
      },
    ];
  },
  'GET /V1/directory/currency': () => ({
    base_currency_code: 'USD',
    base_currency_symbol: '$',
    default_display_currency_code: 'USD',
    default_display_currency_symbol: '$',
    available_currency_codes: ['USD'],
    exchange_rates: [{ currency_to: 'USD', rate: 1 }],
  }),
};
