/**
 * The routes the fake models against its store. Each handler takes the call's flat input (decoded
 * path values plus body fields, exactly what a bulk element or meta_information carries), so the
 * queue consumer runs the very same code as the synchronous route.
 */
import type { Searcher } from './search.ts';
import { EAV_ENTITY } from './search-tables.ts';
import { MESSAGES, PlatformError } from './platform-errors.ts';
import { category, customerRecord, productRecord, type Entity, type FakeStore } from './store.ts';
import { cartHandlers } from './modeled/carts.ts';
import { catalogHandlers } from './modeled/catalog.ts';
import { addressBook, customerHandlers } from './modeled/customers.ts';
import { installationHandlers } from './modeled/installation.ts';
import { inventoryHandlers } from './modeled/inventory.ts';
import { salesHandlers } from './modeled/sales.ts';
import { attributeHandlers } from './modeled/attributes.ts';
import { bundleHandlers, composed } from './modeled/bundles.ts';
import { importHandlers } from './modeled/imports.ts';
import { priceHandlers } from './modeled/prices.ts';
import { renderInfoHandlers } from './modeled/render-info.ts';
import { entityMissing, noSuchEntity, numericId, objectField, required } from './modeled/support.ts';

export interface HandlerContext {
  store: FakeStore;
  query: URLSearchParams;
  /** Answers the request's searchCriteria over records (past-the-end policy, a live store's order of ties, counted in searchStats). */
  search: Searcher;
  /** Who is calling: a customer's id resolves `mine` / `me` routes (the platform's `%customer_id`). */
  caller: { customerId: number | undefined };
  /** Now, as the platform writes a timestamp (`YYYY-MM-DD HH:MM:SS`, UTC). */
  at: () => string;
  /** The installation's origin (`https://shop.example.com`), for the URLs it reports. */
  origin: string;
}

export type ModeledHandler = (input: Record<string, unknown>, context: HandlerContext) => unknown;

/** PUT by id: merges the body's entity into the stored record; 404 when there is none. */
function updateById(records: Map<number, Entity>, input: Record<string, unknown>, param: string, entity: string): Entity {
  const id = numericId(input[param], param);
  const existing = records.get(id);
  if (!existing) throw noSuchEntity(param, id);
  const saved = { ...existing, ...objectField(input, entity), id };
  records.set(id, saved);
  return saved;
}

/** DELETE by id: true, or 404 when there is no such record. */
function deleteById(records: Map<number, Entity>, input: Record<string, unknown>, param: string, fieldName = param): true {
  const id = numericId(input[param], param);
  if (!records.delete(id)) throw noSuchEntity(fieldName, id);
  return true;
}

function getProduct(store: FakeStore, sku: unknown): Entity {
  const product = store.products.get(String(sku));
  if (!product) throw new PlatformError(404, MESSAGES.productMissing);
  return product;
}

/** POST and PUT both save: the platform creates the product when the SKU is new. */
function saveProduct(store: FakeStore, sku: string, changes: Entity): Entity {
  const existing = store.products.get(sku);
  const saved = existing
    ? { ...existing, ...changes, sku, id: existing['id'], extension_attributes: { ...(existing['extension_attributes'] as Entity), ...((changes['extension_attributes'] as Entity | undefined) ?? {}) } }
    : productRecord(store.nextId('product'), { name: sku, price: 0, ...changes, sku });
  const made = composed(store, saved);
  store.products.set(sku, made);
  return made;
}

function categoryTree(store: FakeStore, rootId: number, depth: number | undefined): Entity {
  const node = store.categories.get(rootId);
  if (!node) throw noSuchEntity('id', rootId);
  const children = depth === 0 ? [] : [...store.categories.values()].filter((c) => c['parent_id'] === rootId).map((c) => categoryTree(store, c['id'] as number, depth === undefined ? undefined : depth - 1));
  return { id: node['id'], parent_id: node['parent_id'], name: node['name'], is_active: node['is_active'], position: node['position'], level: node['level'], product_count: 0, children_data: children };
}

export const modeledRoutes: Record<string, ModeledHandler> = {
  'GET /V1/products': (_, { store, search }) => search([...store.products.values()], EAV_ENTITY),
  'GET /V1/products/{sku}': (input, { store }) => getProduct(store, input['sku']),
  'POST /V1/products': (input, { store }) => {
    const product = objectField(input, 'product');
    if (typeof product['sku'] !== 'string' || !product['sku']) throw required('sku');
    return saveProduct(store, product['sku'], product);
  },
  'PUT /V1/products/{sku}': (input, { store }) => saveProduct(store, String(input['sku']), objectField(input, 'product')),
  'DELETE /V1/products/{sku}': (input, { store }) => {
    getProduct(store, input['sku']);
    store.products.delete(String(input['sku']));
    return true;
  },

  // Without rootCategoryId the tree starts at the store's root category (2, "Default Category").
  'GET /V1/categories': (_, { store, query }) => categoryTree(store, Number(query.get('rootCategoryId') ?? 2), query.has('depth') ? Number(query.get('depth')) : undefined),
  'GET /V1/categories/list': (_, { store, search }) => search([...store.categories.values()]),
  'GET /V1/categories/{categoryId}': (input, { store }) => withChildren(store, numericId(input['categoryId'], 'categoryId')),
  'POST /V1/categories': (input, { store }) => {
    const fields = objectField(input, 'category');
    const id = store.nextId('category');
    const parentId = Number(fields['parent_id'] ?? 2);
    const parent = store.categories.get(parentId);
    if (!parent) throw noSuchEntity('id', parentId);
    const saved = { ...category(id, parentId, String(fields['name'] ?? `Category ${id}`), (parent['level'] as number) + 1), ...fields, id, parent_id: parentId };
    store.categories.set(id, saved);
    return saved;
  },
  'PUT /V1/categories/{id}': (input, { store }) => updateById(store.categories, input, 'id', 'category'),
  'DELETE /V1/categories/{categoryId}': (input, { store }) => deleteById(store.categories, input, 'categoryId', 'id'),

  'GET /V1/customers/search': (_, { store, search }) => search([...store.customers.values()], EAV_ENTITY),
  'GET /V1/customers/{customerId}': (input, { store }) => {
    const id = numericId(input['customerId'], 'customerId');
    return store.customers.get(id) ?? (() => { throw noSuchEntity('customerId', id); })();
  },
  'POST /V1/customers': (input, { store }) => {
    const fields = objectField(input, 'customer');
    for (const name of ['email', 'firstname', 'lastname']) if (!fields[name]) throw required(name);
    if ([...store.customers.values()].some((c) => c['email'] === fields['email'])) {
      throw new PlatformError(400, 'A customer with the same email address already exists in an associated website.');
    }
    const id = store.nextId('customer');
    const addresses = addressBook(store, id, fields['addresses']);
    const saved = customerRecord(id, { ...fields, id, addresses });
    store.customers.set(id, saved);
    return saved;
  },
  'PUT /V1/customers/{customerId}': (input, { store }) => updateById(store.customers, input, 'customerId', 'customer'),
  'DELETE /V1/customers/{customerId}': (input, { store }) => deleteById(store.customers, input, 'customerId'),

  'GET /V1/orders': (_, { store, search }) => search([...store.orders.values()]),
  // OrderRepository::get: "The entity that was requested doesn't exist…", without parameters.
  'GET /V1/orders/{id}': (input, { store }) => store.orders.get(numericId(input['id'], 'id')) ?? (() => { throw entityMissing(); })(),

  ...catalogHandlers,
  ...customerHandlers,
  ...cartHandlers,
  ...salesHandlers,
  ...installationHandlers,
  ...inventoryHandlers,
  ...priceHandlers,
  ...bundleHandlers,
  ...attributeHandlers,
  ...renderInfoHandlers,
  // Imported rows are saved as the products route saves them.
  ...importHandlers(saveProduct),
};

/** A category as read: `children` lists the child ids ("4,5"), and its `children_count` attribute counts them. */
function withChildren(store: FakeStore, id: number): Entity {
  const node = store.categories.get(id);
  if (!node) throw noSuchEntity('id', id);
  const children = [...store.categories.values()].filter((c) => c['parent_id'] === id).map((c) => c['id']);
  const custom = ((node['custom_attributes'] ?? []) as Entity[]).map((a) => (a['attribute_code'] === 'children_count' ? { ...a, value: String(children.length) } : a));
  return { ...node, children: children.join(','), custom_attributes: custom };
}
