/**
 * The fake's in-memory data: products (keyed by SKU exactly as decoded from the path), categories,
 * customers and orders, with a deterministic seed generator so tests and examples see the same
 * catalogue every run.
 */
export type Entity = Record<string, unknown>;

export interface SeedOptions {
  products?: number;
  categories?: number;
  customers?: number;
  orders?: number;
}

export interface FakeStore {
  products: Map<string, Entity>;
  categories: Map<number, Entity>;
  customers: Map<number, Entity>;
  orders: Map<number, Entity>;
  nextId(kind: 'product' | 'category' | 'customer' | 'order'): number;
}

const pad = (n: number) => String(n).padStart(4, '0');
const STAMP = '2024-01-01 00:00:00';

export function createStore(seed: SeedOptions = {}): FakeStore {
  const counters = { product: 0, category: 2, customer: 0, order: 0 };
  const store: FakeStore = {
    products: new Map(),
    categories: new Map(),
    customers: new Map(),
    orders: new Map(),
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
    const sku = `SKU-${pad(i)}`;
    store.products.set(sku, productRecord(id, { sku, name: `Product ${i}`, price: 10 + (i % 90), type_id: 'simple' }));
  }
  for (let i = 1; i <= (seed.customers ?? 0); i++) {
    const id = store.nextId('customer');
    store.customers.set(id, customerRecord(id, { email: `customer${i}@example.com`, firstname: `First${i}`, lastname: `Last${i}` }));
  }
  for (let i = 1; i <= (seed.orders ?? 0); i++) {
    const id = store.nextId('order');
    // Orders changed one minute apart, each with one line item, so syncs by updated_at have an order to follow.
    const updated = new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString().replace('T', ' ').slice(0, 19);
    const sku = `SKU-${pad(((i - 1) % 50) + 1)}`;
    const items = [{ item_id: id, order_id: id, sku, name: `Product ${((i - 1) % 50) + 1}`, qty_ordered: 1, price: 10 * i, row_total: 10 * i, product_type: 'simple' }];
    store.orders.set(id, { entity_id: id, increment_id: `0000${pad(id)}`, state: 'new', status: 'pending', grand_total: 10 * i, base_grand_total: 10 * i, customer_email: `customer${i}@example.com`, created_at: STAMP, updated_at: updated, items });
  }
  return store;
}

export function category(id: number, parentId: number, name: string, level: number): Entity {
  return { id, parent_id: parentId, name, is_active: true, position: id, level, path: level === 0 ? '1' : level === 1 ? `1/${id}` : `1/${parentId}/${id}`, created_at: STAMP, updated_at: STAMP, include_in_menu: true };
}

export function productRecord(id: number, fields: Entity): Entity {
  return {
    id,
    attribute_set_id: 4,
    status: 1,
    visibility: 4,
    type_id: 'simple',
    created_at: STAMP,
    updated_at: STAMP,
    extension_attributes: { website_ids: [1] },
    custom_attributes: [],
    ...fields,
  };
}

export function customerRecord(id: number, fields: Entity): Entity {
  return { id, group_id: 1, created_at: STAMP, updated_at: STAMP, created_in: 'Default Store View', store_id: 1, website_id: 1, addresses: [], disable_auto_group_change: 0, ...fields };
}
