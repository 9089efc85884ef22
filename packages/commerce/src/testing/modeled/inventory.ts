/**
 * Inventory (the MSI modules): sources, stocks, the links between them, per-source quantities, and the
 * salability reads. A product's quantity on the default source is its stock item's; other sources hold
 * what was saved to them.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity, FakeStore, Geoname } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { numericId, objectField, required } from './support.ts';

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


/** Bracket keys of a query (`searchRequest[area][radius]`) as the nested object PHP parses them into. */
function bracketObject(query: URLSearchParams, root: string): Entity {
  const out: Entity = {};
  for (const [key, value] of query) {
    if (!key.startsWith(`${root}[`)) continue;
    const path = [...key.slice(root.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    let node = out;
    path.forEach((name, i) => {
      if (i === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Entity;
    });
  }
  return out;
}

/**
 * The offline geocoder (`InventoryDistanceBasedSourceSelection/Model/DistanceProvider/Offline/GetLatLngFromAddress`):
 * the first `inventory_geoname` row of the country by postcode, else by city, else by region; none is 404
 * `Unknown geoname for %1` with the address written street, postcode, region, city, country.
 */
function geoname(store: FakeStore, address: Entity): Geoname {
  const country = String(address['country'] ?? '');
  const rows = store.inventory.geonames.filter((g) => g.country_code === country);
  const found = rows.find((g) => g.postcode === String(address['postcode'] ?? '')) ?? rows.find((g) => address['city'] !== undefined && g.city.startsWith(String(address['city']))) ?? rows.find((g) => g.region === String(address['region'] ?? ''));
  if (!found) throw new PlatformError(404, 'Unknown geoname for %1', [['street', 'postcode', 'region', 'city', 'country'].map((k) => String(address[k] ?? '')).join(' ')]);
  return found;
}

/** Great-circle distance in km (the geocoder's distance column). */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const cos = Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude) - rad(a.longitude)) + Math.sin(rad(a.latitude)) * Math.sin(rad(b.latitude));
  return 6371 * Math.acos(Math.min(1, Math.max(-1, cos)));
}

/**
 * A source as a pickup location (`InventoryInStorePickup\Model\PickupLocation\Mapper`): the source's
 * code, its storefront name and description where set, its address and contacts; unset nullable ones
 * (an email, a fax) are left out.
 */
function pickupLocation(source: Entity): Entity {
  const ext = (source['extension_attributes'] ?? {}) as Entity;
  const keep = (names: string[]) => Object.fromEntries(names.filter((n) => source[n] !== undefined && source[n] !== null).map((n) => [n, source[n]]));
  return {
    pickup_location_code: source['source_code'],
    name: ext['frontend_name'] ?? source['name'],
    ...keep(['email', 'fax', 'contact_name']),
    ...(ext['frontend_description'] ?? source['description']) === undefined ? {} : { description: ext['frontend_description'] ?? source['description'] },
    ...keep(['latitude', 'longitude', 'country_id', 'region_id', 'region', 'city', 'street', 'postcode', 'phone']),
  };
}

/**
 * `GET /V1/inventory/in-store-pickup/pickup-locations/` (`GetPickupLocations`): the enabled sources marked as
 * pickup locations of the scope's stock, near the area's search term (a postcode or city the geocoder
 * knows) and holding every requested SKU; the request echoed as `search_request`.
 */
function pickupLocations(store: FakeStore, query: URLSearchParams): Entity {
  const request = bracketObject(query, 'searchRequest');
  if (!request['scopeCode']) throw required('scopeCode');
  const scopeType = String(request['scopeType'] ?? 'website');
  const scopeCode = String(request['scopeCode']);
  const stock = [...store.inventory.stocks.values()].find((s) => (((s['extension_attributes'] ?? {}) as Entity)['sales_channels'] as Entity[] | undefined ?? []).some((c) => c['type'] === scopeType && c['code'] === scopeCode));
  if (!stock) throw new PlatformError(404, MESSAGES.noLinkedStock);
  const codes = new Set(store.inventory.links.filter((l) => l['stock_id'] === stock['stock_id']).map((l) => l['source_code']));
  const area = request['area'] as Entity | undefined;
  const center = area?.['searchTerm'] ? geoname(store, { country: 'US', postcode: area['searchTerm'], city: area['searchTerm'] }) : undefined;
  const products = ((((request['extensionAttributes'] ?? {}) as Entity)['productsInfo'] ?? {}) as Record<string, Entity>);
  const skus = Object.values(products).map((p) => String(p['sku']));
  const items = [...store.inventory.sources.values()]
    .filter((s) => codes.has(s['source_code']) && s['enabled'] !== false && ((s['extension_attributes'] ?? {}) as Entity)['is_pickup_location_active'] === true)
    .filter((s) => !center || distanceKm(center, { latitude: Number(s['latitude']), longitude: Number(s['longitude']) }) <= Number(area!['radius'] ?? 0))
    .filter((s) => skus.every((sku) => store.inventory.sourceItems.get(`${sku}|${String(s['source_code'])}`)?.['status'] === 1))
    .map(pickupLocation);
  return {
    items,
    search_request: {
      ...(area ? { area: { radius: Number(area['radius'] ?? 0), search_term: String(area['searchTerm'] ?? '') } } : {}),
      current_page: Number(request['currentPage'] ?? 1),
      scope_type: scopeType,
      scope_code: scopeCode,
      ...(skus.length ? { extension_attributes: { products_info: skus.map((sku) => ({ sku })) } } : {}),
    },
    total_count: items.length,
  };
}

/**
 * The `priority` source selection algorithm (`InventorySourceSelection\Model\Algorithms\PriorityBasedAlgorithm`):
 * for each requested item, the stock's enabled sources in priority order, each deducting what it holds
 * until the quantity is met; a row for every source holding the SKU; shippable when every item was met.
 */
function sourceSelection(store: FakeStore, input: Record<string, unknown>): Entity {
  const code = String(input['algorithmCode'] ?? '');
  if (code !== 'priority') throw new PlatformError(501, MESSAGES.unmodeledCase, { route: 'POST /V1/inventory/source-selection-algorithm-result', case: `the algorithm ${JSON.stringify(code)}` });
  const request = objectField(input, 'inventoryRequest');
  const id = Number(stock(store, request['stock_id'])['stock_id']);
  const sources = store.inventory.links
    .filter((l) => l['stock_id'] === id)
    .sort((a, b) => Number(a['priority']) - Number(b['priority']))
    .map((l) => store.inventory.sources.get(String(l['source_code'])))
    .filter((s): s is Entity => s !== undefined && s['enabled'] !== false);
  let shippable = true;
  const rows: Entity[] = [];
  for (const item of (request['items'] ?? []) as Entity[]) {
    const sku = String(item['sku']);
    let left = Number(item['qty']);
    for (const source of sources) {
      const held = sourceItems(store).find((i) => i['sku'] === sku && i['source_code'] === source['source_code']);
      if (!held) continue;
      const available = held['status'] === 1 ? Number(held['quantity']) : 0;
      const deducted = Math.min(available, left);
      left -= deducted;
      rows.push({ source_code: source['source_code'], sku, qty_to_deduct: deducted, qty_available: available });
    }
    if (left > 0) shippable = false;
  }
  return { source_selection_items: rows, shippable };
}

export const inventoryHandlers: Record<string, ModeledHandler> = {
  'GET /V1/inventory/get-latlng-from-address': (_, { store, query }) => {
    const found = geoname(store, bracketObject(query, 'address'));
    return { lat: found.latitude, lng: found.longitude };
  },
  'GET /V1/inventory/in-store-pickup/pickup-locations/': (_, { store, query }) => pickupLocations(store, query),
  'POST /V1/inventory/source-selection-algorithm-result': (input, { store }) => sourceSelection(store, input),
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

