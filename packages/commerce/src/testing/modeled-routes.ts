/**
 * The routes the fake models against its store. Each handler takes the call's flat input (decoded
 * path values plus body fields, exactly what a bulk element or meta_information carries), so the
 * queue consumer runs the very same code as the synchronous route.
 */
import type { Searcher } from './search.ts';
import { EAV_ENTITY } from './search-tables.ts';
import { MESSAGES, PlatformError } from './platform-errors.ts';
import { category, customerRecord, productRecord, type Entity, type FakeStore } from './store.ts';

export interface HandlerContext {
  store: FakeStore;
  query: URLSearchParams;
  /** Answers the request's searchCriteria over records (past-the-end policy, a live store's order of ties, counted in searchStats). */
  search: Searcher;
}

export type ModeledHandler = (input: Record<string, unknown>, context: HandlerContext) => unknown;

const required = (fieldName: string) => new PlatformError(400, MESSAGES.required, { fieldName });
const noSuchEntity = (fieldName: string, fieldValue: unknown) => new PlatformError(404, MESSAGES.noSuchEntity, { fieldName, fieldValue: String(fieldValue) });

function objectField(input: Record<string, unknown>, name: string): Entity {
  const value = input[name];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw required(name);
  return value as Entity;
}

function numericId(value: unknown, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new PlatformError(400, MESSAGES.invalidValue, [name]);
  return id;
}

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
  store.products.set(sku, saved);
  return saved;
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

  'GET /V1/categories': (_, { store, query }) => categoryTree(store, Number(query.get('rootCategoryId') ?? 1), query.has('depth') ? Number(query.get('depth')) : undefined),
  'GET /V1/categories/list': (_, { store, search }) => search([...store.categories.values()]),
  'GET /V1/categories/{categoryId}': (input, { store }) => store.categories.get(numericId(input['categoryId'], 'categoryId')) ?? (() => { throw noSuchEntity('id', input['categoryId']); })(),
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
  'GET /V1/customers/{customerId}': (input, { store }) => store.customers.get(numericId(input['customerId'], 'customerId')) ?? (() => { throw noSuchEntity('customerId', input['customerId']); })(),
  'POST /V1/customers': (input, { store }) => {
    const fields = objectField(input, 'customer');
    for (const name of ['email', 'firstname', 'lastname']) if (!fields[name]) throw required(name);
    if ([...store.customers.values()].some((c) => c['email'] === fields['email'])) {
      throw new PlatformError(400, 'A customer with the same email address already exists in an associated website.');
    }
    const id = store.nextId('customer');
    const saved = customerRecord(id, { ...fields, id });
    store.customers.set(id, saved);
    return saved;
  },
  'PUT /V1/customers/{customerId}': (input, { store }) => updateById(store.customers, input, 'customerId', 'customer'),
  'DELETE /V1/customers/{customerId}': (input, { store }) => deleteById(store.customers, input, 'customerId'),

  'GET /V1/orders': (_, { store, search }) => search([...store.orders.values()]),
  'GET /V1/orders/{id}': (input, { store }) => store.orders.get(numericId(input['id'], 'id')) ?? (() => { throw noSuchEntity('orderId', input['id']); })(),
};
