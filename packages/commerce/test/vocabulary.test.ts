/**
 * The shared vocabulary (docs/design.md, "Vocabulary") as the commerce package speaks it: pages
 * `{ items, totalCount, offset, pageSize }` (plus the platform's `page`), `collect({ max })` and a
 * `max` option, running fakes with `url`, `stats` and `close()`, `FakeStats` counters. The
 * deprecated `fake.requests` keeps working for one release.
 */
import { http, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminToken, createCommerceClient, InputError } from '../src/index.ts';
import { paginate } from '../src/reads/paginate.ts';
import { createFakeIms, DEFAULT_FAKE_IMS_CLIENT, startFakeCommerce } from '../src/testing/index.ts';
import { server } from '@magekit/test-support/msw';
import { BASE, installSearchPlatform, product } from './search-harness.ts';

const commerce = () => createCommerceClient({ baseUrl: BASE, retry: false });
const range = (n: number) => Array.from({ length: n }, (_, i) => product(i + 1));
/** Each request's place: the key the walk went on after (none for the first page). */
const pagesAsked = (store: { requests: URL[] }) => store.requests.map((u) => u.searchParams.get('searchCriteria[filter_groups][0][filters][0][value]'));

describe('vocabulary: pages', () => {
  it('pages carry items, totalCount, offset and pageSize, with the platform page number', async () => {
    installSearchPlatform({ products: range(5) });
    const pages = [];
    for await (const page of paginate(commerce(), 'GET /V1/products', {}, { pageSize: 2 }).pages()) pages.push(page);
    expect(pages.map(({ items, totalCount, offset, pageSize, page }) => ({ n: items.length, totalCount, offset, pageSize, page }))).toEqual([
      { n: 2, totalCount: 5, offset: 0, pageSize: 2, page: 1 },
      { n: 2, totalCount: 5, offset: 2, pageSize: 2, page: 2 },
      { n: 1, totalCount: 5, offset: 4, pageSize: 2, page: 3 },
    ]);
  });

  it('collect({ max }) stops after max items and asks for no further page', async () => {
    const store = installSearchPlatform({ products: range(7) });
    const three = await commerce().paginate('GET /V1/products', {}, { pageSize: 2 }).collect({ max: 3 });
    expect(three.map((p) => p.sku)).toEqual(range(3).map((p) => p['sku']));
    expect(pagesAsked(store)).toEqual([null, '2']);
    expect(await commerce().paginate('GET /V1/products').collect({ max: 0 })).toEqual([]);
    expect(pagesAsked(store)).toEqual([null, '2']);
  });

  it('the max option bounds iteration as well, and a bad max is an InputError', async () => {
    const store = installSearchPlatform({ products: range(7) });
    const skus: (string | null)[] = [];
    for await (const item of commerce().paginate('GET /V1/products', {}, { pageSize: 3, max: 4 })) skus.push(item.sku);
    expect(skus).toEqual(range(4).map((p) => p['sku']));
    expect(pagesAsked(store)).toEqual([null, '3']);
    expect(() => commerce().paginate('GET /V1/products', {}, { max: 1.5 })).toThrow(InputError);
    await expect(commerce().paginate('GET /V1/products').collect({ max: -1 })).rejects.toThrow(/max must be a whole number/);
  });
});

describe('vocabulary: running fake and its stats', () => {
  it('has url, port, stats and close(); stats count requests, token requests, unmatched and by route', async () => {
    const admin = { username: 'admin', password: 'admin123!' };
    const running = await startFakeCommerce({ seed: { products: 2 }, auth: { admins: [admin] } });
    // A real loopback server: let MSW pass these requests through to it.
    server.use(http.all(`${running.url}/*`, () => passthrough()));
    try {
      expect(running.url).toBe(`http://127.0.0.1:${running.port}`);
      const client = createCommerceClient({ baseUrl: running.url, auth: adminToken(admin), retry: false });
      await client.products.get({ sku: 'SKU-0001' });
      await client.products.get({ sku: 'SKU-0002' });
      await fetch(`${running.url}/rest/V1/nowhere/at/all`);
      expect(running.stats).toBe(running.fake.stats);
      expect(running.stats.requests).toBe(4);
      expect(running.stats.tokenRequests).toBe(1);
      expect(running.stats.byRoute.get('GET /V1/products/{sku}')).toBe(2);
      expect(running.stats.unmatched).toEqual(['GET /rest/V1/nowhere/at/all']);
      expect(running.fake.requests).toBe(running.stats.byRoute);
    } finally {
      await running.close();
    }
  });
});

describe('vocabulary: durations in ms', () => {
  const tokenRequest = (fakeIms: ReturnType<typeof createFakeIms>) =>
    fakeIms.handle(
      new Request('https://ims.example.test/ims/token/v3', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEFAULT_FAKE_IMS_CLIENT.clientId, client_secret: DEFAULT_FAKE_IMS_CLIENT.clientSecret, scope: 'commerce.accs' }),
      }),
    );

  it('the fake IMS takes tokenTtlMs and answers whole seconds, as IMS does; tokenTtlSeconds still works', async () => {
    const ms = (await (await tokenRequest(createFakeIms({ tokenTtlMs: 90_500 }))).json()) as { expires_in: number };
    const seconds = (await (await tokenRequest(createFakeIms({ tokenTtlSeconds: 90 }))).json()) as { expires_in: number };
    expect([ms.expires_in, seconds.expires_in]).toEqual([90, 90]);
  });
});
