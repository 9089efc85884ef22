/**
 * The shared vocabulary (docs/design.md, "Vocabulary") as the marketplace package speaks it: pages
 * `{ items, totalCount, offset, pageSize }`, `collect({ max })`, `throwIfFailed()`, running fakes
 * with `url`, `stats` and `close()`, durations in milliseconds, a malformed page as a ResponseError.
 * The deprecated names keep working for one release.
 */
import { http, HttpResponse, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import { BatchError, ConfigurationError, createMarketplaceClient, ResponseError } from '../src/index.ts';
import { startFakeMarketplace } from '../src/testing/index.ts';
import { server } from '@magekit/test-support/msw';
import { draft, setupFake } from './helpers.ts';

async function seeded(count: number) {
  const env = setupFake();
  (await env.market.packages.submit(Array.from({ length: count }, (_, i) => draft(i)))).throwIfFailed();
  const queries: string[] = [];
  server.use(http.get(`${env.fake.baseUrl}/rest/v1/products/packages`, ({ request }) => { queries.push(new URL(request.url).search); return env.fake.handle(request); }));
  return { ...env, queries };
}

describe('vocabulary: pages', () => {
  it('pages carry items, totalCount, offset and pageSize (total stays as a deprecated alias)', async () => {
    const { market } = await seeded(5);
    const pages = [];
    for await (const page of market.paginate('GET /products/packages', {}, { pageSize: 2 }).pages()) pages.push(page);
    expect(pages.map(({ items, totalCount, offset, pageSize }) => ({ n: items.length, totalCount, offset, pageSize }))).toEqual([
      { n: 2, totalCount: 5, offset: 0, pageSize: 2 },
      { n: 2, totalCount: 5, offset: 2, pageSize: 2 },
      { n: 1, totalCount: 5, offset: 4, pageSize: 2 },
    ]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
  });

  it('collect({ max }) stops after max items and asks for no further page', async () => {
    const { market, queries } = await seeded(7);
    const three = await market.paginate('GET /products/packages', {}, { pageSize: 2 }).collect({ max: 3 });
    expect(three).toHaveLength(3);
    expect(queries).toEqual(['?offset=0&limit=2', '?offset=2&limit=1']);
    expect(await market.paginate('GET /products/packages').collect({ max: 0 })).toEqual([]);
    await expect(market.paginate('GET /products/packages').collect({ max: -1 })).rejects.toThrow(/max must be a whole number/);
  });

  it('a page that is not a list is a ResponseError (what the service sent was wrong, not the input)', async () => {
    const { fake, market } = setupFake();
    server.use(http.get(`${fake.baseUrl}/rest/v1/products/packages`, () => HttpResponse.json({ unexpected: true })));
    const error = await market.paginate('GET /products/packages').collect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).kind).toBe('response');
    expect((error as ResponseError).message).toMatch(/did not answer with a list/);
  });
});

describe('vocabulary: batch results', () => {
  it('throwIfFailed() is the name; throwIfAnyFailed() still works for one release', async () => {
    const { fake, market } = setupFake();
    fake.failItems('item-1', 1210);
    const result = await market.packages.submit([draft(0), draft(1)]);
    expect(() => result.throwIfFailed()).toThrow(BatchError);
    expect(() => result.throwIfAnyFailed()).toThrow(BatchError);
    const ok = await market.packages.submit([draft(2)]);
    expect(ok.throwIfAnyFailed()).toEqual(ok.throwIfFailed());
  });
});

describe('vocabulary: durations in ms', () => {
  it('sessionLifetimeMs asks for whole seconds (rounded up); the deprecated sessionLifetime is seconds', async () => {
    const asked: unknown[] = [];
    const { fake } = setupFake();
    server.use(http.post(`${fake.baseUrl}/rest/v1/app/session/token`, async ({ request }) => { asked.push(await request.clone().json()); return fake.handle(request); }));
    const client = (options: object) => createMarketplaceClient({ environment: fake.environment, appId: fake.app.appId, appSecret: fake.app.appSecret, retry: 0, ...options });
    await client({ sessionLifetimeMs: 3_600_000 }).session.create();
    await client({ sessionLifetimeMs: 1_500 }).session.create();
    await client({ sessionLifetime: 60 }).session.create();
    expect(asked.map((body) => (body as { expires_in: number }).expires_in)).toEqual([3600, 2, 60]);
    expect(() => client({ sessionLifetimeMs: 1000, sessionLifetime: 1 })).toThrow(ConfigurationError);
    expect(() => client({ sessionLifetimeMs: 0 })).toThrow(/sessionLifetimeMs/);
  });
});

describe('vocabulary: running fake', () => {
  it('has url, stats and close(); baseUrl stays as a deprecated alias', async () => {
    const running = await startFakeMarketplace();
    // A real loopback server: let MSW pass these requests through to it.
    server.use(http.all(`${running.url}/*`, () => passthrough()));
    try {
      expect(running.url).toBe(`http://127.0.0.1:${running.port}`);
      expect(running.baseUrl).toBe(running.url);
      const market = createMarketplaceClient({ environment: 'sandbox', baseUrl: running.url, appId: running.fake.app.appId, appSecret: running.fake.app.appSecret, retry: 0 });
      await market.users.get({ mage_id: 'MAG000000001' }).catch(() => undefined);
      await fetch(`${running.url}/rest/v1/nowhere`);
      expect(running.stats).toBe(running.fake.stats);
      expect(running.stats.tokenRequests).toBe(1);
      expect(running.stats.requests).toBe(3);
      expect(running.stats.byRoute.get('POST /app/session/token')).toBe(1);
      expect(running.stats.unmatched).toEqual(['GET /nowhere']);
    } finally {
      await running.close();
    }
  });
});
