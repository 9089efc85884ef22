/**
 * Every route the fake models, answered and held against the declared types: the answers the fake gives
 * to the corpus questions (stage.ts) and to a tour of the rest (a catalogue, a customer's and a guest's
 * checkout, an order invoiced, shipped, held and cancelled), as the caller receives them, are written into
 * a consumer file and checked by tsc (assignable.ts). Users who test against the fake meet the types
 * production answers are held to.
 */
import { expect, it } from 'vitest';
import { createFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import { modeledRoutes } from '../../src/testing/modeled-routes.ts';
import { rejectedByTypes, type Checked } from './assignable.ts';
import { callerSees, loadWireCorpus } from './corpus.ts';
import { askFake } from './stage.ts';

const BASE = 'https://shop.types.test';
const JANE = { id: 7, email: 'jane@example.com', password: 'pw-jane-1' };
const ADDRESS = { firstname: 'Jane', lastname: 'Doe', street: ['1 Main St'], city: 'Austin', region: 'Texas', region_id: 57, region_code: 'TX', country_id: 'US', postcode: '78701', telephone: '5550100', email: JANE.email };
const SHIPPING = { addressInformation: { shipping_address: ADDRESS, billing_address: ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } };

/** Walks the modeled routes an admin, a customer and a guest use, collecting each 2xx answer under its route key. */
async function tour(): Promise<Checked[]> {
  const fake: FakeCommerce = createFakeCommerce({ seed: { products: 3, customers: 2, orders: 2 }, auth: { customers: [JANE] } });
  const answers: Checked[] = [];
  let token: string | undefined;
  const ask = async (route: string, path: string, body?: unknown): Promise<any> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const method = route.split(' ')[0]!;
    const response = await fake.handle(new Request(`${BASE}/rest/default${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    const json = (await response.json()) as unknown;
    if (response.status !== 200) throw new Error(`${route} (${path}): ${response.status} ${JSON.stringify(json)}`);
    answers.push({ id: `tour ${answers.length + 1} ${route}`, route, body: callerSees({ route, body: json }) });
    return json;
  };
  token = (await (await fake.handle(new Request(`${BASE}/rest/V1/integration/admin/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123!' }) }))).json()) as string;

  await ask('GET /V1/products', '/V1/products?searchCriteria[pageSize]=2');
  await ask('GET /V1/products/{sku}', '/V1/products/SKU-0001');
  await ask('POST /V1/products', '/V1/products', { product: { sku: 'NEW-1', name: 'New one', price: 5 } });
  await ask('PUT /V1/products/{sku}', '/V1/products/NEW-1', { product: { price: 6 } });
  await ask('GET /V1/products/{sku}/media', '/V1/products/NEW-1/media');
  const mediaId = await ask('POST /V1/products/{sku}/media', '/V1/products/NEW-1/media', { entry: { media_type: 'image', label: 'Side', position: 2, disabled: false, types: [] } });
  await ask('GET /V1/products/{sku}/media/{entryId}', `/V1/products/NEW-1/media/${mediaId}`);
  await ask('PUT /V1/products/{sku}/media/{entryId}', `/V1/products/NEW-1/media/${mediaId}`, { entry: { label: 'Back' } });
  await ask('DELETE /V1/products/{sku}/media/{entryId}', `/V1/products/NEW-1/media/${mediaId}`);
  await ask('POST /V1/products/base-prices', '/V1/products/base-prices', { prices: [{ sku: 'NEW-1', price: 7, store_id: 0 }, { sku: 'NOPE', price: 1, store_id: 0 }] });
  await ask('GET /V1/stockItems/{productSku}', '/V1/stockItems/NEW-1');
  await ask('GET /V1/stockStatuses/{productSku}', '/V1/stockStatuses/NEW-1');
  await ask('PUT /V1/products/{productSku}/stockItems/{itemId}', '/V1/products/NEW-1/stockItems/4', { stockItem: { qty: 0 } });
  await ask('GET /V1/stockItems/lowStock/', '/V1/stockItems/lowStock/?scopeId=0&qty=1000');
  await ask('DELETE /V1/products/{sku}', '/V1/products/NEW-1');

  await ask('GET /V1/categories', '/V1/categories');
  await ask('GET /V1/categories/list', '/V1/categories/list?searchCriteria[pageSize]=2');
  await ask('GET /V1/categories/{categoryId}', '/V1/categories/3');
  const made = await ask('POST /V1/categories', '/V1/categories', { category: { name: 'Sale', parent_id: 2 } });
  await ask('PUT /V1/categories/{id}', `/V1/categories/${made.id}`, { category: { name: 'Sales' } });
  await ask('DELETE /V1/categories/{categoryId}', `/V1/categories/${made.id}`);

  await ask('GET /V1/customers/search', '/V1/customers/search?searchCriteria[pageSize]=2');
  await ask('GET /V1/customerGroups/{id}', '/V1/customerGroups/2');
  await ask('GET /V1/customerGroups/default', '/V1/customerGroups/default');
  await ask('GET /V1/customerGroups/default/{storeId}', '/V1/customerGroups/default/1');
  await ask('GET /V1/customerGroups/search', '/V1/customerGroups/search?searchCriteria[pageSize]=2');
  await ask('GET /V1/customers/{customerId}', '/V1/customers/1');
  const customer = await ask('POST /V1/customers', '/V1/customers', { customer: { email: 'new@example.com', firstname: 'New', lastname: 'Customer', addresses: [ADDRESS] } });
  await ask('PUT /V1/customers/{customerId}', `/V1/customers/${customer.id}`, { customer: { lastname: 'Renamed' } });
  await ask('GET /V1/customers/{customerId}/billingAddress', `/V1/customers/${customer.id}/billingAddress`);
  await ask('GET /V1/customers/{customerId}/shippingAddress', `/V1/customers/${customer.id}/shippingAddress`);
  await ask('GET /V1/customers/addresses/{addressId}', `/V1/customers/addresses/${customer.addresses[0].id}`);
  const cartForCustomer = await ask('POST /V1/customers/{customerId}/carts', `/V1/customers/${customer.id}/carts`);
  await ask('GET /V1/carts/{cartId}', `/V1/carts/${cartForCustomer}`);
  await ask('DELETE /V1/customers/{customerId}', `/V1/customers/${customer.id}`);

  const cartId = await ask('POST /V1/carts/', '/V1/carts/');
  await ask('GET /V1/carts/{cartId}/items', `/V1/carts/${cartId}/items`);
  await ask('GET /V1/carts/{cartId}/totals', `/V1/carts/${cartId}/totals`);
  await ask('GET /V1/carts/{cartId}/coupons', `/V1/carts/${cartId}/coupons`);
  await ask('GET /V2/carts/{cartId}/coupons', `/V2/carts/${cartId}/coupons`);
  await ask('POST /V1/carts/{quoteId}/items', `/V1/carts/${cartId}/items`, { cartItem: { sku: 'SKU-0001', qty: 1 } });
  fake.store.coupons.set('TAKE5', { ruleId: 2, percent: 5 });
  await ask('PUT /V1/carts/{cartId}/coupons/{couponCode}', `/V1/carts/${cartId}/coupons/TAKE5`);
  await ask('DELETE /V1/carts/{cartId}/coupons', `/V1/carts/${cartId}/coupons`);

  await ask('GET /V1/orders', '/V1/orders?searchCriteria[pageSize]=2');
  await ask('GET /V1/orders/{id}', '/V1/orders/1');
  await ask('POST /V1/orders/{id}/comments', '/V1/orders/1/comments', { statusHistory: { comment: 'Packed', is_customer_notified: 1, is_visible_on_front: 0 } });
  await ask('GET /V1/orders/{id}/comments', '/V1/orders/1/comments');
  await ask('GET /V1/orders/{id}/statuses', '/V1/orders/1/statuses');
  await ask('POST /V1/orders/{id}/hold', '/V1/orders/2/hold');
  await ask('POST /V1/orders/{id}/unhold', '/V1/orders/2/unhold');
  await ask('POST /V1/orders/{id}/cancel', '/V1/orders/2/cancel');
  const invoiceId = await ask('POST /V1/order/{orderId}/invoice', '/V1/order/1/invoice', {});
  const shipmentId = await ask('POST /V1/order/{orderId}/ship', '/V1/order/1/ship', {});
  await ask('GET /V1/invoices', '/V1/invoices');
  await ask('GET /V1/invoices/{id}', `/V1/invoices/${invoiceId}`);
  await ask('GET /V1/shipments', '/V1/shipments');
  await ask('GET /V1/shipment/{id}', `/V1/shipment/${shipmentId}`);

  for (const route of ['GET /V1/inventory/sources', 'GET /V1/inventory/stocks', 'GET /V1/inventory/stock-source-links', 'GET /V1/inventory/source-items', 'GET /V1/inventory/source-selection-algorithm-list']) await ask(route, route.slice(4));
  await ask('GET /V1/inventory/sources/{sourceCode}', '/V1/inventory/sources/default');
  await ask('GET /V1/inventory/stocks/{stockId}', '/V1/inventory/stocks/1');
  await ask('GET /V1/inventory/get-sources-assigned-to-stock-ordered-by-priority/{stockId}', '/V1/inventory/get-sources-assigned-to-stock-ordered-by-priority/1');
  await ask('GET /V1/inventory/stock-resolver/{type}/{code}', '/V1/inventory/stock-resolver/website/base');
  await ask('GET /V1/inventory/is-product-salable-for-requested-qty/{sku}/{stockId}/{requestedQty}', '/V1/inventory/is-product-salable-for-requested-qty/SKU-0001/1/500');
  await ask('GET /V1/inventory/are-products-salable', '/V1/inventory/are-products-salable?skus[0]=SKU-0001&skus[1]=SKU-0002&stockId=1');
  for (const route of ['GET /V1/modules', 'GET /V1/store/websites', 'GET /V1/store/storeGroups', 'GET /V1/store/storeViews', 'GET /V1/store/storeConfigs', 'GET /V1/directory/currency']) await ask(route, route.slice(4));

  // A customer: account, cart, checkout, and a second cart placed with PUT …/order.
  token = (await (await fake.handle(new Request(`${BASE}/rest/V1/integration/customer/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: JANE.email, password: JANE.password }) }))).json()) as string;
  await ask('GET /V1/customers/me', '/V1/customers/me');
  await ask('PUT /V1/customers/me', '/V1/customers/me', { customer: { firstname: 'Janet' } });
  await ask('GET /V1/customers/me/billingAddress', '/V1/customers/me/billingAddress');
  await ask('GET /V1/customers/me/shippingAddress', '/V1/customers/me/shippingAddress');
  await checkout(ask, '/V1/carts/mine', 'POST /V1/carts/mine', '/V1/carts/mine');
  await ask('GET /V2/carts/mine/coupons', '/V2/carts/mine/coupons');
  await ask('POST /V1/carts/mine/payment-information', '/V1/carts/mine/payment-information', { paymentMethod: { method: 'checkmo' } });
  await ask('POST /V1/carts/mine', '/V1/carts/mine');
  await ask('POST /V1/carts/mine/items', '/V1/carts/mine/items', { cartItem: { sku: 'SKU-0002', qty: 1 } });
  await ask('POST /V1/carts/mine/shipping-information', '/V1/carts/mine/shipping-information', SHIPPING);
  await ask('PUT /V1/carts/mine/order', '/V1/carts/mine/order', { paymentMethod: { method: 'checkmo' } });
  // A coupon on a new cart, then taken off.
  await ask('POST /V1/carts/mine', '/V1/carts/mine');
  await ask('POST /V1/carts/mine/items', '/V1/carts/mine/items', { cartItem: { sku: 'SKU-0001', qty: 1 } });
  fake.store.coupons.set('SAVE10', { ruleId: 1, percent: 10 });
  await ask('PUT /V1/carts/mine/coupons/{couponCode}', '/V1/carts/mine/coupons/SAVE10');
  await ask('GET /V1/carts/mine/totals', '/V1/carts/mine/totals');
  await ask('DELETE /V1/carts/mine/coupons', '/V1/carts/mine/coupons');

  // A guest.
  token = undefined;
  const masked = await ask('POST /V1/guest-carts', '/V1/guest-carts');
  await checkout(ask, `/V1/guest-carts/${masked}`, undefined, '/V1/guest-carts/{cartId}');
  await ask('POST /V1/guest-carts/{cartId}/payment-information', `/V1/guest-carts/${masked}/payment-information`, { email: 'guest@example.com', paymentMethod: { method: 'checkmo' } });
  const second = await ask('POST /V1/guest-carts', '/V1/guest-carts');
  await ask('POST /V1/guest-carts/{cartId}/items', `/V1/guest-carts/${second}/items`, { cartItem: { sku: 'SKU-0001', qty: 1 } });
  await ask('POST /V1/guest-carts/{cartId}/shipping-information', `/V1/guest-carts/${second}/shipping-information`, SHIPPING);
  await ask('PUT /V1/guest-carts/{cartId}/order', `/V1/guest-carts/${second}/order`, { paymentMethod: { method: 'checkmo' } });
  return answers;
}

/** A cart's reads and writes up to shipping, on the customer's cart or a guest's (`template` is the route's path). */
async function checkout(ask: (route: string, path: string, body?: unknown) => Promise<any>, path: string, create: string | undefined, template: string): Promise<void> {
  if (create) await ask(create, path);
  await ask(`GET ${template}`, path);
  const first = await ask(`POST ${template}/items`, `${path}/items`, { cartItem: { sku: 'SKU-0001', qty: 1 } });
  const second = await ask(`POST ${template}/items`, `${path}/items`, { cartItem: { sku: 'SKU-0002', qty: 1 } });
  await ask(`PUT ${template}/items/{itemId}`, `${path}/items/${first.item_id}`, { cartItem: { qty: 2 } });
  await ask(`DELETE ${template}/items/{itemId}`, `${path}/items/${second.item_id}`);
  await ask(`GET ${template}/items`, `${path}/items`);
  await ask(`GET ${template}/totals`, `${path}/totals`);
  await ask(`GET ${template}/billing-address`, `${path}/billing-address`);
  await ask(`POST ${template}/billing-address`, `${path}/billing-address`, { address: ADDRESS });
  await ask(`GET ${template}/payment-methods`, `${path}/payment-methods`);
  await ask(`POST ${template}/estimate-shipping-methods`, `${path}/estimate-shipping-methods`, { address: ADDRESS });
  await ask(`POST ${template}/shipping-information`, `${path}/shipping-information`, SHIPPING);
  await ask(`PUT ${template}/collect-totals`, `${path}/collect-totals`, { paymentMethod: { method: 'checkmo' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' });
  await ask(`GET ${template}/shipping-methods`, `${path}/shipping-methods`);
  await ask(`GET ${template}/coupons`, `${path}/coupons`);
}

it('every modeled route\'s answer is assignable to its declared output', { timeout: 300_000 }, async () => {
  const answers = await tour();
  for (const sample of loadWireCorpus()) {
    if (!(sample.route in modeledRoutes)) continue;
    const asked = await askFake(sample);
    if (asked.status < 300) answers.push({ id: `corpus ${sample.id}`, route: sample.route, ...(sample.fields === undefined ? {} : { fields: sample.fields }), body: callerSees({ route: sample.route, body: asked.body }) });
  }
  // Every modeled route answered at least once.
  const answered = new Set(answers.map((a) => a.route));
  expect(Object.keys(modeledRoutes).filter((route) => !answered.has(route))).toEqual([]);
  const { rejected, status, output } = rejectedByTypes(answers, 'fake-answers');
  const report = [...rejected].map(([id, why]) => `${id}\n    ${why.join('\n    ')}`).join('\n');
  expect(report, `${rejected.size} of ${answers.length} answers rejected by their declared types`).toBe('');
  expect(status, output.slice(0, 2000)).toBe(0);
});
