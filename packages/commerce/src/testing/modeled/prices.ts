/**
 * The price storages (`Catalog/Model/Product/Price/*Storage.php`, 2.2+): a product's base price, cost,
 * special price and tier prices read by SKU from the product's attributes. SKUs of no product are left
 * out (`InvalidSkuProcessor::filterSkuList` drops them before the read), and a product without a cost or
 * special price gives no row. Prices are global (store 0, website 0) as on a default installation.
 * Custom options (`ProductCustomOptionRepository::save`) are added to the product's `options`.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { GROUPS } from './customers.ts';
import { objectField, required } from './support.ts';

/** The tier price of every customer group (`GroupInterface::CUST_GROUP_ALL`). */
const ALL_GROUPS = 32000;

function productsOf(store: FakeStore, input: Record<string, unknown>): Entity[] {
  const skus = input['skus'];
  if (!Array.isArray(skus)) throw required('skus');
  return skus.map((sku) => store.products.get(String(sku))).filter((product): product is Entity => product !== undefined);
}

/** An EAV attribute's value from `custom_attributes` (where a product keeps `cost`, `special_price`, …). */
export function attributeOf(product: Entity, code: string): unknown {
  return ((product['custom_attributes'] ?? []) as Entity[]).find((a) => a['attribute_code'] === code)?.['value'];
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A date attribute as the storage writes it (`2017-07-15 00:00:00`). */
const dateTime = (value: unknown) => (String(value).length === 10 ? `${String(value)} 00:00:00` : String(value));

function tierPrices(product: Entity): Entity[] {
  return ((product['tier_prices'] ?? []) as Entity[]).map((tier) => {
    const extension = (tier['extension_attributes'] ?? {}) as Entity;
    const percentage = extension['percentage_value'];
    const groupId = Number(tier['customer_group_id'] ?? ALL_GROUPS);
    return {
      price: present(percentage) ? Number(percentage) : Number(tier['value']),
      price_type: present(percentage) ? 'discount' : 'fixed',
      website_id: Number(extension['website_id'] ?? 0),
      sku: product['sku'],
      customer_group: groupId === ALL_GROUPS ? 'ALL GROUPS' : (GROUPS.find((g) => g.id === groupId)?.code ?? String(groupId)),
      quantity: Number(tier['qty']),
    };
  });
}

/** `ProductCustomOptionRepository::save`: the option joins its product's `options`, with an id. */
function saveOption(store: FakeStore, input: Record<string, unknown>, nextId: () => number): Entity {
  const given = objectField(input, 'option');
  const sku = given['product_sku'];
  if (typeof sku !== 'string' || !sku) throw required('product_sku');
  const product = store.products.get(sku);
  if (!product) throw new PlatformError(404, MESSAGES.productMissing);
  if (!given['title']) throw required('title');
  if (!given['type']) throw required('type');
  const option: Entity = { ...given, product_sku: sku, option_id: nextId(), is_require: Boolean(given['is_require'] ?? true), sort_order: Number(given['sort_order'] ?? 0) };
  if (option['price'] !== undefined) option['price'] = Number(option['price']);
  product['options'] = [...((product['options'] ?? []) as Entity[]), option];
  return option;
}

export const priceHandlers: Record<string, ModeledHandler> = {
  'POST /V1/products/base-prices-information': (input, { store }) => productsOf(store, input).map((p) => ({ price: Number(p['price'] ?? 0), store_id: 0, sku: p['sku'] })),
  'POST /V1/products/cost-information': (input, { store }) => productsOf(store, input).filter((p) => present(attributeOf(p, 'cost'))).map((p) => ({ cost: Number(attributeOf(p, 'cost')), store_id: 0, sku: p['sku'] })),
  'POST /V1/products/special-price-information': (input, { store }) =>
    productsOf(store, input)
      .filter((p) => present(attributeOf(p, 'special_price')))
      .map((p) => ({
        price: Number(attributeOf(p, 'special_price')),
        store_id: 0,
        sku: p['sku'],
        ...(present(attributeOf(p, 'special_from_date')) ? { price_from: dateTime(attributeOf(p, 'special_from_date')) } : {}),
        ...(present(attributeOf(p, 'special_to_date')) ? { price_to: dateTime(attributeOf(p, 'special_to_date')) } : {}),
      })),
  'POST /V1/products/tier-prices-information': (input, { store }) => productsOf(store, input).flatMap(tierPrices),
  'POST /V1/products/options': (input, { store }) => saveOption(store, input, () => store.nextId('option')),
};
