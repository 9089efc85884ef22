import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMarketplaceClient, isMarketplaceError } from '../src/index.ts';
import { createFakeMarketplace } from '../src/testing/index.ts';
import { marketplaceHandlers } from '../src/testing/msw.ts';
import { server } from '@magekit/test-support/msw';
import { setupFake } from './helpers.ts';
import { runtimeOf } from '../src/runtime.ts';
import { errorSurfaces, findLeaks } from '@magekit/test-support/leaks';

afterEach(() => vi.useRealTimers());

describe('session manager', () => {
  it('500 concurrent calls with an expired session send exactly 1 token request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { fake, market } = setupFake();
    await market.users.get();
    expect(fake.stats.tokenRequests).toBe(1);
    // Three hours later the 2-hour session has expired on both sides.
    vi.setSystemTime(Date.now() + 3 * 3600_000);
    const results = await Promise.all(Array.from({ length: 500 }, () => market.users.get()));
    expect(results.every((r) => r.mage_id === fake.app.mageId)).toBe(true);
    expect(fake.stats.tokenRequests - 1).toBe(1);
    // 500 requests through MSW take seconds on a loaded 2-core machine; the assertion is on counts, not time.
  }, 30_000);

  it('renews once when the service ends the session early (401), however many calls saw it', async () => {
    const { fake, market } = setupFake();
    await market.users.get();
    fake.expireSessions();
    await Promise.all(Array.from({ length: 50 }, () => market.packages.list()));
    expect(fake.stats.tokenRequests).toBe(2);
  });

  it('a 401 on a session issued moments ago is a permission error, with no second session', async () => {
    let tokens = 0;
    server.use(
      http.post('https://commercedeveloper-sandbox-api.adobe.com/rest/v1/app/session/token', () => {
        tokens += 1;
        return HttpResponse.json({ mage_id: 'MAG1', ust: `tok-${tokens}-abcdef`, expires_in: 3600 });
      }),
      http.get('https://commercedeveloper-sandbox-api.adobe.com/rest/v1/users/MAG1', () => HttpResponse.json({ code: 401, message: 'nope' }, { status: 401 })),
    );
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'id', appSecret: 'secret-1234' });
    const error = await market.users.get().catch((e: unknown) => e);
    expect(isMarketplaceError(error) && error.kind).toBe('auth');
    expect((error as Error).name).toBe('PermissionError');
    expect(tokens).toBe(1);
  });

  it('requests the configured lifetime and honours a capped grant', async () => {
    let requested: unknown;
    const { fake, market } = setupFake({ maxSessionLifetime: 600 }, { sessionLifetime: 86_400 });
    server.use(
      http.post(`${fake.baseUrl}/rest/v1/app/session/token`, async ({ request }) => {
        requested = await request.clone().json();
        expect(request.headers.get('authorization')).toBe(`Basic ${btoa('fake-app-id:fake-app-secret')}`);
        return fake.handle(request);
      }),
    );
    const session = await market.session.create();
    expect(requested).toEqual({ grant_type: 'session', expires_in: 86_400 });
    expect(session.expires_in).toBe(600);
    expect(session.mage_id).toBe(fake.app.mageId);
  });

  it('binds tokens to their environment: each environment only ever sees its own tokens', async () => {
    const sandbox = createFakeMarketplace({ environment: 'sandbox' });
    const production = createFakeMarketplace({ environment: 'production' });
    const seen: Record<string, string[]> = { sandbox: [], production: [] };
    const spy = (name: 'sandbox' | 'production', fake: typeof sandbox) =>
      http.all(`${fake.baseUrl}/rest/v1/*`, ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        if (auth.startsWith('Bearer ')) seen[name]!.push(auth.slice(7));
        return fake.handle(request);
      });
    server.use(spy('sandbox', sandbox), spy('production', production));
    const a = createMarketplaceClient({ environment: 'sandbox', appId: 'fake-app-id', appSecret: 'fake-app-secret' });
    const b = createMarketplaceClient({ environment: 'production', appId: 'fake-app-id', appSecret: 'fake-app-secret' });
    await Promise.all([a.users.get(), b.users.get(), a.packages.list(), b.files.list()]);
    expect(seen.sandbox!.length).toBe(2);
    expect(seen.production!.length).toBe(2);
    expect(seen.sandbox!.every((t) => t.startsWith('sandbox-'))).toBe(true);
    expect(seen.production!.every((t) => t.startsWith('production-'))).toBe(true);
  });

  it('never sends a cached token to another origin, even through one session manager', async () => {
    const { market } = setupFake();
    const sandboxToken = await runtimeOf(market).session.token('https://commercedeveloper-sandbox-api.adobe.com');
    const prodRequest = new Request('https://commercedeveloper-api.adobe.com/rest/v1/users/x');
    const other = createFakeMarketplace({ environment: 'production' });
    server.use(...marketplaceHandlers(other));
    // The production origin gets its own session from its own token request, never the sandbox token.
    await runtimeOf(market).session.authorize(prodRequest);
    const sent = prodRequest.headers.get('authorization') ?? '';
    expect(sent).toMatch(/^Bearer production-/);
    expect(sent).not.toContain(sandboxToken.value);
    expect(other.stats.tokenRequests).toBe(1);
  });

  it('refused keys give an AuthError with a hint, and are not retried', async () => {
    const { fake } = setupFake();
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'fake-app-id', appSecret: 'wrong-secret', retry: 3 });
    const error = await market.users.get().catch((e: unknown) => e);
    expect(isMarketplaceError(error) && error.kind).toBe('auth');
    expect((error as { hint?: string }).hint).toMatch(/environment/);
    expect(fake.stats.tokenRequests).toBe(1);
  });

  it('takes mage_id from the session for users.* calls, or from the input when given', async () => {
    const { fake, market } = setupFake();
    expect((await market.users.get()).mage_id).toBe(fake.app.mageId);
    const error = await market.users.get({ mage_id: 'MAG-someone-else' }).catch((e: unknown) => e);
    expect(isMarketplaceError(error) && error.status).toBe(403);
  });
});

describe('configuration', () => {
  it('rejects a plain http base URL for a real host, accepts loopback', () => {
    const make = (baseUrl: string) => () => createMarketplaceClient({ environment: 'production', appId: 'a', appSecret: 'b', baseUrl });
    expect(make('http://commercedeveloper-api.adobe.com')).toThrowError(expect.objectContaining({ kind: 'configuration' }));
    expect(make('http://127.0.0.1:4010')).not.toThrow();
    expect(make('https://commercedeveloper-api.adobe.com/rest/v1')).toThrowError(expect.objectContaining({ kind: 'configuration' }));
  });

  it('rejects unknown environments and missing keys', () => {
    expect(() => createMarketplaceClient({ environment: 'staging' as never, appId: 'a', appSecret: 'b' })).toThrowError(/sandbox/);
    expect(() => createMarketplaceClient({ environment: 'sandbox', appId: '', appSecret: 'b' })).toThrowError(/appId/);
    expect(() => createMarketplaceClient({ environment: 'sandbox', appId: 'a', appSecret: '' })).toThrowError(/appSecret/);
  });

  it('uses the documented base URLs', () => {
    expect(createMarketplaceClient({ environment: 'sandbox', appId: 'a', appSecret: 'b' }).baseUrl).toBe('https://commercedeveloper-sandbox-api.adobe.com');
    expect(createMarketplaceClient({ environment: 'production', appId: 'a', appSecret: 'b' }).baseUrl).toBe('https://commercedeveloper-api.adobe.com');
  });
});

describe('a session token route answering an unexpected shape', () => {
  // The session token in the forms a server may carry it; an error must hold none of them.
  const TOKEN = 'ust/Tk+9 "q\\z=8&w-0c4f2b7e91d3';
  for (const [name, body, type] of [
    ['the token under another name', JSON.stringify({ mage_id: 'MAG1', token: TOKEN, expires_in: 3600 }), 'application/json'],
    ['an expires_in that is not a number', JSON.stringify({ mage_id: 'MAG1', ust: TOKEN, expires_in: 'later' }), 'application/json'],
    ['a form instead of JSON', `mage_id=MAG1&ust=${encodeURIComponent(TOKEN)}&expires_in=3600`, 'application/x-www-form-urlencoded'],
  ] as const) {
    it(`${name} fails typed, with the shape and without the token`, async () => {
      const fetch = (async () => new Response(body, { status: 200, headers: { 'content-type': type } })) as typeof globalThis.fetch;
      const market = createMarketplaceClient({ environment: 'sandbox', appId: 'id', appSecret: 'secret-1234', fetch, retry: 0 });
      const error = await market.users.get().catch((e: unknown) => e);
      expect(isMarketplaceError(error) && error.kind).toBe('response');
      expect((error as { raw: string }).raw).toMatch(/<(string|text) of \d+ characters>|<form: /);
      expect(findLeaks(errorSurfaces(error), { token: TOKEN })).toEqual([]);
    });
  }
});
