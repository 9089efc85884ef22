/**
 * A stand-in platform for the search, fields and pagination tests, built only on testing/search.ts
 * (the fake's own bracket-key parser, filtering, paging and partial responses): products, customers
 * and orders in memory, searchable, readable by key, writable (writes echo the record), every
 * answer filtered by `fields` as the platform does it.
 */
import { http, HttpResponse } from 'msw';
import { applyFields, applySearch, parseSearchCriteria, SearchCriteriaError, type SearchTable } from '../src/testing/search.ts';
import { EAV_ENTITY } from '../src/testing/search-tables.ts';
import { server } from '@magekit/test-support/msw';

export const BASE = 'https://shop.test';

type Row = Record<string, unknown>;

export function product(index: number, extra: Row = {}): Row {
  return {
    id: index,
    sku: `SKU-${String(index).padStart(3, '0')}`,
    name: `Product ${index}`,
    price: 5 * index,
    status: index % 3 === 0 ? 2 : 1,
    type_id: index % 2 === 0 ? 'simple' : 'configurable',
    extension_attributes: {
      website_ids: [1],
      category_links: [{ category_id: String(index % 4), position: 0 }],
      stock_item: { item_id: 100 + index, qty: index * 2, is_in_stock: index % 5 !== 0 },
    },
    custom_attributes: [
      { attribute_code: 'color', value: ['red', 'green', 'blue'][index % 3] },
      { attribute_code: 'size', value: ['s', 'm', 'l', 'xl'][index % 4] },
      { attribute_code: 'category_ids', value: [String(index % 4), String((index + 1) % 4)] },
    ],
    ...extra,
  };
}

export function customer(index: number): Row {
  return {
    id: index,
    email: `customer${index}@example.com`,
    firstname: `First${index}`,
    lastname: index % 2 === 0 ? 'Smith' : 'Jones',
    group_id: 1 + (index % 3),
    website_id: 1,
    addresses: [{ id: 1000 + index, city: index % 2 === 0 ? 'Austin' : 'Berlin', postcode: `7870${index % 10}`, region: { region_code: 'TX', region: 'Texas' } }],
  };
}

export function order(index: number): Row {
  return {
    entity_id: index,
    increment_id: `00000${1000 + index}`,
    customer_email: `customer${index % 5}@example.com`,
    status: ['pending', 'processing', 'complete'][index % 3],
    grand_total: 12.5 * index,
    items: [{ item_id: 1, sku: `SKU-00${index % 10}`, qty_ordered: 1 + (index % 4) }],
  };
}

export interface Store {
  products: Row[];
  customers: Row[];
  orders: Row[];
  /** Every URL the platform saw, in order. */
  readonly requests: URL[];
}

const SEARCHES: Record<string, keyof Omit<Store, 'requests'>> = {
  '/V1/products': 'products',
  '/V1/customers/search': 'customers',
  '/V1/orders': 'orders',
};
/** Products and customers are EAV collections: they filter and sort on entity_id and answer id. */
const TABLES: Partial<Record<keyof Omit<Store, 'requests'>, SearchTable>> = { products: EAV_ENTITY, customers: EAV_ENTITY };

function answer(body: unknown, url: URL): Response {
  return HttpResponse.json(applyFields(body, url.searchParams.get('fields')) as Record<string, unknown>);
}

function failure(error: unknown): Response {
  if (error instanceof SearchCriteriaError) return HttpResponse.json({ message: error.template, parameters: error.parameters }, { status: 400 });
  throw error;
}

export function installSearchPlatform(data: Partial<Omit<Store, 'requests'>> = {}): Store {
  const store: Store = { products: [], customers: [], orders: [], ...data, requests: [] };
  server.use(
    http.get(`${BASE}/rest/*`, ({ request }) => {
      const url = new URL(request.url);
      store.requests.push(url);
      const path = url.pathname.slice(url.pathname.indexOf('/V1/'));
      const table = SEARCHES[path];
      if (table) {
        try {
          return answer(applySearch(store[table], parseSearchCriteria(url.searchParams), TABLES[table]), url);
        } catch (error) {
          return failure(error);
        }
      }
      const sku = /^\/V1\/products\/([^/]+)$/.exec(path)?.[1];
      const found = sku && store.products.find((p) => p['sku'] === decodeURIComponent(sku));
      if (found) return answer(found, url);
      return HttpResponse.json({ message: 'The product that was requested doesn\'t exist. Verify the product and try again.' }, { status: 404 });
    }),
    http.post(`${BASE}/rest/V1/products`, async ({ request }) => {
      const url = new URL(request.url);
      store.requests.push(url);
      const { product: row } = (await request.json()) as { product: Row };
      const saved = { id: store.products.length + 1, ...row };
      store.products.push(saved);
      return answer(saved, url);
    }),
    http.put(`${BASE}/rest/V1/products/:sku`, async ({ request, params }) => {
      const url = new URL(request.url);
      store.requests.push(url);
      const { product: row } = (await request.json()) as { product: Row };
      const index = store.products.findIndex((p) => p['sku'] === params['sku']);
      const saved = { ...store.products[index], ...row };
      store.products[index] = saved;
      return answer(saved, url);
    }),
  );
  return store;
}

/** The error a synchronous call throws (the validators throw before any request). */
export function thrown(run: () => unknown): any {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
