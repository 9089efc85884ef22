/**
 * missingKeys: the keys a caller holds that the store no longer has (the deletes a change feed cannot
 * see), asked a chunk of keys a request with `key in (...)`, each key once, bad keys refused first.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@magekit/test-support/msw';
import { createCommerceClient } from '../../src/client.ts';
import { createLeanClient, none } from '../../src/entries/lean.ts';
import { ordersRoutes } from '../../src/generated/modules.ts';
import { missingKeys } from '../../src/reads/reconcile.ts';
import { BASE, installSearchPlatform, order, product } from '../search-harness.ts';

const commerce = () => createCommerceClient({ baseUrl: BASE, retry: false });
const range = (n: number, make: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => make(i + 1));
const param = (url: URL, name: string) => url.searchParams.get(`searchCriteria[${name}]`);

describe('missingKeys', () => {
  it('answers the held keys the store no longer has, in the order given, each once, a chunk of keys a request', async () => {
    const store = installSearchPlatform({ orders: range(10, order) });
    expect(await missingKeys(commerce(), 'GET /V1/orders', [12, 3, 11, 5, 3, 12], { chunkSize: 2 })).toEqual([12, 11]);
    expect(store.requests.map((u) => param(u, 'filter_groups][0][filters][0][value'))).toEqual(['12,3', '11,5']);
    for (const url of store.requests) {
      expect(url.pathname).toBe('/rest/V1/orders');
      expect(param(url, 'filter_groups][0][filters][0][field')).toBe('entity_id');
      expect(param(url, 'filter_groups][0][filters][0][condition_type')).toBe('in');
      // Every key of the chunk fits one page; only the key comes back.
      expect([param(url, 'page_size'), param(url, 'current_page')]).toEqual(['2', '1']);
      expect(url.searchParams.get('fields')).toBe('items[entity_id],total_count');
    }
  });

  it('asks 200 keys a request by default; the last chunk asks for what is left', async () => {
    const store = installSearchPlatform({ orders: range(450, order) });
    const held = Array.from({ length: 450 }, (_, i) => i + 1);
    expect(await missingKeys(commerce(), 'GET /V1/orders', held)).toEqual([]);
    expect(store.requests.map((u) => param(u, 'page_size'))).toEqual(['200', '200', '50']);
    expect(store.requests[2]!.searchParams.get('searchCriteria[filter_groups][0][filters][0][value]')!.split(',')).toEqual(held.slice(400).map(String));
  });

  it('filters on the route key and reads the item’s name for it (products: entity_id, answered as id), keys as numbers or strings', async () => {
    const store = installSearchPlatform({ products: range(5, product) });
    expect(await missingKeys(commerce(), 'GET /V1/products', ['1', 2, 99, '100'])).toEqual([99, '100']);
    expect(param(store.requests[0]!, 'filter_groups][0][filters][0][field')).toBe('entity_id');
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[id],total_count');
  });

  it('answers every key when none is left (the platform answers items: null under fields)', async () => {
    installSearchPlatform({ orders: range(3, order) });
    expect(await missingKeys(commerce(), 'GET /V1/orders', new Set([50, 51]))).toEqual([50, 51]);
  });

  it('works on a lean client given only the route module (it brings the encoders it needs)', async () => {
    installSearchPlatform({ orders: range(3, order) });
    const lean = createLeanClient({ baseUrl: BASE, auth: none(), routes: [ordersRoutes] });
    expect(await missingKeys(lean, 'GET /V1/orders', [1, 7])).toEqual([7]);
  });

  it('fails on an answer that is not a search result, rather than report every key missing', async () => {
    for (const body of [{}, { items: {} }, null]) {
      server.use(http.get(`${BASE}/rest/V1/orders`, () => HttpResponse.json(body)));
      const error = (await missingKeys(commerce(), 'GET /V1/orders', [1, 2]).catch((e: unknown) => e)) as Error & { kind: string; raw: string; service: string };
      expect([error.kind, error.service, error.raw], JSON.stringify(body)).toEqual(['response', 'commerce', JSON.stringify(body)]);
      expect(error.message).toBe('missingKeys: GET /V1/orders answered no { items: [...] }; no key is reported missing from it.');
    }
  });

  it('sends nothing for no keys, and sends the call options (a store view) with each request', async () => {
    const store = installSearchPlatform({ orders: range(3, order) });
    expect(await missingKeys(commerce(), 'GET /V1/orders', [])).toEqual([]);
    expect(store.requests).toHaveLength(0);
    expect(await missingKeys(commerce(), 'GET /V1/orders', [2, 9], { storeCode: 'de' })).toEqual([9]);
    expect(store.requests.map((u) => u.pathname)).toEqual(['/rest/de/V1/orders']);
  });

  it('refuses a key that cannot travel in an `in` filter, a bad chunk size and a route without a key, before any request', async () => {
    const store = installSearchPlatform({ orders: range(3, order) });
    const refusal = (held: unknown[], options = {}, route = 'GET /V1/orders') => missingKeys(commerce(), route as 'GET /V1/orders', held as number[], options).then(() => 'accepted', (e: unknown) => e as Error);
    for (const [bad, shown] of [[Number.NaN, 'NaN'], [Number.POSITIVE_INFINITY, 'Infinity'], ['', '""'], ['SKU-1,SKU-2', '"SKU-1,SKU-2"'], [{ id: 1 }, '{"id":1}'], [true, 'true'], [null, 'null']] as const) {
      const error = await refusal([1, bad]);
      expect(error, shown).toMatchObject({ kind: 'input', service: 'commerce' });
      expect((error as Error).message).toBe(`missingKeys: ${shown} is not a key of GET /V1/orders (a number, or a string without commas).`);
    }
    expect(await refusal([1], { chunkSize: 0 })).toMatchObject({ kind: 'input', message: expect.stringContaining('chunkSize must be a positive integer') });
    expect(await refusal([1], {}, 'GET /V1/bulk')).toMatchObject({ kind: 'input', message: expect.stringContaining('missingKeys: GET /V1/bulk cannot be walked by key') });
    expect(store.requests).toHaveLength(0);
  });
});
