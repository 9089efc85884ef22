/**
 * Inventory (the MSI modules): sources, stocks, the links between them, per-source quantities, and the
 * salability reads. A product's quantity on the default source is its stock item's; other sources hold
 * what was saved to them.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { numericId, required } from './support.ts';

/** Every source item: the default source's from the products' stock items, then the ones saved to other sources. */
function sourceItems(store: FakeStore): Entity[] {
  const fromProducts = [...store.products.values()].map((product) => {
    const stock = ((product['extension_attributes'] ?? {}) as Entity)['stock_item'] as Entity | undefined;
    return { sku: product['sku'], source_code: 'default', quantity: Number(stock?.['qty'] ?? 0), status: stock?.['is_in_stock'] ? 1 : 0 };
  });
  return [...fromProducts, ...store.inventory.sourceItems.values()];
}

function stock(store: FakeStore, value: unknown): Entity {
  const id = numericId(value, 'stockId');
  const found = store.inventory.stocks.get(id);
  if (!found) throw new PlatformError(404, MESSAGES.stockMissing, { value: id });
  return found;
}

/** The quantity of a SKU over the sources a stock draws from. */
function quantityIn(store: FakeStore, stockId: number, sku: string): number {
  const codes = new Set(store.inventory.links.filter((link) => link['stock_id'] === stockId).map((link) => link['source_code']));
  return sourceItems(store).filter((item) => item['sku'] === sku && codes.has(item['source_code']) && item['status'] === 1).reduce((sum, item) => sum + Number(item['quantity']), 0);
}

export const inventoryHandlers: Record<string, ModeledHandler> = {
  'GET /V1/inventory/sources': (_, { store, search }) => search([...store.inventory.sources.values()]),
  'GET /V1/inventory/sources/{sourceCode}': (input, { store }) => {
    const found = store.inventory.sources.get(String(input['sourceCode']));
    if (!found) throw new PlatformError(404, MESSAGES.sourceMissing, { value: String(input['sourceCode']) });
    return found;
  },
  'GET /V1/inventory/stocks': (_, { store, search }) => search([...store.inventory.stocks.values()]),
  'GET /V1/inventory/stocks/{stockId}': (input, { store }) => stock(store, input['stockId']),
  'GET /V1/inventory/stock-source-links': (_, { store, search }) => search(store.inventory.links.map((link) => ({ ...link }))),
  'GET /V1/inventory/source-items': (_, { store, search }) => search(sourceItems(store)),
  'GET /V1/inventory/get-sources-assigned-to-stock-ordered-by-priority/{stockId}': (input, { store }) => {
    const id = Number(stock(store, input['stockId'])['stock_id']);
    return store.inventory.links
      .filter((link) => link['stock_id'] === id)
      .sort((a, b) => Number(a['priority']) - Number(b['priority']))
      .map((link) => store.inventory.sources.get(String(link['source_code'])))
      .filter((source): source is Entity => source !== undefined);
  },
  'GET /V1/inventory/stock-resolver/{type}/{code}': (input, { store }) => {
    for (const found of store.inventory.stocks.values()) {
      const channels = (((found['extension_attributes'] ?? {}) as Entity)['sales_channels'] ?? []) as Entity[];
      if (channels.some((c) => c['type'] === input['type'] && c['code'] === input['code'])) return found;
    }
    throw new PlatformError(404, MESSAGES.noLinkedStock);
  },
  'GET /V1/inventory/is-product-salable-for-requested-qty/{sku}/{stockId}/{requestedQty}': (input, { store }) => {
    const id = Number(stock(store, input['stockId'])['stock_id']);
    const salable = quantityIn(store, id, String(input['sku'])) >= Number(input['requestedQty']);
    return { salable, errors: salable ? [] : [{ code: 'is_salable_with_reservations-not_enough_qty', message: 'The requested qty is not available' }] };
  },
  'GET /V1/inventory/are-products-salable': (_, { store, query }) => {
    if (!query.get('stockId')) throw required('stockId');
    const id = Number(stock(store, query.get('stockId'))['stock_id']);
    const skus = [...query.entries()].filter(([key]) => /^skus(\[\d*\])?$/.test(key)).map(([, value]) => value);
    return skus.map((sku) => ({ sku, stock_id: id, salable: quantityIn(store, id, sku) > 0 }));
  },
  'GET /V1/inventory/source-selection-algorithm-list': () => [
    { code: 'distance', title: 'Distance Priority', description: 'Algorithm which provides Source Selections based on shipping address distance from the source' },
    { code: 'priority', title: 'Source Priority', description: 'Algorithm which provides Source Selections based on predefined priority of Source' },
  ],
};

