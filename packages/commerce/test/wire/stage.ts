/**
 * Asking the fake a corpus question: the records the request names (an order by id, a product by SKU,
 * a customer's active cart, a bulk) are made in the fake first, with the fake's own record builders and
 * routes, never from the sample's body; then the request is sent as recorded, with the token its route
 * needs (a customer's for `mine` / `me` routes, none for guest routes and for the samples that were
 * refused for want of one).
 */
import { createFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import { routeAccess } from '../../src/testing/examples.ts';
import { newCart } from '../../src/testing/records/cart.ts';
import { customerRecord } from '../../src/testing/records/customer.ts';
import { addressBook } from '../../src/testing/modeled/customers.ts';
import { category } from '../../src/testing/store.ts';
import { orderRecord } from '../../src/testing/records/order.ts';
import { postalAddress } from '../../src/testing/records/address.ts';
import { productRecord } from '../../src/testing/records/product.ts';
import { invoiceRecord } from '../../src/testing/records/sales-documents.ts';
import type { WireSample } from './corpus.ts';

const BASE = 'https://shop.corpus.test';
const SHOPPER = { id: 1, email: 'roni_cost@example.com', password: 'roni_cost3@example.com' };
/** The tax rates of the installations the corpus was captured on: the connector's (Luma sample data, a Michigan rate) and the storefront demo's (Polish VAT). */
const MICHIGAN_TAX = { code: 'US-MI-*-Rate 1', country_id: 'US', region_id: 33, percent: 8.25 };
const POLISH_VAT = { code: 'VAT23', country_id: 'PL', region_id: 0, percent: 23 };

export interface Asked {
  status: number;
  body: unknown;
}

async function send(fake: FakeCommerce, method: string, path: string, body: unknown, token: string | undefined, query = ''): Promise<Asked> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fake.handle(new Request(`${BASE}/rest/default${path}${query}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function ensureProduct(fake: FakeCommerce, sku: string): void {
  if (!fake.store.products.has(sku)) fake.store.products.set(sku, productRecord(fake.store.nextId('product'), { sku, name: sku, price: 45, type_id: 'simple' }));
}

/** The shopper's order of a configurable hoodie (parent and child items) and a simple item, a cart rule applied. */
function ensureOrder(fake: FakeCommerce, id: number): void {
  if (fake.store.orders.has(id)) return;
  ensureProduct(fake, 'MH09-L-Blue');
  ensureProduct(fake, 'RACER');
  const product = fake.store.products.get('MH09-L-Blue')!;
  const options = [{ option_id: '152', option_value: 5593 }, { option_id: '93', option_value: 5477 }];
  fake.store.orders.set(id, orderRecord({
    id,
    incrementId: String(id).padStart(9, '0'),
    email: SHOPPER.email,
    customer: { id: SHOPPER.id, firstname: 'Veronica', lastname: 'Costello', dob: '1973-12-15', gender: 2, addressId: 1 },
    appliedRuleIds: '2,3',
    address: postalAddress(0, 'Veronica', 'Costello'),
    // Taxed at the installation's Michigan rate (the shopper's address is in Michigan).
    tax: MICHIGAN_TAX,
    lines: [
      { itemId: fake.store.nextId('orderItem'), productId: 1000, sku: 'MH09-L-Blue', name: 'Abominable Hoodie', price: 69, qty: 1, configurable: { childItemId: fake.store.nextId('orderItem'), childProductId: product['id'] as number, parentName: 'Abominable Hoodie', options } },
      { itemId: fake.store.nextId('orderItem'), productId: fake.store.products.get('RACER')!['id'] as number, sku: 'RACER', name: 'Racer Back Maxi Dress', price: 224, qty: 1 },
    ],
    shipping: 5,
    quoteId: id,
    addressIds: [fake.store.nextId('orderAddress'), fake.store.nextId('orderAddress')],
    paymentId: fake.store.nextId('payment'),
  }));
}

/** The customer's active cart, with one item (the question reads or changes a cart in use). */
function ensureActiveCart(fake: FakeCommerce, itemId?: number): void {
  for (const cart of fake.store.carts.values()) if (cart.customerId === SHOPPER.id && cart.isActive) return;
  const cart = newCart(fake.store.nextId('cart'), fake.store.nextId('quoteAddress'));
  cart.customerId = SHOPPER.id;
  ensureProduct(fake, 'MS10-XS-Black');
  cart.items.push({ item_id: itemId ?? fake.store.nextId('cartItem'), sku: 'MS10-XS-Black', qty: 1, name: 'Logan  HeatTec&reg; Tee-XS-Black', price: 24, product_type: 'simple', quote_id: String(cart.id) });
  fake.store.carts.set(cart.id, cart);
}

function ensureGuestCart(fake: FakeCommerce, masked: string): void {
  if (fake.store.maskedCarts.has(masked)) return;
  const cart = newCart(fake.store.nextId('cart'), fake.store.nextId('quoteAddress'));
  cart.maskedId = masked;
  fake.store.carts.set(cart.id, cart);
  fake.store.maskedCarts.set(masked, cart.id);
}

/** A source with an address, as a merchant sets one up. */
function ensureSource(fake: FakeCommerce, code: string): void {
  if (fake.store.inventory.sources.has(code)) return;
  fake.store.inventory.sources.set(code, { source_code: code, name: `${code} warehouse`, email: `${code}@example.com`, contact_name: 'Harold Smith', enabled: true, description: `Ships from ${code}`, latitude: 38.74132, longitude: -90.363267, country_id: 'US', region_id: 36, city: 'St. Louis', street: '123 Warehouse Blvd', postcode: '63145', phone: '(314) 555-1234', use_default_carrier_config: true, carrier_links: [] });
}

/** A stock drawing from two sources, for a website of its own (or the one named). */
function ensureStock(fake: FakeCommerce, id: number, channel?: { type: string; code: string }): void {
  if (fake.store.inventory.stocks.has(id)) return;
  for (const code of ['central', 'east']) ensureSource(fake, code);
  fake.store.inventory.stocks.set(id, { stock_id: id, name: `Stock ${id}`, extension_attributes: { sales_channels: [channel ?? { type: 'website', code: `site_${id}` }] } });
  fake.store.inventory.links.push({ stock_id: id, source_code: 'central', priority: 1 }, { stock_id: id, source_code: 'east', priority: 2 });
}

/** A product held in the two sources. */
function ensureSourceItems(fake: FakeCommerce, sku: string): void {
  ensureProduct(fake, sku);
  for (const [code, quantity] of [['central', 500], ['east', 250]] as const) fake.store.inventory.sourceItems.set(`${sku}|${code}`, { sku, source_code: code, quantity, status: 1 });
}

function stageInventory(fake: FakeCommerce, sample: WireSample, filtered: (field: string) => string[]): void {
  const { params } = sample.request;
  if (!sample.route.includes('/V1/inventory/')) return;
  if (params['sourceCode']) ensureSource(fake, params['sourceCode']);
  if (params['stockId']) ensureStock(fake, Number(params['stockId']));
  if (params['type'] && params['code']) ensureStock(fake, 2, { type: params['type'], code: params['code'] });
  if (params['sku']) ensureSourceItems(fake, params['sku']);
  const stockId = sample.request.query['stockId'];
  if (stockId) ensureStock(fake, Number(stockId));
  for (const [key, sku] of Object.entries(sample.request.query)) if (/^skus\[\d+\]$/.test(key)) ensureSourceItems(fake, sku);
  for (const sku of filtered('sku')) ensureSourceItems(fake, sku);
  for (const id of filtered('stock_id')) ensureStock(fake, Number(id));
  if (sample.route === 'GET /V1/inventory/sources' || sample.route === 'GET /V1/inventory/stocks') ensureStock(fake, 4);
}


/** The offline geocoder's rows an installation imported for the places a question names. */
const GEONAMES = [
  { country_code: 'US', postcode: '10577', city: 'Purchase', region: 'NY', latitude: 41.0384, longitude: -73.7156 },
  { country_code: 'US', postcode: '78701', city: 'Austin', region: 'TX', latitude: 30.2711, longitude: -97.7437 },
  { country_code: 'US', postcode: '10001', city: 'New York', region: 'NY', latitude: 40.7506, longitude: -73.9972 },
];

/** Two stores of the default stock marked as pickup locations near each geocoded place, holding the SKUs asked about. */
function ensurePickupLocations(fake: FakeCommerce, skus: string[]): void {
  fake.store.inventory.geonames.push(...GEONAMES);
  for (const [index, place] of GEONAMES.entries()) {
    const code = `pickup_${index}`;
    ensureSource(fake, code);
    Object.assign(fake.store.inventory.sources.get(code)!, { latitude: place.latitude + 0.01, longitude: place.longitude, city: place.city, postcode: place.postcode, region: place.region, extension_attributes: { is_pickup_location_active: true, frontend_name: `${place.city} store`, frontend_description: `Pick up in ${place.city}` } });
    fake.store.inventory.links.push({ stock_id: 1, source_code: code, priority: index + 2 });
    for (const sku of skus) {
      ensureProduct(fake, sku);
      fake.store.inventory.sourceItems.set(`${sku}|${code}`, { sku, source_code: code, quantity: 10, status: 1 });
    }
  }
}

/**
 * A product made of others, saved through the fake's products route: its type, and its composition
 * (bundle options, configurable options and child ids, product links) as the question's answer names
 * it, the products it links to made first with their types.
 */
async function ensureComposedProduct(fake: FakeCommerce, answer: unknown, admin: string): Promise<void> {
  const product = record(answer);
  const extension = record(product['extension_attributes']);
  const links = Array.isArray(product['product_links']) ? (product['product_links'] as Record<string, unknown>[]) : [];
  for (const link of links) {
    const sku = String(link['linked_product_sku']);
    if (!fake.store.products.has(sku)) fake.store.products.set(sku, productRecord(fake.store.nextId('product'), { sku, name: sku, price: 10, type_id: String(link['linked_product_type'] ?? 'simple') }));
  }
  const composition = pick(extension, ['bundle_product_options', 'configurable_product_options', 'configurable_product_links']);
  const body = { product: { ...pick(product, ['sku', 'name', 'type_id', 'price']), product_links: links, extension_attributes: composition } };
  await send(fake, 'PUT', `/V1/products/${encodeURIComponent(String(product['sku']))}`, body, admin);
}

/** A bundle (a desktop computer: RAM and monitor options, two choices each), saved through the products route; its first option and link ids. */
async function ensureBundle(fake: FakeCommerce, sku: string, admin: string): Promise<{ optionId: number; linkId: string }> {
  for (const part of ['RAM-12GB', 'RAM-24GB', 'Monitor-15', 'Monitor-17']) ensureProduct(fake, part);
  const option = (title: string, parts: string[], position: number) => ({ title, required: true, type: 'select', position, product_links: parts.map((part, i) => ({ sku: part, qty: 1, position: i + 1, is_default: false, price: 25 * (i + 1), can_change_quantity: 0 })) });
  const saved = await send(fake, 'PUT', `/V1/products/${sku}`, { product: { sku, name: 'Desktop Computer', type_id: 'bundle', price: 0, extension_attributes: { bundle_product_options: [option('RAM', ['RAM-12GB', 'RAM-24GB'], 1), option('Monitor', ['Monitor-15', 'Monitor-17'], 2)] } } }, admin);
  const first = (record(record(saved.body)['extension_attributes'])['bundle_product_options'] as Record<string, unknown>[])[0]!;
  return { optionId: first['option_id'] as number, linkId: String((first['product_links'] as Record<string, unknown>[])[0]!['id']) };
}

/** Prices a merchant set: a cost, a special price for a week, tier prices (a fixed one and a percentage). */
function pricedProduct(fake: FakeCommerce, sku: string): void {
  fake.store.products.set(sku, productRecord(fake.store.nextId('product'), {
    sku, name: sku, price: 45, type_id: 'simple',
    custom_attributes: [{ attribute_code: 'cost', value: '18.000000' }, { attribute_code: 'special_price', value: '29.950000' }, { attribute_code: 'special_from_date', value: '2024-07-15 00:00:00' }, { attribute_code: 'special_to_date', value: '2024-07-21 23:59:59' }],
    tier_prices: [{ customer_group_id: 1, qty: 5, value: 40, extension_attributes: { website_id: 0 } }, { customer_group_id: 1, qty: 10, value: 36, extension_attributes: { website_id: 0, percentage_value: 20 } }],
  }));
}

/** Makes what a 2xx question names; an error question is asked of a fake without it (that is what it asks about). */
async function stage(fake: FakeCommerce, sample: WireSample, admin: string, customer: string): Promise<WireSample['request']> {
  const { params } = sample.request;
  const request = { ...sample.request };
  if (sample.status >= 400) return request;
  for (const name of ['sku', 'productSku']) if (params[name]) ensureProduct(fake, params[name]);
  if (sample.route.startsWith('POST /V1/carts/mine/items')) {
    const sku = (bodyOf(sample) as { cartItem?: { sku?: string } }).cartItem?.sku;
    if (sku) ensureProduct(fake, sku);
  }
  if (sample.route === 'POST /V1/products') ensureProduct(fake, 'MH09-L-Blue');
  // The account the question names (by id, or the shopper's own for `GET /V1/customers/me`): its names and
  // address book (saved as the fake saves them; ids its own).
  const accountId = params['customerId'] ? Number(params['customerId']) : sample.route === 'GET /V1/customers/me' ? SHOPPER.id : undefined;
  if (accountId !== undefined && (sample.route === 'GET /V1/customers/me' || !fake.store.customers.has(accountId))) {
    const addresses = Array.isArray(record(sample.body)['addresses']) ? (record(sample.body)['addresses'] as unknown[]).map((a) => { const { id: _id, customer_id: _c, ...rest } = record(a); void _id; void _c; return rest; }) : undefined;
    const names = sample.route === 'GET /V1/customers/me' ? { email: SHOPPER.email, ...pick(sample.body, ['firstname', 'middlename', 'lastname']) } : pick(sample.body, ['email', 'firstname', 'middlename', 'lastname']);
    fake.store.customers.set(accountId, customerRecord(accountId, { ...names, ...(addresses ? { addresses: addressBook(fake.store, accountId, addresses) } : {}) }));
  }
  if (params['categoryId'] && !fake.store.categories.has(Number(params['categoryId']))) {
    const id = Number(params['categoryId']);
    fake.store.categories.set(id, category(id, 2, `Category ${id}`, 2));
  }
  // A search finds records of its kind: a few orders, products and customers.
  // A search finds records of its kind, ones its filters name where they name an email or SKUs.
  const asked = (field: string) => Object.entries(sample.request.query).filter(([k, v]) => /\[field\]$/.test(k) && v === field).map(([k]) => sample.request.query[k.replace(/\[field\]$/, '[value]')] ?? '');
  // A search whose request lost its criteria is asked with the ones its answer echoes (askFake).
  const echoed = (field: string) => ((record(record(sample.body)['search_criteria'])['filter_groups'] ?? []) as { filters?: Record<string, unknown>[] }[]).flatMap((g) => g.filters ?? []).filter((f) => f['field'] === field).map((f) => String(f['value']));
  const filtered = (field: string) => (Object.keys(sample.request.query).some((k) => k.startsWith('searchCriteria')) ? asked(field) : echoed(field));
  if (sample.route === 'GET /V1/orders') {
    for (const id of [1, 2, 3]) ensureOrder(fake, id);
    for (const email of filtered('customer_email')) for (const order of fake.store.orders.values()) order['customer_email'] = email;
  }
  stageInventory(fake, sample, filtered);
  if (sample.route === 'GET /V1/products-render-info') for (const sku of filtered('sku').flatMap((v) => v.split(','))) ensureProduct(fake, sku);
  if (sample.route === 'GET /V1/eav/attribute-sets/list') {
    for (const name of filtered('attribute_set_name')) if (![...fake.store.attributeSets.values()].some((set) => set['attribute_set_name'] === name)) fake.store.attributeSets.set(9, { attribute_set_id: 9, attribute_set_name: name, sort_order: 0, entity_type_id: 4 });
  }
  if (sample.route === 'GET /V1/products') for (const sku of ['MH09-L-Blue', 'RACER', ...filtered('sku').flatMap((v) => v.split(','))]) ensureProduct(fake, sku);
  if (/\/V1\/orders?\//.test(sample.route) && (params['id'] ?? params['orderId'])) {
    const id = Number(params['id'] ?? params['orderId']);
    if (!fake.store.orders.has(id)) {
      ensureOrder(fake, id);
      // An order with a history: a comment added through the fake's own route.
      await send(fake, 'POST', `/V1/orders/${id}/comments`, { statusHistory: { comment: 'Order imported', is_customer_notified: 0, is_visible_on_front: 0 } }, admin);
      // A canceled order, canceled through the fake's own route.
      if (sample.route === 'GET /V1/orders/{id}' && record(sample.body)['state'] === 'canceled') await send(fake, 'POST', `/V1/orders/${id}/cancel`, undefined, admin);
    }
  }
  if (sample.route === 'POST /V1/orders/') ensureOrder(fake, Number((sample.request.body as { entity: { entity_id: string } }).entity.entity_id));
  if (sample.route.startsWith('GET /V1/invoices/{id}')) {
    ensureOrder(fake, 1000);
    fake.store.invoices.set(Number(params['id']), invoiceRecord(Number(params['id']), fake.store.orders.get(1000)!, '2024-01-01 00:00:00'));
  }
  if (params['entryId']) {
    const product = fake.store.products.get(params['sku']!)!;
    const entries = product['media_gallery_entries'] as Record<string, unknown>[];
    if (!entries.some((e) => String(e['id']) === params['entryId'])) entries.push({ ...entries[0], id: Number(params['entryId']), position: entries.length + 1 });
  }
  if (/\/V1\/carts\/mine\//.test(sample.route) && !/POST \/V1\/carts\/mine$/.test(sample.route)) ensureActiveCart(fake, params['itemId'] ? Number(params['itemId']) : undefined);
  if (sample.route.includes('/V1/guest-carts/{cartId}')) ensureGuestCart(fake, params['cartId']!);

  const answer = sample.body;
  if (sample.route === 'GET /V1/inventory/get-latlng-from-address') fake.store.inventory.geonames.push(...GEONAMES);
  if (sample.route === 'GET /V1/inventory/in-store-pickup/pickup-locations/') {
    const echo = record(answer)['search_request'];
    ensurePickupLocations(fake, ((record(record(echo)['extension_attributes'])['products_info'] ?? []) as { sku: string }[]).map((p) => p.sku));
  }
  if (sample.route === 'POST /V1/inventory/source-selection-algorithm-result') {
    ensureStock(fake, 2);
    for (const row of (record(answer)['source_selection_items'] ?? []) as { sku: string }[]) ensureSourceItems(fake, row.sku);
  }
  if (sample.route === 'GET /V1/products/attribute-sets/{attributeSetId}/attributes') {
    const id = Number(params['attributeSetId']);
    if (!fake.store.attributeSets.has(id)) fake.store.attributeSets.set(id, { attribute_set_id: id, attribute_set_name: `Set ${id}`, sort_order: 0, entity_type_id: 4 });
  }
  if (/^POST \/V1\/products\/(cost|special-price|tier-prices|base-prices)-information$/.test(sample.route)) for (const row of (Array.isArray(answer) ? answer : []) as { sku: string }[]) pricedProduct(fake, row.sku);
  if (sample.route === 'POST /V1/products/options') ensureProduct(fake, String(record(answer)['product_sku']));
  if (sample.route === 'GET /V1/products/{sku}' && (record(answer)['type_id'] !== 'simple' || (record(answer)['product_links'] as unknown[] | undefined)?.length)) await ensureComposedProduct(fake, answer, admin);
  if (sample.route.startsWith('PUT /V1/bundle-products/')) {
    const made = await ensureBundle(fake, params['sku'] ?? 'Desktop-Computer', admin);
    if (params['optionId']) request.path = request.path.replace(`/${params['optionId']}`, `/${made.optionId}`);
    if (params['id']) request.path = request.path.replace(/\/links\/[^/]+$/, `/links/${made.linkId}`);
  }
  if (sample.id.startsWith('oca-')) fake.store.taxRates.push(MICHIGAN_TAX);
  if (sample.id.startsWith('vsf-')) fake.store.taxRates.push(POLISH_VAT);
  if (sample.route === 'PUT /V1/carts/mine/collect-totals') {
    // That installation offered cash on delivery, and the cart was to ship to Poland.
    fake.store.paymentMethods.push({ code: 'cashondelivery', title: 'Cash On Delivery' });
    await send(fake, 'POST', '/V1/carts/mine/shipping-information', { addressInformation: { shipping_address: { country_id: 'PL' }, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } }, customer);
  }
  if (/\/V1\/guest-carts\/\{cartId\}\/coupons/.test(sample.route)) {
    // A guest's cart with a product in it, and a cart price rule whose coupon the question names (or applies).
    ensureProduct(fake, 'MS10-XS-Black');
    await send(fake, 'POST', `/V1/guest-carts/${params['cartId']}/items`, { cartItem: { sku: 'MS10-XS-Black', qty: 1 } }, undefined);
    const code = params['couponCode'] ?? (typeof answer === 'string' ? answer : 'ARMANI');
    fake.store.coupons.set(code, { ruleId: 1, percent: 10 });
    if (!params['couponCode']) await send(fake, 'PUT', `/V1/guest-carts/${params['cartId']}/coupons/${code}`, undefined, undefined);
  }
  if (sample.route === 'POST /V1/shipment/track') {
    // The order's shipment, made through the fake's ship route; the track names it by the id it got.
    const entity = record(record(sample.request.body)['entity']);
    ensureOrder(fake, Number(entity['order_id']));
    const shipped = await send(fake, 'POST', `/V1/order/${String(entity['order_id'])}/ship`, {}, admin);
    request.body = { entity: { ...entity, parent_id: String(shipped.body) } };
  }
  if (params['bulkUuid'] || sample.route === 'GET /V1/bulk') {
    // A bulk of this installation: one accepted by the fake, named in place of the published UUID.
    // Two operations, worked: one saved, one failed (a product that does not exist), as the published searches show both.
    ensureProduct(fake, 'MH09-L-Blue');
    const accepted = await send(fake, 'POST', '/async/bulk/V1/products/bySku/media', [{ sku: 'MH09-L-Blue', entry: { media_type: 'image', label: 'Front', position: 1, disabled: false, types: ['image'] } }, { sku: 'NO-SUCH-SKU', entry: { media_type: 'image', label: 'Front', position: 1, disabled: false, types: ['image'] } }], admin);
    await fake.consumer.drain();
    const uuid = (accepted.body as { bulk_uuid: string }).bulk_uuid;
    if (params['bulkUuid']) request.path = request.path.replace(encodeURIComponent(params['bulkUuid']), uuid).replace(params['bulkUuid'], uuid);
  }
  return request;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const pick = (from: unknown, names: string[]) => Object.fromEntries(names.filter((n) => record(from)[n] !== undefined).map((n) => [n, record(from)[n]]));
const US_ADDRESS = { firstname: 'Veronica', lastname: 'Costello', street: ['6146 Honey Bluff Parkway'], city: 'Calder', region: 'Michigan', region_id: 33, region_code: 'MI', country_id: 'US', postcode: '49628-7978', telephone: '(555) 229-3326' };

/**
 * The request body, where the source published none: what the question must have said, read from the
 * identity of what was answered (a product's SKU, name and type; a customer's name and email; an added
 * item's SKU and quantity), or the shopper's credentials; never the rest of the answer.
 */
function bodyOf(sample: WireSample, request: WireSample['request'] = sample.request): unknown {
  if (request.body !== undefined) return request.body;
  const answer = sample.body;
  switch (sample.route) {
    case 'POST /V1/products': {
      // What a create request carries: the product's own fields and the links and options it is made with.
      const { stock_item: _stock, ...extension } = record(record(answer)['extension_attributes']);
      void _stock;
      return { product: { ...pick(answer, ['sku', 'name', 'attribute_set_id', 'price', 'status', 'visibility', 'type_id', 'weight', 'product_links', 'options', 'tier_prices']), extension_attributes: extension } };
    }
    case 'POST /V1/customers': {
      const addresses = Array.isArray(record(answer)['addresses']) ? (record(answer)['addresses'] as unknown[]).map((a) => { const { id: _id, customer_id: _c, ...rest } = record(a); void _id; void _c; return rest; }) : [];
      return { customer: { ...pick(answer, ['email', 'firstname', 'lastname']), addresses } };
    }
    case 'PUT /V1/customers/me': {
      // The account as the storefront sends it back: names, email and the address book (without ids).
      const addresses = Array.isArray(record(answer)['addresses']) ? (record(answer)['addresses'] as unknown[]).map((a) => { const { id: _id, customer_id: _c, ...rest } = record(a); void _id; void _c; return rest; }) : [];
      return { customer: { ...pick(answer, ['email', 'firstname', 'lastname']), addresses } };
    }
    case 'POST /V1/carts/mine/items':
      return { cartItem: pick(answer, ['sku', 'qty', 'product_option']) };
    case 'POST /V1/carts/mine/estimate-shipping-methods':
      return { address: { country_id: 'US' } };
    case 'POST /V1/carts/mine/shipping-information':
      return { addressInformation: { shipping_address: US_ADDRESS, billing_address: US_ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } };
    case 'POST /V1/products/{sku}/media':
    case 'PUT /V1/products/{sku}/media/{entryId}':
      return { entry: { media_type: 'image', label: 'Image', position: 1, disabled: false, types: ['image'], content: { base64_encoded_data: 'AA==', type: 'image/jpeg', name: 'image.jpg' } } };
    case 'POST /V1/products/base-prices-information':
    case 'POST /V1/products/cost-information':
    case 'POST /V1/products/special-price-information':
    case 'POST /V1/products/tier-prices-information':
      return { skus: [...new Set((Array.isArray(answer) ? answer : []).map((row) => record(row)['sku']))] };
    case 'POST /V1/products/options': {
      const { option_id: _id, ...option } = record(answer);
      void _id;
      return { option };
    }
    case 'POST /V1/inventory/source-selection-algorithm-result': {
      // The quantities asked for: what the sources were to deduct, SKU by SKU.
      const wanted = new Map<string, number>();
      for (const row of (record(answer)['source_selection_items'] ?? []) as { sku: string; qty_to_deduct: number }[]) wanted.set(row.sku, (wanted.get(row.sku) ?? 0) + row.qty_to_deduct);
      return { inventoryRequest: { stock_id: 2, items: [...wanted].map(([sku, qty]) => ({ sku, qty })) }, algorithmCode: 'priority' };
    }
    case 'POST /V1/import/csv':
    case 'POST /V1/import/json': {
      // As many rows as the answer says were processed.
      const count = Number(/(\d+)/.exec(String((answer as unknown[])[0]))?.[1] ?? 1);
      const rows = Array.from({ length: count }, (_, i) => ({ sku: `IMPORTED-${i + 1}`, name: `Imported ${i + 1}`, price: '10' }));
      const source = { entity: 'catalog_product', behavior: 'append', validation_strategy: 'validation-stop-on-errors', allowed_error_count: '10' };
      if (sample.route === 'POST /V1/import/json') return { source: { ...source, items: rows } };
      const csv = ['sku,name,price', ...rows.map((r) => `${r.sku},${r.name},${r.price}`)].join('\n');
      return { source: { ...source, csv_data: Buffer.from(csv).toString('base64') } };
    }
    case 'PUT /V1/bundle-products/options/{optionId}':
      return { option: { sku: 'Desktop-Computer', title: 'Memory' } };
    case 'PUT /V1/bundle-products/{sku}/links/{id}':
      return { linkedProduct: { sku: 'RAM-12GB', qty: 2 } };
    case 'POST /V1/integration/customer/token':
      return { username: SHOPPER.email, password: sample.status === 200 ? SHOPPER.password : 'not-the-password-1' };
    default:
      return {};
  }
}

/** The fake's answer to a sample's question. */
export async function askFake(sample: WireSample): Promise<Asked> {
  const fake = createFakeCommerce({ auth: { customers: [SHOPPER] }, seed: { categories: 3 } });
  const admin = (await send(fake, 'POST', '/V1/integration/admin/token', { username: 'admin', password: 'admin123!' }, undefined)).body as string;
  const customer = (await send(fake, 'POST', '/V1/integration/customer/token', { username: SHOPPER.email, password: SHOPPER.password }, undefined)).body as string;
  const request = await stage(fake, sample, admin, customer);
  const access = routeAccess(sample.route);
  // A sample refused for its credentials was sent without the ones it needed.
  const token = sample.status === 401 ? undefined : access === 'customer' ? customer : access === 'guest' ? undefined : admin;
  const query = new URLSearchParams(request.query);
  // A published search whose request lost its criteria, though the answer echoes them: asked with those.
  const echo = (sample.body as { search_criteria?: { filter_groups?: { filters?: Record<string, string>[] }[] } } | undefined)?.search_criteria;
  if (![...query.keys()].some((k) => k.startsWith('searchCriteria')) && echo?.filter_groups) {
    echo.filter_groups.forEach((group, g) => (group.filters ?? []).forEach((filter, f) => {
      for (const [name, value] of Object.entries(filter)) query.set(`searchCriteria[filter_groups][${g}][filters][${f}][${name}]`, String(value));
    }));
  }
  // A pickup-location search whose request lost its query, though the answer echoes it: asked with that.
  const pickup = record(record(sample.body)['search_request']);
  if (sample.route === 'GET /V1/inventory/in-store-pickup/pickup-locations/' && ![...query.keys()].length) {
    const area = record(pickup['area']);
    if (area['radius'] !== undefined) query.set('searchRequest[area][radius]', String(area['radius']));
    if (area['search_term'] !== undefined) query.set('searchRequest[area][searchTerm]', String(area['search_term']));
    for (const [name, key] of [['scope_type', 'scopeType'], ['scope_code', 'scopeCode'], ['current_page', 'currentPage']]) if (pickup[name!] !== undefined) query.set(`searchRequest[${key!}]`, String(pickup[name!]));
    ((record(pickup['extension_attributes'])['products_info'] ?? []) as { sku: string }[]).forEach((p, i) => query.set(`searchRequest[extensionAttributes][productsInfo][${i}][sku]`, p.sku));
  }
  if (sample.fields !== undefined) query.set('fields', sample.fields);
  const text = query.toString();
  const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : bodyOf(sample, request);
  return send(fake, request.method, request.path, body, token, text ? `?${text}` : '');
}
