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
import { category } from '../../src/testing/store.ts';
import { orderRecord } from '../../src/testing/records/order.ts';
import { postalAddress } from '../../src/testing/records/address.ts';
import { productRecord } from '../../src/testing/records/product.ts';
import { invoiceRecord } from '../../src/testing/records/sales-documents.ts';
import type { WireSample } from './corpus.ts';

const BASE = 'https://shop.corpus.test';
const SHOPPER = { id: 1, email: 'roni_cost@example.com', password: 'roni_cost3@example.com' };

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

/** Makes what a 2xx question names; an error question is asked of a fake without it (that is what it asks about). */
async function stage(fake: FakeCommerce, sample: WireSample, admin: string): Promise<WireSample['request']> {
  const { params } = sample.request;
  const request = { ...sample.request };
  if (sample.status >= 400) return request;
  for (const name of ['sku', 'productSku']) if (params[name]) ensureProduct(fake, params[name]);
  if (sample.route.startsWith('POST /V1/carts/mine/items')) {
    const sku = (bodyOf(sample) as { cartItem?: { sku?: string } }).cartItem?.sku;
    if (sku) ensureProduct(fake, sku);
  }
  if (sample.route === 'POST /V1/products') ensureProduct(fake, 'MH09-L-Blue');
  if (params['customerId']) fake.store.customers.set(Number(params['customerId']), fake.store.customers.get(Number(params['customerId'])) ?? customerRecord(Number(params['customerId']), {}));
  if (params['categoryId'] && !fake.store.categories.has(Number(params['categoryId']))) {
    const id = Number(params['categoryId']);
    fake.store.categories.set(id, category(id, 2, `Category ${id}`, 2));
  }
  // A search finds records of its kind: a few orders, products and customers.
  // A search finds records of its kind, ones its filters name where they name an email or SKUs.
  const filtered = (field: string) => Object.entries(sample.request.query).filter(([k, v]) => /\[field\]$/.test(k) && v === field).map(([k]) => sample.request.query[k.replace(/\[field\]$/, '[value]')] ?? '');
  if (sample.route === 'GET /V1/orders') {
    for (const id of [1, 2, 3]) ensureOrder(fake, id);
    for (const email of filtered('customer_email')) for (const order of fake.store.orders.values()) order['customer_email'] = email;
  }
  stageInventory(fake, sample, filtered);
  if (sample.route === 'GET /V1/products') for (const sku of ['MH09-L-Blue', 'RACER', ...filtered('sku').flatMap((v) => v.split(','))]) ensureProduct(fake, sku);
  if (/\/V1\/orders?\//.test(sample.route) && (params['id'] ?? params['orderId'])) {
    const id = Number(params['id'] ?? params['orderId']);
    if (!fake.store.orders.has(id)) {
      ensureOrder(fake, id);
      // An order with a history: a comment added through the fake's own route.
      await send(fake, 'POST', `/V1/orders/${id}/comments`, { statusHistory: { comment: 'Order imported', is_customer_notified: 0, is_visible_on_front: 0 } }, admin);
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
function bodyOf(sample: WireSample): unknown {
  if (sample.request.body !== undefined) return sample.request.body;
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
    case 'PUT /V1/customers/me':
      return { customer: pick(answer, ['email', 'firstname', 'lastname']) };
    case 'POST /V1/carts/mine/items':
      return { cartItem: pick(answer, ['sku', 'qty', 'product_option']) };
    case 'POST /V1/carts/mine/estimate-shipping-methods':
      return { address: { country_id: 'US' } };
    case 'POST /V1/carts/mine/shipping-information':
      return { addressInformation: { shipping_address: US_ADDRESS, billing_address: US_ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } };
    case 'POST /V1/products/{sku}/media':
    case 'PUT /V1/products/{sku}/media/{entryId}':
      return { entry: { media_type: 'image', label: 'Image', position: 1, disabled: false, types: ['image'], content: { base64_encoded_data: 'AA==', type: 'image/jpeg', name: 'image.jpg' } } };
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
  const request = await stage(fake, sample, admin);
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
  if (sample.fields !== undefined) query.set('fields', sample.fields);
  const text = query.toString();
  const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : bodyOf(sample);
  return send(fake, request.method, request.path, body, token, text ? `?${text}` : '');
}
