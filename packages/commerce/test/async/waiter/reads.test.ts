/**
 * The bulk status reads, each as small as the platform allows: what each request asks for, how its
 * answer is checked, and how listings page.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InputError, ResponseError } from '@magekit/core';
import { createBulkReads } from '../../../src/async/waiter/reads.ts';
import { runtimeOf } from '../../../src/calls/runtime.ts';
import { createLeanClient } from '../../../src/entries/lean.ts';
import { productsRoutes } from '../../../src/generated/modules.ts';
import { createCommerceClient, none } from '../../../src/index.ts';
import { parseSearchCriteria } from '../../../src/testing/search.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://shop.reads.test';
const runtime = () => runtimeOf(createCommerceClient({ baseUrl: BASE, auth: none(), retry: { limit: 1, backoffLimit: 1 } }));
const reads = (transportRetries = false, request = {}, signal?: AbortSignal) => createBulkReads(runtime(), request, signal, transportRetries);

/** Answers the operation search from `rows` by page, recording each request's criteria and fields. */
function search(rows: { id: number; status: number }[], options: { total?: number; cap?: number } = {}) {
  const asked: { filters: string[]; page: number | undefined; size: number | undefined; fields: string | null; conditions?: string[] }[] = [];
  server.use(
    http.get(`${BASE}/rest/V1/bulk`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const criteria = parseSearchCriteria(query);
      asked.push({
        filters: criteria.filter_groups.map((g) => g.filters.map((f) => `${f.field} ${f.condition_type} ${f.value}`).join(' | ')),
        page: criteria.page_size === undefined ? undefined : criteria.current_page,
        size: criteria.page_size,
        fields: query.get('fields'),
      });
      const size = criteria.page_size ?? 300;
      if (options.cap !== undefined && size > options.cap) {
        return HttpResponse.json({ message: 'Maximum SearchCriteria pageSize is %max', parameters: { max: options.cap } }, { status: 400 });
      }
      const page = criteria.current_page ?? 1;
      return HttpResponse.json({ items: rows.slice((page - 1) * size, page * size), total_count: options.total ?? rows.length });
    }),
  );
  return asked;
}

describe('createBulkReads: routes', () => {
  it('refuses a client without the bulk routes before anything is sent, saying how to add them', () => {
    const lean = createLeanClient({ baseUrl: BASE, auth: none(), routes: [productsRoutes] });
    expect(() => createBulkReads(runtimeOf(lean), {}, undefined)).toThrow(InputError);
    expect(() => createBulkReads(runtimeOf(lean), {}, undefined)).toThrow(expect.objectContaining({ service: 'commerce' }));
    expect(() => createBulkReads(runtimeOf(lean), {}, undefined)).toThrow(
      'waitForBulk and readBulkStatus read GET /V1/bulk, which this client does not know: add bulkRoutes (exported by @magekit/commerce/modules) with the routes option or addRoutes(client, bulkRoutes). Nothing was sent.',
    );
  });
});

describe('createBulkReads: an unexpected failure looking up a route', () => {
  it('is let through as it is, not reported as a missing module', () => {
    const broken = new TypeError('route table not loaded');
    const runtime = { route: () => { throw broken; } };
    expect(() => createBulkReads(runtime as never, {}, undefined)).toThrow(broken);
  });
});

describe('operationCount', () => {
  it('reads operation_count alone from the summary, the UUID encoded as one path segment', async () => {
    let url: URL | undefined;
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/status`, ({ request }) => ((url = new URL(request.url)), HttpResponse.json({ operation_count: 7 }))));
    expect(await reads().operationCount('a/b c')).toBe(7);
    expect(url!.pathname).toBe('/rest/V1/bulk/a%2Fb%20c/status');
    expect(url!.searchParams.get('fields')).toBe('operation_count');
  });

  it('sends the per-request options (a store code) with each read', async () => {
    let path = '';
    server.use(http.get(`${BASE}/rest/:store/V1/bulk/:uuid/status`, ({ request }) => ((path = new URL(request.url).pathname), HttpResponse.json({ operation_count: 0 }))));
    expect(await reads(false, { storeCode: 'de' }).operationCount('u')).toBe(0);
    expect(path).toBe('/rest/de/V1/bulk/u/status');
  });

  it.each([[{}], [null], [{ operation_count: -1 }], [{ operation_count: 1.5 }], [{ operation_count: '3' }]])('refuses a summary %j with a response error naming the route and what was expected', async (body) => {
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/status`, () => HttpResponse.json(body)));
    const error = await reads().operationCount('u').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).message).toBe('GET /V1/bulk/u/status answered with an unexpected shape (expected a bulk summary with operation_count).');
    expect((error as ResponseError).raw).toBe(JSON.stringify(body));
    expect((error as ResponseError).method).toBe('GET');
    expect((error as ResponseError).service).toBe('commerce');
  });
});

describe('openCounter', () => {
  it.each([[5, 5], [0, 0], ['12', 12], [' 3 ', 3]])('reads the bare integer %j as %d', async (body, count) => {
    let path = '';
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/:status`, ({ request }) => ((path = new URL(request.url).pathname), HttpResponse.json(body))));
    expect(await reads().openCounter('u 1')).toBe(count);
    expect(path).toBe('/rest/V1/bulk/u%201/operation-status/4');
  });

  it.each([['-2'], ['1.5'], ['three'], [-1], [2.5], [{ count: 1 }], ['x5'], ['5x'], [''], [null], [true], [[3]], ['1e3'], ['0x10'], ['+5']])('refuses %j, which is not a count', async (body) => {
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/:status`, () => HttpResponse.json(body)));
    const error = await reads().openCounter('u').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).message).toBe('GET /V1/bulk/u/operation-status/4 answered with an unexpected shape (expected a bare integer).');
  });
});

describe('closedCount', () => {
  it('asks for the total of this bulk’s rows whose status is not 4, one row a page, total_count only', async () => {
    const asked = search([], { total: 42 });
    expect(await reads().closedCount('b1')).toBe(42);
    expect(asked).toEqual([{ filters: ['bulk_uuid eq b1', 'status neq 4'], page: 1, size: 1, fields: 'total_count' }]);
  });

  it.each([[{ items: [] }], [null]])('refuses an answer without a count: %j', async (body) => {
    server.use(http.get(`${BASE}/rest/V1/bulk`, () => HttpResponse.json(body)));
    const error = await reads().closedCount('b1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as Error).message).toBe('GET /V1/bulk answered with an unexpected shape (expected an operation search with total_count).');
  });

  it('names the bulk with an explicit eq condition on the wire', async () => {
    let query: URLSearchParams | undefined;
    server.use(http.get(`${BASE}/rest/V1/bulk`, ({ request }) => ((query = new URL(request.url).searchParams), HttpResponse.json({ total_count: 0 }))));
    await reads().closedCount('b1');
    expect(query!.get('searchCriteria[filter_groups][0][filters][0][field]')).toBe('bulk_uuid');
    expect(query!.get('searchCriteria[filter_groups][0][filters][0][condition_type]')).toBe('eq');
  });
});

describe('list', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, id) => ({ id, status: 3 }));

  it.each([
    ['failed', ['bulk_uuid eq b1', 'status gt 1', 'status neq 4']],
    ['complete', ['bulk_uuid eq b1', 'status eq 1']],
    ['not-failed', ['bulk_uuid eq b1', 'status eq 1 | status eq 4']],
  ] as const)('%s: one bulk per search, filtered to its statuses, 300 a page, only the fields asked for', async (status, filters) => {
    const asked = search(rows(2));
    expect(await reads().list('b1', status, ['id', 'status'])).toEqual(rows(2));
    expect(asked).toEqual([{ filters, page: 1, size: 300, fields: 'items[id,status],total_count' }]);
  });

  it.each([
    ['failed', ['eq', 'gt', 'neq']],
    ['complete', ['eq', 'eq']],
    ['not-failed', ['eq', 'eq', 'eq']],
  ] as const)('%s: every condition is spelled out on the wire', async (status, conditions) => {
    let query: URLSearchParams | undefined;
    server.use(http.get(`${BASE}/rest/V1/bulk`, ({ request }) => ((query = new URL(request.url).searchParams), HttpResponse.json({ items: [], total_count: 0 }))));
    await reads().list('b1', status, ['id']);
    expect([...query!.entries()].filter(([key]) => key.endsWith('[condition_type]')).map(([, value]) => value)).toEqual(conditions);
  });

  it('pages until total_count is reached, asking for no page past it', async () => {
    const asked = search(rows(600));
    expect(await reads().list('b1', 'failed', ['id'])).toHaveLength(600);
    expect(asked.map((a) => a.page)).toEqual([1, 2]);
  });

  it('stops on an empty page even when total_count promised more', async () => {
    const asked = search(rows(301), { total: 1000 });
    expect(await reads().list('b1', 'failed', ['id'])).toHaveLength(301);
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it('lists a row that moved between pages once', async () => {
    const repeated = [...rows(300), { id: 299, status: 3 }, { id: 300, status: 3 }];
    search(repeated, { total: 302 });
    expect((await reads().list('b1', 'failed', ['id'])).map((op) => op.id)).toEqual(Array.from({ length: 301 }, (_, i) => i));
  });

  it('follows a lower page cap the platform names, listing again from the first page, and keeps to it afterwards', async () => {
    const asked = search(rows(5), { cap: 2 });
    const r = reads();
    expect(await r.list('b1', 'failed', ['id'])).toEqual(rows(5));
    expect(asked.map((a) => `${a.page}x${a.size}`)).toEqual(['1x300', '1x2', '2x2', '3x2']);
    asked.length = 0;
    await r.list('b2', 'failed', ['id']);
    expect(asked.map((a) => `${a.page}x${a.size}`)).toEqual(['1x2', '2x2', '3x2']);
  });

  it('lets any other failure through', async () => {
    server.use(http.get(`${BASE}/rest/V1/bulk`, () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    await expect(reads().list('b1', 'failed', ['id'])).rejects.toMatchObject({ status: 403 });
  });
});

describe('page', () => {
  it('answers one page with its total; an empty match may come without items or with null', async () => {
    server.use(http.get(`${BASE}/rest/V1/bulk`, () => HttpResponse.json({ total_count: 0 })));
    expect(await reads().page('b1', 'complete', ['id'], 1, 10)).toEqual({ items: [], total: 0 });
    server.use(http.get(`${BASE}/rest/V1/bulk`, () => HttpResponse.json({ items: null, total_count: 0 })));
    expect(await reads().page('b1', 'complete', ['id'], 1, 10)).toEqual({ items: [], total: 0 });
  });

  it('asks for the page and size given', async () => {
    const asked = search([{ id: 0, status: 1 }]);
    await reads().page('b1', 'complete', ['id', 'result_serialized_data'], 4, 25);
    expect(asked).toEqual([{ filters: ['bulk_uuid eq b1', 'status eq 1'], page: 4, size: 25, fields: 'items[id,result_serialized_data],total_count' }]);
  });

  it.each([
    [null, 'an operation search ({items, total_count})'],
    [{ items: [] }, 'an operation search ({items, total_count})'],
    [{ items: [], total_count: '1' }, 'an operation search ({items, total_count})'],
    [{ items: {}, total_count: 1 }, 'operations with a numeric id and status'],
    [{ items: [{ id: '1', status: 1 }], total_count: 1 }, 'operations with a numeric id and status'],
    [{ items: [{ id: 1, status: '1' }], total_count: 1 }, 'operations with a numeric id and status'],
    [{ items: [{ id: 1, status: 1 }, null], total_count: 2 }, 'operations with a numeric id and status'],
  ])('refuses %j', async (body, expected) => {
    server.use(http.get(`${BASE}/rest/V1/bulk`, () => HttpResponse.json(body)));
    await expect(reads().page('b1', 'complete', ['id'], 1, 10)).rejects.toThrow(`GET /V1/bulk answered with an unexpected shape (expected ${expected}).`);
  });

  it('reads with the signal given to the page, else the one given to the reads', async () => {
    server.use(http.get(`${BASE}/rest/V1/bulk`, () => HttpResponse.json({ items: [], total_count: 0 })));
    const aborted = AbortSignal.abort(new Error('caller stopped'));
    await expect(reads().page('b1', 'complete', ['id'], 1, 10, aborted)).rejects.toMatchObject({ kind: 'abort' });
    await expect(reads(false, {}, aborted).page('b1', 'complete', ['id'], 1, 10)).rejects.toMatchObject({ kind: 'abort' });
    await expect(reads(false, {}, aborted).page('b1', 'complete', ['id'], 1, 10, new AbortController().signal)).resolves.toEqual({ items: [], total: 0 });
  });
});

describe('retries', () => {
  it('the waiter’s reads (the default) leave a failed read to its own schedule; a one-off status read gets the transport’s retries', async () => {
    let served = 0;
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/:status`, () => (++served === 1 ? HttpResponse.json({ message: 'busy' }, { status: 503 }) : HttpResponse.json(2))));
    await expect(createBulkReads(runtime(), {}, undefined).openCounter('u')).rejects.toMatchObject({ status: 503 });
    expect(served).toBe(1);
    served = 0;
    expect(await reads(true).openCounter('u')).toBe(2);
    expect(served).toBe(2);
  });

  it('every read of the waiter is cut off by its signal', async () => {
    const aborted = AbortSignal.abort(new Error('deadline'));
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/status`, () => HttpResponse.json({ operation_count: 1 })), http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/:status`, () => HttpResponse.json(1)));
    search([]);
    const r = reads(false, {}, aborted);
    for (const read of [() => r.operationCount('u'), () => r.openCounter('u'), () => r.closedCount('u'), () => r.list('u', 'failed', ['id'])]) {
      await expect(read()).rejects.toMatchObject({ kind: 'abort' });
    }
  });
});
