/**
 * Input the SDK must refuse before sending, with an InputError that says what was wrong: each of
 * these used to be sent altered (or blew up with a raw RangeError / URIError).
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';
import { failure } from '@magekit/test-support/failure';

const base = 'https://shop.test';


function recordRequests(): string[] {
  const seen: string[] = [];
  server.use(http.all(`${base}/rest/*`, ({ request }) => (seen.push(request.url), HttpResponse.json({}))));
  return seen;
}

describe('refused before sending', () => {
  it('a lone surrogate in a path parameter', async () => {
    const seen = recordRequests();
    const error = await failure(createCommerceClient({ baseUrl: base }).products.get({ sku: 'bag-\uD83D' }));
    expect(error.name).toBe('InputError');
    expect(error.message).toMatch(/path parameter "sku" contains an unpaired UTF-16 surrogate/);
    expect(seen).toEqual([]);
  });

  it('a lone surrogate in a query value (it used to be replaced by U+FFFD silently)', async () => {
    const seen = recordRequests();
    const error = await failure(
      createCommerceClient({ baseUrl: base }).products.list({ searchCriteria: { filter_groups: [{ filters: [{ field: 'name', value: 'x\uDC00y', condition_type: 'eq' }] }] } } as never),
    );
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(/unpaired UTF-16 surrogate/);
    expect(seen).toEqual([]);
  });

  it.each([NaN, Infinity, -Infinity])('%s as a path parameter', async (value) => {
    const seen = recordRequests();
    const error = await failure(createCommerceClient({ baseUrl: base }).orders.get({ id: value }));
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(/path parameter "id" is (NaN|-?Infinity)/);
    expect(seen).toEqual([]);
  });

  it.each(['async', 'V1', 'v2', 'schema'])('the reserved store code %s, per call and as the client option', async (code) => {
    const seen = recordRequests();
    const error = await failure(createCommerceClient({ baseUrl: base }).products.update({ sku: 'a', product: { sku: 'a' } }, { storeCode: code }));
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(/is reserved/);
    expect(() => createCommerceClient({ baseUrl: base, storeCode: code })).toThrow(/is reserved/);
    expect(seen).toEqual([]);
  });

  it('keeps accepting ordinary codes and "all"', async () => {
    const seen = recordRequests();
    await createCommerceClient({ baseUrl: base }).products.get({ sku: 'a' }, { storeCode: 'all' });
    await createCommerceClient({ baseUrl: base, storeCode: 'default' }).products.get({ sku: 'a' });
    expect(seen.map((u) => new URL(u).pathname)).toEqual(['/rest/all/V1/products/a', '/rest/default/V1/products/a']);
  });

  it('bracket characters in a query-object key', async () => {
    const seen = recordRequests();
    // GET /V1/inventory/get-distance takes `source` and `destination` address objects in the query.
    const error = await failure(createCommerceClient({ baseUrl: base }).request('GET /V1/inventory/get-distance', { source: { 'lat][itude': 1, longitude: 2 }, destination: { latitude: 3, longitude: 4 } } as never));
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(/"\[" and "\]" cannot appear in a key/);
    expect(seen).toEqual([]);
  });

  it('a fields selector nested 20,000 deep, as a string and as an object: InputError, not RangeError', async () => {
    const seen = recordRequests();
    const deepString = `${'a['.repeat(20_000)}b${']'.repeat(20_000)}`;
    const asString = await failure(createCommerceClient({ baseUrl: base }).products.get({ sku: 'a', fields: deepString } as never));
    expect(asString.kind).toBe('input');
    expect(asString.message).toMatch(/nests deeper than 32 levels/);
    let deepObject: unknown = ['b'];
    for (let i = 0; i < 20_000; i++) deepObject = [{ a: deepObject }];
    const asObject = await failure(createCommerceClient({ baseUrl: base }).products.get({ sku: 'a', fields: deepObject } as never));
    expect(asObject.kind).toBe('input');
    expect(asObject.message).toMatch(/nests deeper than 32 levels/);
    expect(seen).toEqual([]);
  });

  it('a non-finite number in a query', async () => {
    const seen = recordRequests();
    const error = await failure(createCommerceClient({ baseUrl: base }).request('GET /V1/categories', { depth: NaN } as never));
    expect(error.kind).toBe('input');
    expect(seen).toEqual([]);
  });
});

describe('refusals reject the returned promise (a call never throws synchronously)', () => {
  it('an unknown route, a bad store code and a bad path value', async () => {
    const seen = recordRequests();
    const commerce = createCommerceClient({ baseUrl: base });
    const calls: (() => Promise<unknown>)[] = [
      () => commerce.request('GET /V1/no-such-route' as never, {} as never),
      () => commerce.products.get({ sku: 'MB-01' }, { storeCode: 'not a code!' }),
      () => commerce.products.get({ sku: NaN as never }),
    ];
    for (const call of calls) {
      let returned: Promise<unknown> | undefined;
      expect(() => (returned = call())).not.toThrow();
      expect((await failure(returned!)).kind).toMatch(/input|configuration/);
    }
    expect(seen).toEqual([]);
  });
});
