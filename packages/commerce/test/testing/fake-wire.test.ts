// The fake answers the way the platform's serializer writes (docs/platform-behaviour.md, "What the fake
// sends"): full records with nulls for unset non-nullable fields, uncast scalar results, the platform's
// errors for unknown records, and no placeholder presented as data.
import { describe, expect, it } from 'vitest';
import { createFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';

const BASE = 'https://shop.wire.test';
const JANE = { id: 7, email: 'jane@example.com', password: 'pw-jane-1' };

async function call(fake: FakeCommerce, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fake.handle(new Request(`${BASE}/rest/default${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function customerToken(fake: FakeCommerce): Promise<string> {
  const { json } = await call(fake, 'POST', '/V1/integration/customer/token', { username: JANE.email, password: JANE.password });
  return json as string;
}

async function adminToken(fake: FakeCommerce): Promise<string> {
  const { json } = await call(fake, 'POST', '/V1/integration/admin/token', { username: 'admin', password: 'admin123!' });
  return json as string;
}

const ADDRESS = { firstname: 'Jane', lastname: 'Doe', street: ['1 Main St'], city: 'Austin', region: 'Texas', region_id: 57, region_code: 'TX', country_id: 'US', postcode: '78701', telephone: '5550100', email: JANE.email };

/** Every string value in a body, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the fake sends records as the platform writes them', () => {
  it('a product carries its stock item (with nulls for unset non-nullable fields), websites, categories, custom attributes and media', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2 } });
    const { status, json } = await call(fake, 'GET', '/V1/products/SKU-0001');
    expect(status).toBe(200);
    const product = json as Record<string, any>;
    expect(Object.keys(product.extension_attributes)).toEqual(['website_ids', 'category_links', 'stock_item']);
    expect(product.extension_attributes.stock_item).toMatchObject({ product_id: product.id, qty: 100, is_in_stock: true, low_stock_date: null, use_config_min_sale_qty: 1 });
    expect(product.extension_attributes.category_links).toEqual([{ position: 0, category_id: '3' }]);
    const attributes = Object.fromEntries((product.custom_attributes as { attribute_code: string; value: unknown }[]).map((a) => [a.attribute_code, a.value]));
    expect(attributes).toMatchObject({ url_key: 'product-1', tax_class_id: '2', category_ids: ['3'] });
    expect(product.media_gallery_entries[0]).toMatchObject({ media_type: 'image', label: null, disabled: false, types: ['image', 'small_image', 'thumbnail'] });
    // Nullable getters with no value are left out, never written as null.
    expect(Object.entries(product).filter(([, v]) => v === null)).toEqual([]);
  });

  it('an order carries its items, billing address, payment (with the offline method\'s nulls), histories and shipping assignments', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2, customers: 1, orders: 1 } });
    const order = (await call(fake, 'GET', '/V1/orders/1')).json as Record<string, any>;
    expect(order).toMatchObject({ entity_id: 1, increment_id: '00000001', grand_total: 10, customer_id: 1, customer_is_guest: 0, state: 'new', status: 'pending', status_histories: [] });
    expect(order.items[0]).toMatchObject({ sku: 'SKU-0001', qty_ordered: 1, order_id: 1 });
    expect(order.billing_address).toMatchObject({ address_type: 'billing', parent_id: 1, email: 'customer1@example.com', country_id: 'US' });
    expect(order.payment).toMatchObject({ method: 'checkmo', account_status: null, cc_last4: null, additional_information: ['Check / Money order'] });
    const assignment = order.extension_attributes.shipping_assignments[0];
    expect(assignment.shipping).toMatchObject({ method: 'freeshipping_freeshipping', address: { address_type: 'shipping' } });
    expect(assignment.items).toHaveLength(1);
    expect(order.extension_attributes.payment_additional_info).toEqual([{ key: 'method_title', value: 'Check / Money order' }]);
  });

  it('a customer carries an address book, default address ids as strings and is_subscribed', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { customers: 1 } });
    const customer = (await call(fake, 'GET', '/V1/customers/1')).json as Record<string, any>;
    expect(customer).toMatchObject({ id: 1, default_billing: '1', default_shipping: '1', email: 'customer1@example.com', extension_attributes: { is_subscribed: false } });
    expect(customer.addresses[0]).toMatchObject({ id: 1, customer_id: 1, default_billing: true, region: { region_code: 'TX', region_id: 57 } });
  });
});

describe('the fake answers scalar results uncast, and a customer\'s checkout end to end', () => {
  it('cart id, billing address id, order id, invoice id, shipment id and media id arrive as strings; totals carry weee nulls', async () => {
    const fake = createFakeCommerce({ seed: { products: 2 }, auth: { customers: [JANE] } });
    const token = await customerToken(fake);
    const me = (await call(fake, 'GET', '/V1/customers/me', undefined, token)).json as Record<string, unknown>;
    expect(me).toMatchObject({ id: 7, email: JANE.email });

    const created = await call(fake, 'POST', '/V1/carts/mine', undefined, token);
    expect(created.json).toMatch(/^\d+$/);
    // The customer's active cart is answered again, not a second one.
    expect((await call(fake, 'POST', '/V1/carts/mine', undefined, token)).json).toBe(created.json);
    const cart = (await call(fake, 'GET', '/V1/carts/mine', undefined, token)).json as Record<string, any>;
    expect(cart).toMatchObject({ id: Number(created.json), customer: { id: 7, email: JANE.email }, currency: { base_currency_code: 'USD' }, billing_address: { city: null, postcode: null, email: JANE.email }, customer_is_guest: false });

    const item = (await call(fake, 'POST', '/V1/carts/mine/items', { cartItem: { sku: 'SKU-0002', qty: 2, quote_id: created.json } }, token)).json;
    expect(item).toMatchObject({ sku: 'SKU-0002', qty: 2, quote_id: created.json, price: 12 });
    const totals = (await call(fake, 'GET', '/V1/carts/mine/totals', undefined, token)).json as Record<string, any>;
    expect(totals).toMatchObject({ grand_total: 24, weee_tax_applied_amount: null, items: [{ options: '[]', weee_tax_applied: null, weee_tax_applied_amount: null }] });

    const details = (await call(fake, 'POST', '/V1/carts/mine/shipping-information', { addressInformation: { shipping_address: ADDRESS, billing_address: ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } }, token)).json as Record<string, any>;
    expect(details.totals.grand_total).toBe(34);
    expect(details.payment_methods.map((m: { code: string }) => m.code)).toContain('checkmo');
    const orderId = (await call(fake, 'POST', '/V1/carts/mine/payment-information', { paymentMethod: { method: 'checkmo' } }, token)).json;
    expect(orderId).toMatch(/^\d+$/);
    // The cart is no longer active.
    expect((await call(fake, 'GET', '/V1/carts/mine', undefined, token)).json).toEqual({ message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'customerId', fieldValue: 7 } });

    const admin = await adminToken(fake);
    const order = (await call(fake, 'GET', `/V1/orders/${orderId}`, undefined, admin)).json as Record<string, any>;
    expect(order).toMatchObject({ customer_id: 7, grand_total: 34, shipping_amount: 10, items: [{ sku: 'SKU-0002', qty_ordered: 2 }], billing_address: { city: 'Austin' } });
    const invoiceId = (await call(fake, 'POST', `/V1/order/${orderId}/invoice`, {}, admin)).json;
    expect(invoiceId).toMatch(/^\d+$/);
    const shipmentId = (await call(fake, 'POST', `/V1/order/${orderId}/ship`, {}, admin)).json;
    expect(shipmentId).toMatch(/^\d+$/);
    expect((await call(fake, 'GET', `/V1/orders/${orderId}`, undefined, admin)).json).toMatchObject({ state: 'complete', total_paid: 34 });
    expect((await call(fake, 'GET', `/V1/invoices/${invoiceId}`, undefined, admin)).json).toMatchObject({ order_id: Number(orderId), grand_total: 34, items: [{ sku: 'SKU-0002', qty: 2 }] });
    expect((await call(fake, 'GET', `/V1/shipment/${shipmentId}`, undefined, admin)).json).toMatchObject({ order_id: Number(orderId), total_qty: 2 });
    const again = await call(fake, 'POST', `/V1/order/${orderId}/invoice`, {}, admin);
    expect(again.status).toBe(400);

    const mediaId = (await call(fake, 'POST', '/V1/products/SKU-0001/media', { entry: { media_type: 'image', label: 'Side', position: 2, disabled: false, types: [], content: { base64_encoded_data: 'AA==', type: 'image/jpeg', name: 'side.jpg' } } }, admin)).json;
    expect(mediaId).toMatch(/^\d+$/);
    expect((await call(fake, 'GET', `/V1/products/SKU-0001/media/${mediaId}`, undefined, admin)).json).toMatchObject({ id: Number(mediaId), label: 'Side' });
  });

  it('a method that returns null answers []: a customer without a default billing address', async () => {
    const fake = createFakeCommerce({ auth: false });
    await call(fake, 'POST', '/V1/customers', { customer: { email: 'no-book@example.com', firstname: 'No', lastname: 'Book' } });
    expect(await call(fake, 'GET', '/V1/customers/1/billingAddress')).toEqual({ status: 200, json: [] });
  });
});

describe('the fake answers unknown records with the platform\'s errors', () => {
  it('a guest cart: created with a 32-character masked id, unknown ones 404 with cartId = null', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1 } });
    const masked = (await call(fake, 'POST', '/V1/guest-carts')).json as string;
    expect(masked).toMatch(/^[A-Za-z0-9]{32}$/);
    const cart = (await call(fake, 'GET', `/V1/guest-carts/${masked}`)).json as Record<string, any>;
    expect(cart.customer).toEqual({ email: null, firstname: null, lastname: null });
    expect(cart.customer_is_guest).toBe(true);
    for (const path of ['/V1/guest-carts/nope', '/V1/guest-carts/nope/items', '/V1/guest-carts/nope/totals']) {
      expect(await call(fake, 'GET', path)).toEqual({ status: 404, json: { message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'cartId', fieldValue: null } } });
    }
  });

  it('orders, invoices and shipments by unknown id; customers, categories and carts with the id as sent', async () => {
    const fake = createFakeCommerce({ auth: false });
    const missing = { message: "The entity that was requested doesn't exist. Verify the entity and try again." };
    expect(await call(fake, 'GET', '/V1/orders/99')).toEqual({ status: 404, json: missing });
    expect(await call(fake, 'GET', '/V1/invoices/99')).toEqual({ status: 404, json: missing });
    expect(await call(fake, 'GET', '/V1/shipment/99')).toEqual({ status: 404, json: missing });
    expect(await call(fake, 'POST', '/V1/order/99/invoice', {})).toEqual({ status: 404, json: missing });
    expect(await call(fake, 'GET', '/V1/customers/99')).toEqual({ status: 404, json: { message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'customerId', fieldValue: 99 } } });
    expect(await call(fake, 'GET', '/V1/carts/99')).toEqual({ status: 404, json: { message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'cartId', fieldValue: 99 } } });
    expect(await call(fake, 'GET', '/V1/stockItems/NOPE')).toEqual({ status: 404, json: { message: "The product that was requested doesn't exist. Verify the product and try again." } });
  });

  it('`me` and `mine` routes without a customer token are refused for the self resource, never answered with a made-up account', async () => {
    const fake = createFakeCommerce({ seed: { products: 1 } });
    const admin = await adminToken(fake);
    expect(await call(fake, 'GET', '/V1/customers/me', undefined, admin)).toMatchObject({ status: 401 });
    const open = createFakeCommerce({ auth: false });
    expect(await call(open, 'GET', '/V1/customers/me')).toEqual({ status: 401, json: { message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } } });
    expect(await call(open, 'POST', '/V1/carts/mine')).toMatchObject({ status: 401 });
  });
});

describe('the fake presents no placeholder as data', () => {
  it('a route it does not model is refused with 501 naming the route; a search of records it does not keep is an empty page', async () => {
    const fake = createFakeCommerce({ auth: false });
    expect(await call(fake, 'GET', '/V1/taxRates/1')).toEqual({ status: 501, json: { message: expect.stringContaining('does not model %route') as unknown, parameters: { route: 'GET /V1/taxRates/{rateId}' } } });
    expect(await call(fake, 'POST', '/V1/taxRates', { taxRate: {} })).toMatchObject({ status: 501 });
    expect(await call(fake, 'GET', '/V1/taxRates/search?searchCriteria[pageSize]=5')).toEqual({ status: 200, json: { items: [], search_criteria: { filter_groups: [], page_size: 5 }, total_count: 0 } });
  });

  it('no answer of a modeled route carries the example value "string"', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2, customers: 2, orders: 2 } });
    const bodies = await Promise.all(['/V1/products/SKU-0001', '/V1/products', '/V1/orders/1', '/V1/orders', '/V1/customers/1', '/V1/customers/search', '/V1/categories/3', '/V1/categories', '/V1/stockItems/SKU-0001', '/V1/store/storeConfigs', '/V1/modules'].map((path) => call(fake, 'GET', path)));
    for (const body of bodies) expect(body.status).toBe(200);
    expect(bodies.flatMap((b) => strings(b.json)).filter((s) => s === 'string')).toEqual([]);
  });
});

describe('the routes the wire corpus asks about, beyond its questions', () => {
  it('coupons: refused on a cart without products and for a code no rule has; applied, they take the rule\'s percentage off the totals, and come off again', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1 } });
    const masked = (await call(fake, 'POST', '/V1/guest-carts')).json as string;
    fake.store.coupons.set('TEN', { ruleId: 1, percent: 10 });
    expect(await call(fake, 'PUT', `/V1/guest-carts/${masked}/coupons/TEN`)).toMatchObject({ status: 404, json: { message: 'The "%1" Cart doesn\'t contain products.' } });
    await call(fake, 'POST', `/V1/guest-carts/${masked}/items`, { cartItem: { sku: 'SKU-0001', qty: 2 } });
    expect(await call(fake, 'PUT', `/V1/guest-carts/${masked}/coupons/NOPE`)).toMatchObject({ status: 404, json: { message: "The coupon code isn't valid. Verify the code and try again." } });
    expect(await call(fake, 'GET', `/V1/guest-carts/${masked}/coupons`)).toEqual({ status: 200, json: [] });
    expect(await call(fake, 'PUT', `/V1/guest-carts/${masked}/coupons/TEN`)).toEqual({ status: 200, json: true });
    expect(await call(fake, 'GET', `/V1/guest-carts/${masked}/coupons`)).toEqual({ status: 200, json: 'TEN' });
    const totals = (await call(fake, 'GET', `/V1/guest-carts/${masked}/totals`)).json as Record<string, any>;
    expect(totals).toMatchObject({ subtotal: 22, discount_amount: -2.2, grand_total: 19.8, coupon_code: 'TEN' });
    expect(totals.total_segments).toContainEqual({ code: 'discount', title: 'Discount (TEN)', value: -2.2 });
    // No shipping method chosen yet: the shipping segment is there, its value null.
    expect(totals.total_segments).toContainEqual({ code: 'shipping', title: 'Shipping & Handling', value: null });
    expect(await call(fake, 'DELETE', `/V1/guest-carts/${masked}/coupons`)).toEqual({ status: 200, json: true });
    expect((await call(fake, 'GET', `/V1/guest-carts/${masked}/totals`)).json).toMatchObject({ discount_amount: 0, grand_total: 22 });
  });

  it('an order placed from a cart with a coupon carries the discount, the code and its rule', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1 } });
    fake.store.coupons.set('TEN', { ruleId: 4, percent: 10 });
    const masked = (await call(fake, 'POST', '/V1/guest-carts')).json as string;
    await call(fake, 'POST', `/V1/guest-carts/${masked}/items`, { cartItem: { sku: 'SKU-0001', qty: 2 } });
    await call(fake, 'PUT', `/V1/guest-carts/${masked}/coupons/TEN`);
    await call(fake, 'POST', `/V1/guest-carts/${masked}/shipping-information`, { addressInformation: { shipping_address: ADDRESS, billing_address: ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } });
    const orderId = (await call(fake, 'PUT', `/V1/guest-carts/${masked}/order`, { paymentMethod: { method: 'checkmo' } })).json as string;
    const order = (await call(fake, 'GET', `/V1/orders/${orderId}`)).json as Record<string, any>;
    expect(order).toMatchObject({ subtotal: 22, discount_amount: -2.2, shipping_amount: 10, grand_total: 29.8, coupon_code: 'TEN', discount_description: 'TEN', applied_rule_ids: '4' });
    expect(order.items[0]).toMatchObject({ discount_amount: 2.2, discount_percent: 10, applied_rule_ids: '4' });
  });

  it('tax: none on a fresh installation; with a rate for the address, the rows are taxed after their discount, the tax segment details the rate, and the order carries its applied taxes', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1 } });
    const shipTo = { addressInformation: { shipping_address: ADDRESS, billing_address: ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } };
    const masked = (await call(fake, 'POST', '/V1/guest-carts')).json as string;
    await call(fake, 'POST', `/V1/guest-carts/${masked}/items`, { cartItem: { sku: 'SKU-0001', qty: 2 } });
    expect(((await call(fake, 'POST', `/V1/guest-carts/${masked}/shipping-information`, shipTo)).json as Record<string, any>).totals).toMatchObject({ tax_amount: 0, grand_total: 32 });
    fake.store.taxRates.push({ code: 'US-TX-*-Rate 1', country_id: 'US', region_id: 57, percent: 8.25 });
    fake.store.coupons.set('TEN', { ruleId: 4, percent: 10 });
    await call(fake, 'PUT', `/V1/guest-carts/${masked}/coupons/TEN`);
    const totals = (await call(fake, 'GET', `/V1/guest-carts/${masked}/totals`)).json as Record<string, any>;
    // 22 less 2.20 discount, taxed at 8.25 %: 1.63; shipping 10.
    expect(totals).toMatchObject({ subtotal: 22, discount_amount: -2.2, tax_amount: 1.63, subtotal_incl_tax: 23.82, grand_total: 31.43 });
    expect(totals.items[0]).toMatchObject({ tax_amount: 1.63, tax_percent: 8.25, price_incl_tax: 11.91 });
    expect(totals.total_segments).toContainEqual({ code: 'tax', title: 'Tax', value: 1.63, area: 'taxes', extension_attributes: { tax_grandtotal_details: [{ amount: 1.63, rates: [{ percent: '8.25', title: 'US-TX-*-Rate 1' }], group_id: 1 }] } });
    const orderId = (await call(fake, 'PUT', `/V1/guest-carts/${masked}/order`, { paymentMethod: { method: 'checkmo' } })).json as string;
    const order = (await call(fake, 'GET', `/V1/orders/${orderId}`)).json as Record<string, any>;
    expect(order).toMatchObject({ tax_amount: 1.63, grand_total: 31.43 });
    const applied = { code: 'US-TX-*-Rate 1', title: 'US-TX-*-Rate 1', percent: 8.25, amount: 1.63, base_amount: 1.63 };
    expect(order.extension_attributes).toMatchObject({ applied_taxes: [applied], item_applied_taxes: [{ type: 'product', item_id: order.items[0].item_id, applied_taxes: [applied] }], converting_from_quote: true });
  });

  it('a canceled order records what was not invoiced as canceled, and its items what was left to ship', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1, orders: 1 } });
    expect((await call(fake, 'POST', '/V1/orders/1/cancel')).json).toBe(true);
    const order = (await call(fake, 'GET', '/V1/orders/1')).json as Record<string, any>;
    expect(order).toMatchObject({ state: 'canceled', subtotal_canceled: 10, base_subtotal_canceled: 10, shipping_canceled: 0, tax_canceled: 0, discount_canceled: 0, total_canceled: 10, base_total_canceled: 10 });
    expect(order.items[0]).toMatchObject({ qty_canceled: 1, tax_canceled: 0, discount_tax_compensation_canceled: 0 });
  });

  it('an order saved by id answers the object the request built (nulls for the non-nullable getters not given) and keeps the change; without an id it is not modeled', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1, orders: 1 } });
    const saved = (await call(fake, 'POST', '/V1/orders', { entity: { entity_id: '1', state: 'canceled', status: 'canceled' } })).json as Record<string, any>;
    expect(saved).toMatchObject({ entity_id: 1, state: 'canceled', status: 'canceled', base_grand_total: null, grand_total: null, customer_email: null, status_histories: [] });
    expect(saved.items[0]).toMatchObject({ sku: 'SKU-0001' });
    expect(saved).not.toHaveProperty('extension_attributes');
    expect((await call(fake, 'GET', '/V1/orders/1')).json).toMatchObject({ state: 'canceled', status: 'canceled', grand_total: 10 });
    expect(await call(fake, 'POST', '/V1/orders', { entity: { state: 'new' } })).toMatchObject({ status: 501, json: { parameters: { route: 'POST /V1/orders/', case: 'an order without entity_id' } } });
  });

  it('a shipment track is saved on its shipment; one on no shipment, or without a number, is refused as the repository refuses it', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 1, orders: 1 } });
    const shipmentId = Number((await call(fake, 'POST', '/V1/order/1/ship', {})).json);
    const track = { order_id: '1', parent_id: String(shipmentId), weight: 0, qty: 1, track_number: 'XYZ', title: 'Parcel', carrier_code: 'ups' };
    const refused = { status: 400, json: { message: 'Could not save the shipment tracking.' } };
    expect(await call(fake, 'POST', '/V1/shipment/track', { entity: { ...track, track_number: '' } })).toEqual(refused);
    expect(await call(fake, 'POST', '/V1/shipment/track', { entity: { ...track, parent_id: '999' } })).toEqual(refused);
    const saved = (await call(fake, 'POST', '/V1/shipment/track', { entity: track })).json as Record<string, unknown>;
    expect(saved).toMatchObject({ order_id: 1, parent_id: shipmentId, track_number: 'XYZ', carrier_code: 'ups' });
    expect(((await call(fake, 'GET', `/V1/shipment/${shipmentId}`)).json as { tracks: unknown[] }).tracks).toEqual([saved]);
  });

  it('low stock: one missing parameter is refused alone, two as an input exception listing each; with both, the stock items under the quantity', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2 } });
    await call(fake, 'PUT', '/V1/products/SKU-0002/stockItems/2', { stockItem: { qty: 3 } });
    expect(await call(fake, 'GET', '/V1/stockItems/lowStock/?scopeId=0')).toEqual({ status: 400, json: { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'qty' } } });
    const both = await call(fake, 'GET', '/V1/stockItems/lowStock/');
    expect(both).toEqual({ status: 400, json: { message: 'One or more input exceptions have occurred.', errors: ['scopeId', 'qty'].map((fieldName) => ({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName } })) } });
    const low = (await call(fake, 'GET', '/V1/stockItems/lowStock/?scopeId=0&qty=10')).json as { items: { product_id: number }[]; total_count: number };
    expect(low.items.map((i) => i.product_id)).toEqual([2]);
  });

  it('the offline geocoder answers from the geonames the installation imported, by postcode, then city; none is 404 naming the address', async () => {
    const fake = createFakeCommerce({ auth: false });
    const ask = (query: string) => call(fake, 'GET', `/V1/inventory/get-latlng-from-address?${query}`);
    expect(await ask('address[country]=US&address[postcode]=78701&address[city]=Austin')).toEqual({ status: 404, json: { message: 'Unknown geoname for %1', parameters: [' 78701  Austin US'] } });
    fake.store.inventory.geonames.push({ country_code: 'US', postcode: '78701', city: 'Austin', region: 'TX', latitude: 30.27, longitude: -97.74 });
    expect((await ask('address[country]=US&address[postcode]=78701')).json).toEqual({ lat: 30.27, lng: -97.74 });
    expect((await ask('address[country]=US&address[postcode]=00000&address[city]=Aus')).json).toEqual({ lat: 30.27, lng: -97.74 });
  });

  it('price information leaves out SKUs of no product and products without the price asked for', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2 } });
    await call(fake, 'PUT', '/V1/products/SKU-0001', { product: { custom_attributes: [{ attribute_code: 'cost', value: '4.5' }] } });
    expect((await call(fake, 'POST', '/V1/products/cost-information', { skus: ['SKU-0001', 'SKU-0002', 'NOPE'] })).json).toEqual([{ cost: 4.5, store_id: 0, sku: 'SKU-0001' }]);
    expect((await call(fake, 'POST', '/V1/products/base-prices-information', { skus: ['SKU-0002', 'NOPE'] })).json).toEqual([{ price: 12, store_id: 0, sku: 'SKU-0002' }]);
  });

  it('an import saves the rows as products and counts them; data that does not decode is reported in the list, with a 200', async () => {
    const fake = createFakeCommerce({ auth: false });
    const source = { entity: 'catalog_product', behavior: 'append', validation_strategy: 'validation-stop-on-errors', allowed_error_count: '10' };
    const csv = btoa('sku,name,price\nA-1,"Alpha, one",5\nB-2,Beta,7\n');
    expect(await call(fake, 'POST', '/V1/import/csv', { source: { ...source, csv_data: csv } })).toEqual({ status: 200, json: ['Entities Processed: 2'] });
    expect((await call(fake, 'GET', '/V1/products/A-1')).json).toMatchObject({ sku: 'A-1', name: 'Alpha, one', price: 5 });
    expect(await call(fake, 'POST', '/V1/import/csv', { source: { ...source, csv_data: '%%%' } })).toEqual({ status: 200, json: ['Sorry, but the data is invalid or the file is not uploaded.'] });
  });

  it('a bundle keeps its options and links as the platform writes them back; the bundle routes refuse a product that is not one', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2 } });
    const option = { title: 'Part', type: 'select', required: true, position: 1, product_links: [{ sku: 'SKU-0001', qty: 1, is_default: true }] };
    const saved = (await call(fake, 'POST', '/V1/products', { product: { sku: 'KIT', name: 'Kit', type_id: 'bundle', extension_attributes: { bundle_product_options: [option] } } })).json as Record<string, any>;
    const [stored] = saved.extension_attributes.bundle_product_options;
    expect(stored).toMatchObject({ sku: 'KIT', title: 'Part', option_id: expect.any(Number) });
    expect(stored.product_links[0]).toMatchObject({ id: expect.any(String), sku: 'SKU-0001', option_id: stored.option_id, price: null, price_type: null, can_change_quantity: 0 });
    expect(await call(fake, 'PUT', `/V1/bundle-products/SKU-0002/links/${stored.product_links[0].id}`, { linkedProduct: { qty: 2 } })).toMatchObject({ status: 400, json: { message: 'This is implemented for bundle products only.' } });
    expect(await call(fake, 'PUT', `/V1/bundle-products/KIT/links/${stored.product_links[0].id}`, { linkedProduct: { qty: 2 } })).toEqual({ status: 200, json: true });
    expect(((await call(fake, 'GET', '/V1/products/KIT')).json as Record<string, any>).extension_attributes.bundle_product_options[0].product_links[0].qty).toBe(2);
  });
});
