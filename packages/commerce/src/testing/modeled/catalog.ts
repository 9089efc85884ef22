/**
 * A product's media gallery and stock, read from and written to the product record
 * (`media_gallery_entries`, `extension_attributes.stock_item`).
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import { imageFile, mediaEntry } from '../records/product.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { numericId, objectField, requireParameters, required, uncastId } from './support.ts';

function product(store: FakeStore, sku: unknown): Entity {
  const found = store.products.get(String(sku));
  if (!found) throw new PlatformError(404, MESSAGES.productMissing);
  return found;
}

const entries = (record: Entity) => (record['media_gallery_entries'] ?? []) as Entity[];
const stockOf = (record: Entity) => ((record['extension_attributes'] ?? {}) as Entity)['stock_item'] as Entity;

function entry(record: Entity, entryId: unknown): Entity {
  const id = numericId(entryId, 'entryId');
  const found = entries(record).find((e) => e['id'] === id);
  if (!found) throw new PlatformError(404, "The image doesn't exist. Verify and try again.");
  return found;
}

/**
 * `BasePriceStorage::update`: rows that fail validation are reported (template and positional parameters)
 * and skipped, the rest are saved; `[]` when every row was saved.
 */
function updateBasePrices(store: FakeStore, input: Record<string, unknown>): Entity[] {
  const rows = input['prices'];
  if (!Array.isArray(rows)) throw required('prices');
  const failed: Entity[] = [];
  for (const row of rows as Entity[]) {
    const sku = typeof row['sku'] === 'string' ? row['sku'] : '';
    const storeId = String(row['store_id'] ?? 0);
    const price = Number(row['price']);
    const record = store.products.get(sku);
    if (!record) failed.push({ message: "The product that was requested doesn't exist. Verify the product and try again. Row ID: SKU = %SKU, Store ID: %storeId.", parameters: [sku, storeId] });
    else if (!(price >= 0)) failed.push({ message: 'Invalid attribute %fieldName = %fieldValue.', parameters: ['Price', String(row['price'])] });
    else if (storeId !== '0' && storeId !== '1') failed.push({ message: 'Requested store is not found. Row ID: SKU = %SKU, Store ID: %storeId.', parameters: [sku, storeId] });
    else record['price'] = price;
  }
  return failed;
}

export const catalogHandlers: Record<string, ModeledHandler> = {
  'GET /V1/products/{sku}/media': (input, { store }) => entries(product(store, input['sku'])),
  'GET /V1/products/{sku}/media/{entryId}': (input, { store }) => entry(product(store, input['sku']), input['entryId']),
  // The new entry's id, as read back from the gallery table: a string (uncast scalar result).
  'POST /V1/products/{sku}/media': (input, { store }) => {
    const record = product(store, input['sku']);
    const given = objectField(input, 'entry');
    if (!given['media_type']) throw required('media_type');
    const id = store.nextId('media') + 1000;
    const file = typeof given['file'] === 'string' ? given['file'] : imageFile(`${record['sku']}-${id}`);
    const types = Array.isArray(given['types']) ? (given['types'] as string[]) : [];
    record['media_gallery_entries'] = [...entries(record), mediaEntry(id, file, Number(given['position'] ?? entries(record).length + 1), types, typeof given['label'] === 'string' ? given['label'] : null)];
    return uncastId(id);
  },
  'PUT /V1/products/{sku}/media/{entryId}': (input, { store }) => {
    const found = entry(product(store, input['sku']), input['entryId']);
    const { id: _id, content: _content, ...changes } = objectField(input, 'entry');
    void _id;
    void _content;
    Object.assign(found, changes);
    return true;
  },
  'DELETE /V1/products/{sku}/media/{entryId}': (input, { store }) => {
    const record = product(store, input['sku']);
    const found = entry(record, input['entryId']);
    record['media_gallery_entries'] = entries(record).filter((e) => e !== found);
    return true;
  },

  'POST /V1/products/base-prices': (input, { store }) => updateBasePrices(store, input),

  'GET /V1/stockItems/{productSku}': (input, { store }) => stockOf(product(store, input['productSku'])),
  // `StockRegistry::getLowStockItems($scopeId, $qty, …)`: the managed stock items under the quantity; both are required.
  'GET /V1/stockItems/lowStock/': (_, { store, query }) => {
    requireParameters(query, ['scopeId', 'qty']);
    const below = Number(query.get('qty'));
    const items = [...store.products.values()].map(stockOf).filter((s) => s && s['manage_stock'] !== false && Number(s['qty'] ?? 0) < below);
    return { items, search_criteria: null, total_count: items.length };
  },
  'GET /V1/stockStatuses/{productSku}': (input, { store }) => {
    const stock = stockOf(product(store, input['productSku']));
    return { product_id: stock['product_id'], stock_id: 1, qty: stock['qty'], stock_status: stock['is_in_stock'] ? 1 : 0, stock_item: stock };
  },
  // The stock item's id as loaded from the database: a string (uncast scalar result).
  'PUT /V1/products/{productSku}/stockItems/{itemId}': (input, { store }) => {
    const stock = stockOf(product(store, input['productSku']));
    const changes = objectField(input, 'stockItem');
    Object.assign(stock, changes, { item_id: stock['item_id'], product_id: stock['product_id'] });
    if (changes['qty'] !== undefined && changes['is_in_stock'] === undefined && typeof stock['qty'] === 'number') stock['is_in_stock'] = stock['qty'] > 0;
    return uncastId(stock['item_id'] as number);
  },
};
