/**
 * What the marketplace documents allow, each found by an independent stand-in written from the
 * documents alone: the filters on eqp_status.*, every documented filter on the items and skus
 * lists, a 200 with an empty body on PUT one package, one token for session.create() on a new
 * client, HTTPS-only callback URLs, and a refused key that is not sent again on every call.
 */
import { http, HttpResponse, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMarketplaceClient, isMarketplaceError } from '../src/index.ts';
import { draft, setupFake } from './helpers.ts';
import { server } from '@magekit/test-support/msw';

const SANDBOX = 'https://commercedeveloper-sandbox-api.adobe.com/rest/v1';

async function seeded() {
  const env = setupFake();
  const result = await env.market.packages.submit(
    Array.from({ length: 6 }, (_, i) => ({ ...draft(i), license_type: i % 2 ? ('mit' as const) : ('osl' as const), ...(i < 2 ? { action: { marketing: 'submit' as const } } : {}) })),
  );
  result.throwIfFailed();
  return env;
}

/** Records the query string of every list request, then lets the fake answer it. */
function recordQueries(fakeHandle: (r: Request) => Promise<Response>, path: string): string[] {
  const seen: string[] = [];
  server.use(http.get(`${SANDBOX}${path}`, ({ request }) => { seen.push(new URL(request.url).search); return fakeHandle(request); }));
  return seen;
}

describe('filters the documents allow', () => {
  it('filters packages on eqp_status.overall / technical / marketing (exact match), sent as dotted names', async () => {
    const { fake, market } = await seeded();
    const seen = recordQueries(fake.handle, '/products/packages');
    const inReview = await market.packages.list({ 'eqp_status.marketing': 'awaiting_marketing_review' });
    expect(inReview.map((p) => p.item_id).sort()).toEqual(['item-0', 'item-1']);
    const drafts = await market.packages.list({ 'eqp_status.overall': 'draft', 'eqp_status.technical': 'draft' });
    expect(drafts).toHaveLength(4);
    expect(seen[0]).toBe('?eqp_status.marketing=awaiting_marketing_review');
    // Every filterable field is sortable, these too.
    const sorted = await market.packages.list({ sort: '-eqp_status.overall' });
    expect(sorted[0]!.eqp_status!.overall).toBe('in_progress');
  });

  it('takes every documented filter on packages.items.list and packages.skus.list (platform, license_type, ...)', async () => {
    const { market } = await seeded();
    expect((await market.packages.items.list({ platform: 'M2', license_type: 'mit' })).map((p) => p.item_id)).toEqual(['item-1', 'item-3', 'item-5']);
    expect((await market.packages.skus.list({ license_type: 'osl', platform: 'M2' })).length).toBe(3);
    expect((await market.packages.items.list({ 'eqp_status.marketing': 'awaiting_marketing_review', version: '1.0' })).length).toBe(2);
    expect((await market.packages.skus.list({ submission_id: 'sub', long_description: '<p>' })).length).toBe(6);
    // The same list of names as packages.list: nothing documented is refused, nothing else is let through.
    await expect(market.packages.items.list({ colour: 'red' } as never)).rejects.toThrow(/no parameter "colour"/);
  });
});

describe('packages.updateOne', () => {
  it('resolves (with undefined) on a 200 with an empty body: the status code tells success', async () => {
    const { fake, market } = await seeded();
    const [first] = await market.packages.list({ item_id: 'item-2' });
    let sent: unknown;
    server.use(http.put(`${SANDBOX}/products/packages/:id`, async ({ request }) => { sent = await request.clone().json(); await fake.handle(request); return new HttpResponse(null, { status: 200 }); }));
    await expect(market.packages.updateOne({ submission_id: first!.submission_id, release_notes: 'fixed' })).resolves.toBeUndefined();
    expect(sent).toEqual({ release_notes: 'fixed' });
    expect(fake.getPackage(first!.submission_id)!.release_notes).toBe('fixed');
  });

  it('still returns the package when the service sends it, and still fails on a 4xx', async () => {
    const { market } = await seeded();
    expect((await market.packages.updateOne({ submission_id: 'item-3', release_notes: 'x' }))?.release_notes).toBe('x');
    const error = await market.packages.updateOne({ submission_id: 'nope', release_notes: 'x' }).catch((e: unknown) => e);
    expect(isMarketplaceError(error) && error.kind).toBe('http');
  });
});

describe('sessions', () => {
  it('session.create() on a new client requests exactly one token', async () => {
    const { fake, market } = setupFake();
    const session = await market.session.create();
    expect(session.mage_id).toBe(fake.app.mageId);
    expect(fake.stats.tokenRequests).toBe(1);
    // ...and the client uses that session for its calls.
    await market.users.get();
    expect(fake.stats.tokenRequests).toBe(1);
  });

  it('session.create() on a client with a cached session replaces it with exactly one more', async () => {
    const { fake, market } = setupFake();
    await market.users.get();
    const first = fake.stats.tokenRequests;
    const [a, b] = await Promise.all([market.session.create(), market.users.get()]);
    expect(a.ust).toBeTruthy();
    expect(b.mage_id).toBe(fake.app.mageId);
    expect(fake.stats.tokenRequests - first).toBe(1);
  });

  it('a refused key is not sent again on every call: later calls fail at once with the first refusal', async () => {
    const { fake } = setupFake();
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'fake-app-id', appSecret: 'wrong-secret-value', retry: 0 });
    for (let i = 0; i < 5; i++) {
      const error = await market.packages.list().catch((e: unknown) => e);
      expect(isMarketplaceError(error) && error.kind).toBe('auth');
      expect(String((error as Error).message)).not.toContain('wrong-secret-value');
    }
    const many = await Promise.allSettled(Array.from({ length: 20 }, () => market.users.get()));
    expect(many.every((r) => r.status === 'rejected')).toBe(true);
    expect(fake.stats.tokenRequests).toBe(1);
    const later = await market.users.get().catch((e: unknown) => e);
    expect((later as Error).message).toMatch(/refused earlier and is not sent again/);
    expect((later as { hint?: string }).hint).toMatch(/logout\(\)/);
    // logout() forgets the refusal: the next call asks again.
    market.logout();
    await market.users.get().catch(() => undefined);
    expect(fake.stats.tokenRequests).toBe(2);
  });

  it('a 429 or 5xx on the token route is not remembered as a refusal', async () => {
    let calls = 0;
    const { fake } = setupFake();
    server.use(http.post(`${SANDBOX}/app/session/token`, ({ request }) => (++calls === 1 ? HttpResponse.json({ code: 429, message: 'slow down' }, { status: 429 }) : fake.handle(request))));
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'fake-app-id', appSecret: 'fake-app-secret', retry: 0 });
    const error = await market.users.get().catch((e: unknown) => e);
    expect(isMarketplaceError(error) && error.kind).toBe('http');
    expect((await market.users.get()).mage_id).toBe(fake.app.mageId);
  });
});

describe('callback URLs', () => {
  it('must be HTTPS: http, relative and malformed URLs get a clear InputError and nothing is sent', async () => {
    const { fake, market } = setupFake();
    const register = (url: unknown) => market.users.update({ api_callbacks: [{ name: 'ci', url: url as string, username: 'eqp', password: 'callback-secret-1' }] });
    for (const url of ['http://hooks.example.com/eqp', '/eqp', 'hooks.example.com/eqp', 'ftp://hooks.example.com', '', 42, 'http://127.0.0.1:9/eqp']) {
      const error = await register(url).catch((e: unknown) => e);
      expect(isMarketplaceError(error) && error.kind, String(url)).toBe('input');
      expect((error as Error).message).toMatch(/api_callbacks\[0\]\.url .*HTTPS only/);
      expect((error as Error).message).not.toContain('callback-secret-1');
    }
    expect(fake.registeredCallbacks()).toEqual([]);
    await register('https://hooks.example.com/eqp');
    expect(fake.registeredCallbacks().map((c) => c.url)).toEqual(['https://hooks.example.com/eqp']);
  });

  it('lets plain http through to loopback only while the client itself talks to a loopback fake', async () => {
    const { startFakeMarketplace } = await import('../src/testing/index.ts');
    server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
    const running = await startFakeMarketplace();
    try {
      const market = createMarketplaceClient({ environment: 'sandbox', baseUrl: running.url, appId: running.fake.app.appId, appSecret: running.fake.app.appSecret });
      await market.users.update({ api_callbacks: [{ url: 'http://127.0.0.1:9/eqp', username: 'eqp', password: 'callback-secret-2' }] });
      await expect(market.users.update({ api_callbacks: [{ url: 'http://example.com/eqp', username: 'eqp', password: 'callback-secret-2' }] })).rejects.toMatchObject({ kind: 'input' });
      expect(running.fake.registeredCallbacks().map((c) => c.url)).toEqual(['http://127.0.0.1:9/eqp']);
    } finally {
      await running.close();
    }
  });
});
