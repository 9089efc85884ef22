/**
 * paginate(): every item exactly once, stopping on total_count (2.3 repeated the last page past the
 * end, 2.4 answers an empty one), with fields (wrapped, total_count kept), searchCriteria, abort and bad input.
 */
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../src/client.ts';
import { InputLimitError } from '../src/platform/errors.ts';
import { paginate } from '../src/reads/paginate.ts';
import { searchCriteria, where } from '../src/search/index.ts';
import { createFakeCommerce } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { applyFields, applySearch, parseSearchCriteria } from '../src/testing/search.ts';
import { EAV_ENTITY } from '../src/testing/search-tables.ts';
import { server } from '@magekit/test-support/msw';
import { BASE, customer, installSearchPlatform, order, product } from './search-harness.ts';

const commerce = () => createCommerceClient({ baseUrl: BASE, retry: false });
const range = (n: number, make: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => make(i + 1));

describe('paginate', () => {
  it('visits every product once by key: each request asks for what follows the last product delivered', async () => {
    const store = installSearchPlatform({ products: range(7, product) });
    const skus: (string | null)[] = [];
    for await (const item of paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3 })) skus.push(item.sku);
    expect(skus).toEqual(range(7, product).map((p) => p['sku']));
    // The first page of a fresh filter each time, sorted by the key (products filter and sort on entity_id), the page size sent.
    expect(store.requests.map((u) => [u.searchParams.get('searchCriteria[current_page]'), u.searchParams.get('searchCriteria[filter_groups][0][filters][0][value]')])).toEqual([['1', null], ['1', '3'], ['1', '6']]);
    expect(store.requests.every((u) => u.searchParams.get('searchCriteria[page_size]') === '3' && u.searchParams.get('searchCriteria[sort_orders][0][field]') === 'entity_id')).toBe(true);
    expect(store.requests[1]!.searchParams.get('searchCriteria[filter_groups][0][filters][0][condition_type]')).toBe('gt');
  });

  it('stops after one request when everything fits, and on an empty search', async () => {
    const store = installSearchPlatform({ products: range(3, product) });
    expect(await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3 }).collect()).toHaveLength(3);
    expect(await paginate(commerce(), 'GET /V1/products', { searchCriteria: where('price', 'gt', 1000) }).collect()).toEqual([]);
    expect(store.requests).toHaveLength(2);
  });

  it('keeps the filters and sort orders, takes page size and start page from the criteria', async () => {
    const store = installSearchPlatform({ products: range(20, product) });
    const criteria = where('status', 'eq', 1).sortBy('price', 'DESC').pageSize(4).page(2);
    const ids = (await paginate(commerce(), 'GET /V1/products', { searchCriteria: criteria }).collect()).map((p) => p.id);
    const enabled = range(20, product).filter((p) => p['status'] === 1).map((p) => p['id'] as number).sort((a, b) => b - a);
    expect(ids).toEqual(enabled.slice(4));
    expect(store.requests[0]!.searchParams.get('searchCriteria[filter_groups][0][filters][0][field]')).toBe('status');
  });

  it('pages() reports each page with its total', async () => {
    installSearchPlatform({ customers: range(5, customer) });
    const pages = [];
    for await (const page of paginate(commerce(), 'GET /V1/customers/search', {}, { pageSize: 2 }).pages()) pages.push([page.page, page.items.length, page.totalCount]);
    expect(pages).toEqual([[1, 2, 5], [2, 2, 5], [3, 1, 5]]);
  });

  it('with fields: wraps them in items[...] and keeps total_count so paging still works', async () => {
    const store = installSearchPlatform({ orders: range(5, order) });
    const all = await paginate(commerce(), 'GET /V1/orders', { fields: ['increment_id', { items: ['sku'] }] }, { pageSize: 2 }).collect();
    expect(all).toEqual(range(5, order).map((o) => ({ increment_id: o['increment_id'], items: [{ sku: (o['items'] as { sku: string }[])[0]!.sku }] })));
    // The key is asked for too (positions are read from it) and taken out of the items again.
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[increment_id,items[sku],entity_id],total_count');
  });

  it('with fields on an empty search (the platform answers items: null)', async () => {
    installSearchPlatform({ products: [] });
    expect(await paginate(commerce(), 'GET /V1/products', { fields: ['sku'] }).collect()).toEqual([]);
  });

  it('stops when the signal aborts between pages, with a typed abort error', async () => {
    const store = installSearchPlatform({ products: range(9, product) });
    const controller = new AbortController();
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const item of paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3, signal: controller.signal })) {
        seen.push(item);
        if (seen.length === 4) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'abort', service: 'commerce', message: 'paginate: GET /V1/products was aborted by the caller while iterating.' });
    expect(seen).toHaveLength(4);
    expect(store.requests).toHaveLength(2);
  });

  it('stops at max items without asking for the page after them, and refuses a max that is not a count', async () => {
    const store = installSearchPlatform({ products: range(9, product) });
    expect((await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3, max: 4 }).collect()).map((p) => p.sku)).toEqual(range(4, product).map((p) => p['sku']));
    expect(store.requests).toHaveLength(2);
    expect(() => paginate(commerce(), 'GET /V1/products', {}, { max: -1 })).toThrow(expect.objectContaining({ kind: 'input', service: 'commerce', message: 'paginate: GET /V1/products: max must be a whole number of items (0 or more), got -1.' }));
  });

  it('refuses bad input before any request', () => {
    const client = commerce();
    expect(() => paginate(client, 'GET /V1/products', {}, { pageSize: 0 })).toThrow('pageSize must be a positive integer, got 0');
    expect(() => paginate(client, 'GET /V1/products', {}, { pageSize: 1.5 })).toThrow('positive integer');
    expect(() => paginate(client, 'GET /V1/products', { searchCriteria: { filter_groups: [{ filters: [] }] } })).toThrow('filter_groups[0] is empty');
    expect(() => paginate(client, 'GET /V1/products', { fields: 'sku,[' })).toThrow('a field name is missing');
    expect(() => paginate(client, 'GET /V1/products/{sku}' as 'GET /V1/products', {})).toThrow('not a search route');
  });

  it('stops on a short page even when total_count still counts a row deleted between its COUNT and its SELECT', async () => {
    // Each page is two statements: COUNT(*) then the SELECT. A product deleted between them is counted,
    // not returned: the page comes back short while total_count says one more row follows.
    let requests = 0;
    server.use(
      http.get(`${BASE}/rest/V1/products`, ({ request }) => {
        requests += 1;
        const url = new URL(request.url);
        const result = applySearch(range(5, product), parseSearchCriteria(url.searchParams), { ...EAV_ENTITY, pastLastPage: 'repeat' });
        return HttpResponse.json({ ...result, total_count: result.total_count + 1 });
      }),
    );
    const keyset = await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3 }).collect();
    expect(keyset.map((p) => p.sku)).toEqual(range(5, product).map((p) => p['sku']));
    expect(requests).toBe(2);
    // Offset paging on a platform that answers a page past the end with the last one again (2.3, custom
    // repositories): asking past the short page would deliver its products twice.
    requests = 0;
    const offset = await paginate(commerce(), 'GET /V1/products', {}, { pageSize: 3, paging: 'offset' }).collect();
    expect(offset.map((p) => p.sku)).toEqual(range(5, product).map((p) => p['sku']));
    expect(requests).toBe(2);
  });

  it('fails clearly when a page is not a search result', async () => {
    server.use(http.get(`${BASE}/rest/V1/products`, () => HttpResponse.json({ items: [] })));
    const error = await paginate(commerce(), 'GET /V1/products').collect().catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('response');
    expect((error as Error).message).toContain('total_count');
  });
});

describe('paginate (property)', () => {
  it('visits every item exactly once for any total, page size and sort, though tied rows come back in a fresh order each request', async () => {
    let records: Record<string, unknown>[] = [];
    let requests = 0;
    let pastLastPage: 'empty' | 'repeat' = 'empty';
    let seed = 1;
    // A platform backed by the fake's search: an EAV table (entity_id read as id), ties shuffled per request, either release past the end.
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    server.use(
      http.get(`${BASE}/rest/V1/products`, ({ request }) => {
        requests += 1;
        const url = new URL(request.url);
        const result = applySearch(records, parseSearchCriteria(url.searchParams), { ...EAV_ENTITY, pastLastPage, random });
        return HttpResponse.json(applyFields(result, url.searchParams.get('fields')) as Record<string, unknown>);
      }),
    );
    const client = commerce();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 25 }),
        fc.boolean(),
        fc.constantFrom('empty' as const, 'repeat' as const),
        fc.constantFrom(undefined, 'ASC' as const, 'DESC' as const),
        async (total, pageSize, withFields, release, direction) => {
          // Prices tie in threes; a few have none.
          records = range(total, (i) => ({ id: i, sku: `S${i}`, ...(i % 7 === 0 ? {} : { price: Math.floor(i / 3) % 5 }) }));
          pastLastPage = release;
          requests = 0;
          const params = { ...(withFields ? { fields: ['sku'] as const } : {}), ...(direction ? { searchCriteria: searchCriteria().sortBy('price', direction) } : {}) };
          const items = (await paginate(client, 'GET /V1/products', params as {}, { pageSize }).collect()) as { sku: string; id?: number }[];
          expect(items.map((p) => p.sku).sort()).toEqual(records.map((r) => r['sku'] as string).sort());
          if (withFields) expect(items.every((p) => Object.keys(p).join() === 'sku')).toBe(true);
          expect(requests).toBe(Math.max(1, Math.ceil(total / pageSize)));
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});

describe('paginate under the platform input limits (2.4.3+)', () => {
  it('a page size above the maximum is an InputLimitError carrying it, and paginate goes on at that size', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 120 }, inputLimits: { maximumPageSize: 50 } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const client = commerce();
    const refused = await client.products.list({ searchCriteria: { page_size: 100 } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InputLimitError);
    expect(refused).toMatchObject({ status: 400, limit: 'page-size', maximum: 50, template: 'Maximum SearchCriteria pageSize is %max', kind: 'http' });
    expect((refused as Error).message).toMatch(/failed with 400: Maximum SearchCriteria pageSize is 50$/);

    const before = fake.stats.byRoute.get('GET /V1/products') ?? 0;
    const pages = [];
    for await (const page of paginate(client, 'GET /V1/products', {}, { pageSize: 100 }).pages()) pages.push(page);
    expect(pages.map((p) => [p.page, p.pageSize, p.offset, p.items.length])).toEqual([[1, 50, 0, 50], [2, 50, 50, 50], [3, 50, 100, 20]]);
    expect(new Set(pages.flatMap((p) => p.items.map((i) => i.sku))).size).toBe(120);
    // One refused request, then three pages.
    expect((fake.stats.byRoute.get('GET /V1/products') ?? 0) - before).toBe(4);
  });

  it('a smaller maximum met after the first page goes on from the same item', async () => {
    installSearchPlatform({ products: range(10, product) });
    let served = 0;
    server.use(
      http.get(`${BASE}/rest/V1/products`, ({ request }) => {
        const size = Number(new URL(request.url).searchParams.get('searchCriteria[page_size]'));
        // The merchant lowers the limit to 3 after the first page of 4.
        if (served++ > 0 && size > 3) return HttpResponse.json({ message: 'Maximum SearchCriteria pageSize is %max', parameters: { max: 3 } }, { status: 400 });
        return undefined;
      }),
    );
    const pages = [];
    for await (const page of paginate(commerce(), 'GET /V1/products', {}, { pageSize: 4 }).pages()) pages.push(page);
    expect(pages.map((p) => [p.page, p.pageSize, p.offset, p.items.map((i) => i.sku)])).toEqual([
      [1, 4, 0, ['SKU-001', 'SKU-002', 'SKU-003', 'SKU-004']],
      [2, 3, 4, ['SKU-005', 'SKU-006', 'SKU-007']],
      [3, 3, 7, ['SKU-008', 'SKU-009', 'SKU-010']],
    ]);
  });
});
