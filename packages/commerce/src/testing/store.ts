/**
 * The fake's in-memory data: products (keyed by SKU exactly as decoded from the path), categories,
 * customers, orders, carts, invoices and shipments, with a deterministic seed generator so tests and
 * examples see the same catalogue every run. The records' shapes are in records/.
 */
import { postalAddress, postalOf } from './records/address.ts';
import { PAYMENT_METHODS, type CartState } from './records/cart.ts';
import { defaultAttributeSets } from './records/attributes.ts';
import { customerRecord } from './records/customer.ts';
import { orderRecord } from './records/order.ts';
import { productRecord } from './records/product.ts';
import { STAMP } from './records/stamp.ts';
import type { TaxRate } from './records/tax.ts';

export { customerRecord, productRecord };

export type Entity = Record<string, unknown>;

/** A row of `inventory_geoname` (the offline geocoder's table, imported by `bin/magento inventory-geonames:import`): empty on a fresh installation. */
export interface Geoname {
  country_code: string;
  postcode: string;
  city: string;
  region: string;
  latitude: number;
  longitude: number;
}

export interface SeedOptions {
  products?: number;
  categories?: number;
  customers?: number;
  orders?: number;
}

type IdKind = 'product' | 'category' | 'customer' | 'order' | 'address' | 'cart' | 'cartItem' | 'quoteAddress' | 'orderItem' | 'orderAddress' | 'payment' | 'history' | 'invoice' | 'shipment' | 'track' | 'media' | 'option' | 'link';

export interface FakeStore {
  products: Map<string, Entity>;
  categories: Map<number, Entity>;
  customers: Map<number, Entity>;
  orders: Map<number, Entity>;
  /** Carts by id (a guest cart is found through its masked id: `maskedCarts`). */
  carts: Map<number, CartState>;
  maskedCarts: Map<string, number>;
  invoices: Map<number, Entity>;
  shipments: Map<number, Entity>;
  /** Inventory (MSI): sources by code, stocks by id, which sources a stock draws from, and per-source quantities (`sku|source_code`). */
  inventory: { sources: Map<string, Entity>; stocks: Map<number, Entity>; links: Entity[]; sourceItems: Map<string, Entity>; geonames: Geoname[] };
  /** EAV attribute sets by id (records/attributes.ts). */
  attributeSets: Map<number, Entity>;
  /** The tax rates a tax rule applies (records/tax.ts): none on a fresh installation. */
  taxRates: TaxRate[];
  /** The payment methods the installation enables (check / money order and the free method by default). */
  paymentMethods: Entity[];
  /** Coupon codes of the cart price rules, with the percentage each takes off the subtotal. */
  coupons: Map<string, { ruleId: number; percent: number }>;
  nextId(kind: IdKind): number;
}

const pad = (n: number) => String(n).padStart(4, '0');

export function createStore(seed: SeedOptions = {}): FakeStore {
  const counters: Record<IdKind, number> = { product: 0, category: 2, customer: 0, order: 0, address: 0, cart: 0, cartItem: 0, quoteAddress: 0, orderItem: 0, orderAddress: 0, payment: 0, history: 0, invoice: 0, shipment: 0, track: 0, media: 0, option: 0, link: 0 };
  const store: FakeStore = {
    products: new Map(),
    categories: new Map(),
    customers: new Map(),
    orders: new Map(),
    carts: new Map(),
    maskedCarts: new Map(),
    invoices: new Map(),
    shipments: new Map(),
    // A fresh 2.4 installation: one source, one stock for the main website, linked.
    inventory: {
      sources: new Map([['default', { source_code: 'default', name: 'Default Source', enabled: true, description: 'Default Source', latitude: 0, longitude: 0, country_id: 'US', postcode: '00000', use_default_carrier_config: true, carrier_links: [] }]]),
      stocks: new Map([[1, { stock_id: 1, name: 'Default Stock', extension_attributes: { sales_channels: [{ type: 'website', code: 'base' }] } }]]),
      links: [{ stock_id: 1, source_code: 'default', priority: 1 }],
      sourceItems: new Map(),
      geonames: [],
    },
    attributeSets: new Map(defaultAttributeSets().map((set) => [set['attribute_set_id'] as number, set])),
    coupons: new Map(),
    paymentMethods: PAYMENT_METHODS.map((m) => ({ ...m })),
    taxRates: [],
    nextId: (kind) => ++counters[kind],
  };
  store.categories.set(1, category(1, 0, 'Root Catalog', 0));
  store.categories.set(2, category(2, 1, 'Default Category', 1));
  for (let i = 0; i < (seed.categories ?? 3); i++) {
    const id = store.nextId('category');
    store.categories.set(id, category(id, 2, `Category ${i + 1}`, 2));
  }
  for (let i = 1; i <= (seed.products ?? 0); i++) {
    const id = store.nextId('product');
    store.nextId('media');
    const sku = `SKU-${pad(i)}`;
    store.products.set(sku, productRecord(id, { sku, name: `Product ${i}`, price: 10 + (i % 90), type_id: 'simple' }));
  }
  for (let i = 1; i <= (seed.customers ?? 0); i++) {
    const id = store.nextId('customer');
    store.nextId('address');
    store.customers.set(id, customerRecord(id, { email: `customer${i}@example.com`, firstname: `First${i}`, lastname: `Last${i}` }));
  }
  for (let i = 1; i <= (seed.orders ?? 0); i++) {
    const id = store.nextId('order');
    // Orders changed one minute apart, each with one line item and free shipping (grand total 10 × i),
    // so syncs by updated_at have an order to follow.
    const updated = new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString().replace('T', ' ').slice(0, 19);
    const n = ((i - 1) % 50) + 1;
    const customer = store.customers.get(i);
    const address = customer ? postalOf((customer['addresses'] as Entity[])[0] ?? {}) : postalAddress(i, `First${i}`, `Last${i}`);
    store.orders.set(
      id,
      orderRecord({
        id,
        incrementId: `0000${pad(id)}`,
        email: `customer${i}@example.com`,
        ...(customer ? { customer: { id: i, firstname: String(customer['firstname']), lastname: String(customer['lastname']) } } : {}),
        address,
        lines: [{ itemId: store.nextId('orderItem'), productId: n, sku: `SKU-${pad(n)}`, name: `Product ${n}`, price: 10 * i, qty: 1 }],
        shipping: 0,
        quoteId: id,
        createdAt: STAMP,
        updatedAt: updated,
        addressIds: [store.nextId('orderAddress'), store.nextId('orderAddress')],
        paymentId: store.nextId('payment'),
      }),
    );
  }
  return store;
}

export function category(id: number, parentId: number, name: string, level: number): Entity {
  const path = level === 0 ? '1' : level === 1 ? `1/${id}` : `1/${parentId}/${id}`;
  const key = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const custom = [
    { attribute_code: 'display_mode', value: 'PRODUCTS' },
    { attribute_code: 'is_anchor', value: '1' },
    { attribute_code: 'path', value: path },
    { attribute_code: 'children_count', value: '0' },
    ...(level > 1 ? [{ attribute_code: 'url_key', value: key }, { attribute_code: 'url_path', value: key }] : []),
  ];
  // `children` (the child ids as "4,5") is filled in when the category is read.
  return { id, parent_id: parentId, name, is_active: true, position: id, level, children: '', created_at: STAMP, updated_at: STAMP, path, available_sort_by: [], include_in_menu: true, custom_attributes: custom };
}
