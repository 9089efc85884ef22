/**
 * No password, secret or token in any thrown error (message, stack, JSON, cause chain) or in any
 * hook event, including when a misbehaving server or proxy echoes credentials back.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminToken, bearer, customerToken, integration } from '../src/auth/index.ts';
import { createCommerceClient } from '../src/client.ts';
import { createFakeAuth } from '../src/testing/auth.ts';
import { BASE, directRuntime, installFakePlatform } from './auth-harness.ts';
import { server } from '@magekit/test-support/msw';

/** Every text an error exposes: message, stack, String(), JSON, and the same for each cause. */
function errorTexts(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return [String(error)];
  const own = [error.message, error.stack ?? '', String(error), JSON.stringify(error), JSON.stringify((error as { body?: unknown }).body ?? null)];
  return [...own, ...(error.cause === undefined ? [] : errorTexts(error.cause, depth + 1))];
}

function leaks(texts: string[], secrets: string[]): string[] {
  return secrets.filter((secret) => texts.some((text) => text.includes(secret) || text.includes(encodeURIComponent(secret))));
}

function recordingHooks() {
  const events: unknown[] = [];
  return {
    events,
    hooks: { onRequest: (e: unknown) => events.push(e), onResponse: (e: unknown) => events.push(e), onRetry: (e: unknown) => events.push(e) },
    texts: () => events.map((e) => JSON.stringify(e, (_k, v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack, json: JSON.stringify(v) } : v))),
  };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

/** A server that echoes what it was sent (body, Authorization, URL) in its error message. */
function echoingServer(status: number) {
  server.use(
    http.all(`${BASE}/rest/*`, async ({ request }) => {
      const body = request.method === 'GET' ? '' : await request.text();
      return HttpResponse.json(
        { message: `Rejected %1 with %2 at %3`, parameters: [body, request.headers.get('authorization') ?? '', request.url], trace: body },
        { status },
      );
    }),
  );
}

describe('redaction', () => {
  it('the leak check itself catches a planted secret', () => {
    const error = new Error('oops', { cause: new Error('password=hunter2-secret') });
    expect(leaks(errorTexts(error), ['hunter2-secret'])).toEqual(['hunter2-secret']);
  });

  it('admin sign-in refused by a server that echoes the password', async () => {
    const password = 'Pa55word-unique-1';
    echoingServer(401);
    const hook = recordingHooks();
    const client = createCommerceClient({ baseUrl: BASE, auth: adminToken({ username: 'admin', password }), hooks: hook.hooks });
    const first = await caught(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    const second = await caught(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    expect(errorTexts(first).join('\n')).toMatch(/Rejected/); // the echo really reached the error
    expect(leaks([...errorTexts(first), ...errorTexts(second), ...hook.texts()], [password])).toEqual([]);
  });

  it('admin tokens: not in hooks, nor in errors from a server that echoes the Authorization header', async () => {
    const fake = createFakeAuth({ twoFactor: { otp: '654321' } });
    const seen = installFakePlatform(fake, { failFirst: 1 });
    const hook = recordingHooks();
    const password = 'admin123!';
    const client = createCommerceClient({ baseUrl: BASE, auth: adminToken({ username: 'admin', password, otp: '654321' }), hooks: hook.hooks, retry: { limit: 1, backoffLimit: 1 } });
    await client.request('GET /V1/products/{sku}', { sku: 'MB01' }); // 503, retried, then 200
    echoingServer(500);
    const error = await caught(client.request('GET /V1/products/{sku}', { sku: 'MB02' }));
    const token = seen.issued[0]!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.authorizations).toContain(`Bearer ${token}`); // the token really was sent
    expect(hook.events.length).toBeGreaterThan(3);
    expect(leaks([...errorTexts(error), ...hook.texts()], [token, password])).toEqual([]);
  });

  it('integration credentials and signatures: not in hooks or errors (clock skew, echoing server)', async () => {
    const creds = { consumerKey: 'ckredact000000000000000000000001', consumerSecret: 'csredact000000000000000000000002', accessToken: 'atredact000000000000000000000003', accessTokenSecret: 'asredact000000000000000000000004' };
    const fake = createFakeAuth({ integrations: [creds], now: () => Date.now() + 3600_000 });
    const seen = installFakePlatform(fake);
    const hook = recordingHooks();
    const client = createCommerceClient({ baseUrl: BASE, auth: integration(creds), hooks: hook.hooks });
    const skew = await caught(client.request('GET /V1/products', { searchCriteria: { page_size: 1 } }));
    expect((skew as { hint: string }).hint).toMatch(/clock/);
    const signature = /oauth_signature="([^"]+)"/.exec(seen.authorizations[0]!)![1]!;
    echoingServer(400);
    const echoed = await caught(client.request('PUT /V1/products/{sku}', { sku: 'MB/01', product: { sku: 'MB/01' } } as never));
    expect(leaks([...errorTexts(skew), ...errorTexts(echoed), ...hook.texts()], [...Object.values(creds), decodeURIComponent(signature)])).toEqual([]);
  });

  it('customer token and password across sign-in, revocation and a refused revocation', async () => {
    const fake = createFakeAuth();
    const seen = installFakePlatform(fake);
    const password = 'roni_cost3@example.com';
    const authorizer = customerToken({ username: 'roni_cost@example.com', password }).bind(directRuntime());
    await authorizer.authorize(new Request(`${BASE}/rest/V1/customers/me`));
    const token = seen.issued[0]!;
    echoingServer(401);
    const error = await caught(authorizer.revoke!());
    expect(leaks(errorTexts(error), [token, password])).toEqual([]);
  });

  it('a bearer token refused by an echoing server', async () => {
    const token = 'bearer-token-unique-5f3a9c';
    echoingServer(401);
    const hook = recordingHooks();
    const client = createCommerceClient({ baseUrl: BASE, auth: bearer(token), hooks: hook.hooks });
    const error = await caught(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    expect((error as { kind: string }).kind).toBe('auth');
    expect(leaks([...errorTexts(error), ...hook.texts()], [token])).toEqual([]);
  });

  it('configuration errors do not repeat the values they reject', () => {
    const secret = 'not-a-string-secret';
    let error: unknown;
    try {
      integration({ consumerKey: 'k1234', consumerSecret: secret, accessToken: '', accessTokenSecret: 'x1234' });
    } catch (e) {
      error = e;
    }
    expect((error as { kind: string }).kind).toBe('configuration');
    expect(leaks(errorTexts(error), [secret])).toEqual([]);
  });
});
