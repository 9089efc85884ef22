/**
 * The walk engine under paginate, exports and change feeds: what each request sends (page size, sort,
 * the fields positions are read from), offset paging when chosen, a start page, where a walk stops, and
 * answers that are not search results.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../../src/client.ts';
import { createLeanClient, none } from '../../src/entries/lean.ts';
import { paginate } from '../../src/entries/paginate.ts';
import { productsRoutes } from '../../src/generated/modules.ts';
import { where } from '../../src/search/index.ts';
import { server } from '@magekit/test-support/msw';
import { BASE, installSearchPlatform, product } from '../search-harness.ts';

const commerce = () => createCommerceClient({ baseUrl: BASE, retry: false });
const range = (n: number, make: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => make(i + 1));
const criteria = (url: URL, name: string) => url.searchParams.get(`searchCriteria[${name}]`);
const skus = (items: { sku?: string | null }[]) => items.map((p) => p.sku);
const sku = (i: number) => `SKU-${String(i).padStart(3, '0')}`;

/** A platform that answers every products search with `body`. */
function answering(body: unknown): { requests: number } {
  const seen = { requests: 0 };
  server.use(
    http.get(`${BASE}/rest/V1/products`, () => {
      seen.requests += 1;
      return HttpResponse.json(body as Record<string, unknown>);
    }),
  );
  return seen;
}

describe('what a walk sends', () => {
  it('asks 100 records a request unless the options or the criteria name a size (the options first)', async () => {
    const store = installSearchPlatform({ products: range(3, product) });
    await paginate(commerce(), 'GET /V1/products').collect();
    await paginate(commerce(), 'GET /V1/products', { searchCriteria: where('status', 'eq', 1).pageSize(4) }).collect();
    await paginate(commerce(), 'GET /V1/products', { searchCriteria: where('status', 'eq', 1).pageSize(4) }, { pageSize: 2 }).collect();
    // Two enabled products: one page each time.
    expect(store.requests.map((u) => criteria(u, 'page_size'))).toEqual(['100', '4', '2']);
  });

  it('works on a lean client given only the route module: a walk brings the encoders it needs', async () => {
    installSearchPlatform({ products: range(4, product) });
    const lean = createLeanClient({ baseUrl: BASE, auth: none(), routes: [productsRoutes] });
    expect(skus(await paginate(lean, 'GET /V1/products', { searchCriteria: where('status', 'eq', 1), fields: ['sku'] }, { pageSize: 2 }).collect())).toEqual([sku(1), sku(2), sku(4)]);
  });

  it('asks for the sort fields a narrowed selection lacks (and custom_attributes, where attributes answer), and hands back only what was selected', async () => {
    const store = installSearchPlatform({ products: range(5, product) });
    const sorted = where('status', 'eq', 1).sortBy('price', 'DESC');
    const narrow = await paginate(commerce(), 'GET /V1/products', { searchCriteria: sorted, fields: ['sku'] }, { pageSize: 2 }).collect();
    expect(narrow).toEqual([{ sku: sku(5) }, { sku: sku(4) }, { sku: sku(2) }, { sku: sku(1) }]);
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[sku,price,custom_attributes,id],total_count');
    store.requests.length = 0;
    // What the caller selected stays, and is not asked for twice.
    const wide = await paginate(commerce(), 'GET /V1/products', { searchCriteria: sorted, fields: ['sku', 'id', { custom_attributes: ['attribute_code', 'value'] }] }, { pageSize: 2 }).collect();
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[sku,id,custom_attributes[attribute_code,value],price],total_count');
    expect(wide.map((p) => Object.keys(p).sort().join())).toEqual(Array(4).fill('custom_attributes,id,sku'));
    // Two sorts besides the key: custom_attributes asked for once.
    store.requests.length = 0;
    await paginate(commerce(), 'GET /V1/products', { searchCriteria: sorted.sortBy('name', 'ASC'), fields: ['sku'] }).collect();
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[sku,price,custom_attributes,name,id],total_count');
    // Sorted by the key alone: only the key is added.
    store.requests.length = 0;
    await paginate(commerce(), 'GET /V1/products', { fields: ['sku'] }).collect();
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[sku,id],total_count');
  });

  it('refuses a route that takes a searchCriteria but answers no search result, and one that answers a list it cannot search', () => {
    for (const route of ['GET /V1/carts/licence/list', 'GET /V1/returns/{id}/tracking-numbers']) {
      expect(() => paginate(commerce(), route as 'GET /V1/products', {})).toThrow(
        expect.objectContaining({ kind: 'input', service: 'commerce', message: `paginate: ${route}: ${route} is not a search route (it does not answer { items, total_count } for a searchCriteria).` }),
      );
    }
  });

  it('refuses fields that select no item field, and a paging mode it does not know, before any request', () => {
    const store = installSearchPlatform({ products: range(2, product) });
    expect(() => paginate(commerce(), 'GET /V1/products', { fields: 'total_count' })).toThrow(
      expect.objectContaining({ service: 'commerce', message: 'fields must select item fields for a walk (its positions are read from the items).' }),
    );
    expect(() => paginate(commerce(), 'GET /V1/products', {}, { paging: 'cursor' as 'offset' })).toThrow(
      expect.objectContaining({ service: 'commerce', message: `paginate: GET /V1/products: paging must be 'keyset' or 'offset', got "cursor".` }),
    );
    expect(store.requests).toHaveLength(0);
  });
});

describe('offset paging (chosen for a route that cannot be walked by key)', () => {
  it("pages by current_page in the caller's sort alone, and stops when total_count is reached", async () => {
    const store = installSearchPlatform({ products: range(6, product) });
    const pages = [];
    for await (const page of paginate(commerce(), 'GET /V1/products', { searchCriteria: where('type_id', 'eq', 'simple').sortBy('price', 'DESC') }, { pageSize: 2, paging: 'offset' }).pages()) {
      pages.push([page.page, page.offset, page.totalCount, skus(page.items)]);
    }
    expect(pages).toEqual([[1, 0, 3, [sku(6), sku(4)]], [2, 2, 3, [sku(2)]]]);
    store.requests.length = 0;
    // A last page that is full: no request past it.
    expect(skus(await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3, paging: 'offset' }).collect())).toEqual(range(6, product).map((p) => p['sku']));
    expect(store.requests.map((u) => [criteria(u, 'current_page'), criteria(u, 'sort_orders][0][field'), criteria(u, 'filter_groups][0][filters][0][field')])).toEqual([['1', null, null], ['2', null, null]]);
  });

  it('sends the fields as selected, nothing added for positions', async () => {
    const store = installSearchPlatform({ products: range(3, product) });
    expect(await paginate(commerce(), 'GET /V1/products', { fields: ['sku'], searchCriteria: where('status', 'eq', 1).sortBy('price', 'ASC') }, { paging: 'offset' }).collect()).toEqual([{ sku: sku(1) }, { sku: sku(2) }]);
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[sku],total_count');
  });

  it('starts at the criteria’s page and counts offsets and totals from there', async () => {
    const store = installSearchPlatform({ products: range(7, product) });
    const pages = [];
    for await (const page of paginate(commerce(), 'GET /V1/products', { searchCriteria: { current_page: 2, page_size: 3 } }, { paging: 'offset' }).pages()) pages.push([page.page, page.offset, page.totalCount, skus(page.items)]);
    expect(pages).toEqual([[2, 3, 7, [sku(4), sku(5), sku(6)]], [3, 6, 7, [sku(7)]]]);
    expect(store.requests.map((u) => criteria(u, 'current_page'))).toEqual(['2', '3']);
  });
});

describe('a start page under a smaller maximum page size', () => {
  it('starts from the same record when the installation refuses the size: the records before it are skipped once', async () => {
    installSearchPlatform({ products: range(10, product) });
    server.use(
      http.get(`${BASE}/rest/V1/products`, ({ request }) => {
        if (Number(new URL(request.url).searchParams.get('searchCriteria[page_size]')) > 3) return HttpResponse.json({ message: 'Maximum SearchCriteria pageSize is %max', parameters: { max: 3 } }, { status: 400 });
        return undefined;
      }),
    );
    const pages = [];
    // Page 2 of 4 a page starts at the fifth product; at 3 a page that is the second record of page 2.
    for await (const page of paginate(commerce(), 'GET /V1/products', { searchCriteria: { current_page: 2, page_size: 4 } }).pages()) pages.push([page.page, page.pageSize, page.offset, page.totalCount, skus(page.items)]);
    expect(pages).toEqual([
      [2, 3, 4, 10, [sku(5), sku(6)]],
      [3, 3, 6, 10, [sku(7), sku(8), sku(9)]],
      [4, 3, 9, 10, [sku(10)]],
    ]);
  });
});

describe('aborts', () => {
  it("abandons a request under way when the caller's signal aborts", async () => {
    server.use(http.get(`${BASE}/rest/V1/products`, () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const error = await paginate(commerce(), 'GET /V1/products', {}, { signal: controller.signal }).collect().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'abort' });
  });
});

describe('where a walk stops', () => {
  it('stops on an empty page even when total_count says records remain (by key and by offset)', async () => {
    const platform = answering({ items: [], total_count: 10 });
    expect(await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 5 }).collect()).toEqual([]);
    expect(await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 5, paging: 'offset' }).collect()).toEqual([]);
    expect(platform.requests).toBe(2);
  });

  it('fails with a ResponseError naming the shape, and carrying the answer, when a page is not { items: [...], total_count: n }', async () => {
    for (const body of [{ items: [], total_count: 1.5 }, { items: [], total_count: -1 }, { items: [], total_count: '3' }, { items: {}, total_count: 0 }, { total_count: 0 }, null]) {
      answering(body);
      const error = (await paginate(commerce(), 'GET /V1/products').collect().catch((e: unknown) => e)) as Error & { kind: string; raw: string; service: string };
      expect([error.kind, error.service, error.raw], JSON.stringify(body)).toEqual(['response', 'commerce', JSON.stringify(body)]);
      expect(error.message).toBe('paginate: GET /V1/products: a page is not { items: [...], total_count: n }; walking needs both (if you passed fields, select item fields).');
    }
  });

  it('hands over an item that is not a record as it came, under fields too', async () => {
    answering({ items: [null, 'SKU-000', { id: 1, sku: 'SKU-001' }], total_count: 3 });
    expect(await paginate(commerce(), 'GET /V1/products', { fields: ['sku'] }).collect()).toEqual([null, 'SKU-000', { sku: 'SKU-001' }]);
  });
});
