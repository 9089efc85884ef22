// Where an imported operation goes and what the spec says about it besides its shapes: module (tag and
// path file), edition, access level and idempotency. Rules, not guesses: each is a decision written once.

/** First match wins: [path pattern, tag, path file, edition]. */
const MODULES = [
  [/^\/V1\/tfa\//, 'TwoFactorAuth', 'two-factor-auth.yaml', 'open-source'],
  [/^\/V1\/companyCredits\//, 'CompanyCredit', 'company-credit.yaml', 'b2b'],
  [/^\/V1\/(company|hierarchy|team)\/|^\/V1\/customers\/(companies|\{customerId\}\/companies)/, 'Company', 'company.yaml', 'b2b'],
  [/^\/V1\/sharedCatalog/, 'SharedCatalog', 'shared-catalog.yaml', 'b2b'],
  [/^\/V1\/negotiableQuoteTemplate/, 'NegotiableQuoteTemplate', 'negotiable-quote-template.yaml', 'b2b'],
  [/^\/V1\/(negotiableQuote|negotiable-carts|negotiable-cart-item-note)(\/|$)/, 'NegotiableQuote', 'negotiable-quote.yaml', 'b2b'],
  [/^\/V1\/(purchase-order-carts\/|carts\/mine\/po-payment-information$)/, 'PurchaseOrder', 'purchase-order.yaml', 'b2b'],
  [/^\/V1\/requisition_lists/, 'RequisitionList', 'requisition-list.yaml', 'b2b'],
  [/^\/V1\/(carts\/\{cartId\}|customers\/\{customerId\})\/balance\//, 'CustomerBalance', 'customer-balance.yaml', 'commerce'],
  [/^\/V1\/customers\/\{customerId\}\/token$/, 'LoginAsCustomer', 'login-as-customer.yaml', 'open-source'],
  [/^\/V1\/customers\//, 'Customer', 'customer.yaml', 'open-source'],
  [/^\/V1\/products\/attributes\//, 'Catalog', 'catalog.yaml', 'open-source'],
  [/^\/V1\/import\//, 'ImportApi', 'import.yaml', 'open-source'],
  [/^\/V2\/carts\//, 'Quote', 'quote.yaml', 'open-source'],
  [/^\/V1\/inventory\/(are-products-salable|are-product-salable-for-requested-qty)/, 'InventorySalesApi', 'inventory-sales-api.yaml', 'open-source'],
  [/^\/V1\/inventory\/get-latslngs-from-address/, 'InventoryDistanceBasedSourceSelectionApi', 'inventory-distance-based-source-selection-api.yaml', 'open-source'],
  [/^\/V1\/inventory\/bulk-partial-source-transfer/, 'InventoryCatalogApi', 'inventory-catalog-api.yaml', 'open-source'],
  [/^\/V1\/inventory\/(dump-stock-index-data|export-stock-salable-qty)\//, 'InventoryExportStockApi', 'inventory-export-stock-api.yaml', 'open-source'],
  [/^\/V1\/(inventory\/in-store-pickup\/|order\/notify-orders-are-ready-for-pickup$)/, 'InventoryInStorePickupApi', 'inventory-in-store-pickup-api.yaml', 'open-source'],
  [/^\/V1\/adobestock\//, 'AdobeStock', 'adobe-stock.yaml', 'open-source'],
  [/^\/V1\/(braintree|applepay)\//, 'Braintree', 'braintree.yaml', 'open-source'],
  [/^\/V1\/(payments-config|payments-sdk|payment-order|paypal)\/|^\/V1\/(carts\/mine|guest-carts\/\{cartId\})\/payment-order/, 'PaymentServices', 'payment-services.yaml', 'payment-services'],
  [/^\/V1\/(eventing|adobe_io_events)\//, 'AdobeCommerceEvents', 'eventing.yaml', 'app-builder'],
  [/^\/V1\/webhooks\//, 'AdobeCommerceWebhooks', 'webhooks.yaml', 'app-builder'],
  [/^\/V1\/adminuisdk\//, 'AdminUiSdk', 'admin-ui-sdk.yaml', 'app-builder'],
  // Adobe Commerce as a Cloud Service only (accs-schema.json); the service is the commercial edition.
  [/^\/V1\/customer\/\{customerId\}\/otp$/, 'LoginAsCustomer', 'login-as-customer.yaml', 'commerce'],
  [/^\/V1\/giftcardaccounts(\/|$)/, 'GiftCardAccount', 'gift-card-account.yaml', 'commerce'],
  [/^\/V1\/oope_/, 'OutOfProcessExtensibility', 'out-of-process.yaml', 'commerce'],
  [/^\/V1\/custom-email\//, 'CustomEmail', 'custom-email.yaml', 'commerce'],
  [/^\/V1\/customerSegments\//, 'CustomerSegment', 'customer-segment.yaml', 'commerce'],
  [/^\/V1\/media\//, 'MediaUpload', 'media-upload.yaml', 'commerce'],
  [/^\/V1\/products\/external-media\//, 'ExternalMedia', 'external-media.yaml', 'commerce'],
  [/^\/V1\/(orderChain\/|order-statuses$|orders\/\{orderId\}\/edit\/)/, 'OrderManagement', 'order-management.yaml', 'commerce'],
  [/^\/V1\/carts\/\{cartId\}\/customAttributes$/, 'Quote', 'quote.yaml', 'commerce'],
];

export function moduleOf(path) {
  const hit = MODULES.find(([pattern]) => pattern.test(path));
  return hit ? { tag: hit[1], file: hit[2], edition: hit[3] } : undefined;
}

/** Schema file (schemas/<area>.yaml) for a definition the spec does not have yet: first prefix wins. */
const AREAS = [
  ['asynchronous-operations-', 'asynchronous-operations'],
  ['catalog-inventory-', 'catalog-inventory'],
  ['catalog-', 'catalog'],
  ['cms-', 'cms'],
  ['customer-', 'customer'],
  ['directory-', 'directory'],
  ['eav-', 'eav'],
  ['framework-', 'framework'],
  ['gift-', 'gift'],
  ['inventory-', 'inventory'],
  ['checkout-', 'checkout'],
  ['quote-', 'quote'],
  ['sales-rule-', 'sales-rule'],
  ['sales-', 'sales'],
  ['tax-', 'tax'],
  ['store-', 'store'],
  ['company-', 'b2b'],
  ['negotiable-quote-', 'b2b'],
  ['requisition-list-', 'b2b'],
  ['shared-catalog-', 'b2b'],
  ['purchase-order-', 'b2b'],
  ['payment-services-', 'payments'],
  ['pay-pal-', 'payments'],
  ['adobe-stock-', 'adobe-stock'],
  ['adobe-commerce-', 'app-builder'],
  ['adobe-io-events-', 'app-builder'],
  ['commerce-backend-uix-', 'app-builder'],
  ['import-', 'import'],
  ['', 'misc'],
];
export const areaOf = (name) => AREAS.find(([prefix]) => name.startsWith(prefix))[1];

/**
 * Who may call it: anonymous routes are in the guest document, customer routes in the customer one;
 * a `/mine` route always acts for the signed-in customer, whatever document lists it.
 */
export function accessOf(found, path) {
  if (found.guest) return 'guest';
  if (found.customer || /\/mine(\/|$)/.test(path)) return 'customer';
  return 'admin';
}

// x-idempotent, the rule of docs/design.md: GET and DELETE true; PUT true unless it creates, places,
// submits or acts; POST false unless it only reads or computes. The exceptions, each read and decided:
const PUT_NOT_IDEMPOTENT = new Set([
  // saves a link with no id in the path: a replay can create a second link
  'PUT /V1/negotiableQuoteTemplate/referenceDocumentLink',
  // cloud service: the record is named in the body, not the path; when in doubt, false
  'PUT /V1/oope_observability/subscription',
  'PUT /V1/oope_shipping_carrier',
]);
const POST_READS_ONLY = new Set([
  'POST /V1/negotiable-carts/{cartId}/estimate-shipping-methods',
  'POST /V1/negotiable-carts/{cartId}/estimate-shipping-methods-by-address-id',
  'POST /V1/purchase-order-carts/{cartId}/estimate-shipping-methods',
  'POST /V1/purchase-order-carts/{cartId}/estimate-shipping-methods-by-address-id',
  'POST /V1/inventory/in-store-pickup/pickup-locations/',
  'POST /V1/adminuisdk/appmanagement/validate',
  'POST /V1/paypal/validatePhoneNumber',
  'POST /V1/paypal/lineItems',
]);

export function idempotentOf(key) {
  const method = key.split(' ')[0];
  if (method === 'GET' || method === 'DELETE') return true;
  if (method === 'PUT') return !PUT_NOT_IDEMPOTENT.has(key);
  return POST_READS_ONLY.has(key);
}
