/**
 * The runtime with a credential, against MSW: each attempt authorized through the one Credential
 * interface, the 401 rule (renewed once; refused before it ever worked = PermissionError), static
 * headers for a fixed credential, option checks, and every error scrubbed of this client's secrets.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HttpError, PermissionError, createRuntime, createTokenCache, type Credential, type ErrorParameters, type Refusal } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://api.test';
const httpError = (status: number, body: unknown, context: { method: string; url: string }) =>
  new HttpError(`${context.method} ${context.url} failed with ${status}: ${JSON.stringify(body)}`, { service: 'commerce', status, body, parameters: (body as { parameters?: ErrorParameters } | undefined)?.parameters });

function runtime(extra: Partial<Parameters<typeof createRuntime>[0]> = {}) {
  return createRuntime({ service: 'commerce', httpError, retry: { backoffLimit: 1 }, ...extra });
}

/** A token credential on core's token cache, as commerce's adminToken() and the marketplace session build it. */
function tokenCredential() {
  let issued = 0;
  const cache = createTokenCache({ issue: async () => ({ value: `token-${++issued}-0123456789`, expiresAt: Date.now() + 3_600_000 }) });
  const bearer = (authorization: string | null) => authorization?.replace(/^Bearer\s+/, '');
  const credential: Credential = {
    async authorize(request) {
      request.headers.set('authorization', `Bearer ${(await cache.get()).value}`);
    },
    unauthorized: (authorization): Refusal => cache.unauthorized(bearer(authorization)),
    accepted: (authorization) => cache.accepted(bearer(authorization)!),
    signOut: () => cache.clear(),
  };
  return { credential, cache, issuedCount: () => issued };
}

describe('a renewable credential', () => {
  it('authorizes each attempt, and renews once a token that worked before is refused', async () => {
    const { credential, issuedCount } = tokenCredential();
    const rt = runtime();
    rt.useCredential(credential);
    const seen: string[] = [];
    let refuse = false;
    server.use(
      http.get(`${BASE}/thing`, ({ request }) => {
        const authorization = request.headers.get('authorization')!;
        seen.push(authorization);
        if (refuse && authorization.includes('token-1-')) return HttpResponse.json({ message: 'expired' }, { status: 401 });
        return HttpResponse.json({ ok: true });
      }),
    );
    await rt.send({ method: 'GET', url: `${BASE}/thing`, idempotent: true });
    refuse = true; // token-1 worked once; now it is refused: expired early
    const { data } = await rt.send({ method: 'GET', url: `${BASE}/thing`, idempotent: true });
    expect(data).toEqual({ ok: true });
    expect(seen.map((s) => s.split('-')[1])).toEqual(['1', '1', '2']);
    expect(issuedCount()).toBe(2);
  });

  it('a token refused before it ever worked is a PermissionError, sent once, not renewed', async () => {
    const { credential, issuedCount } = tokenCredential();
    const rt = runtime();
    rt.useCredential(credential);
    let requests = 0;
    server.use(http.post(`${BASE}/orders`, () => (requests++, HttpResponse.json({ message: 'not authorized', parameters: { resources: 'Magento_Sales::create' } }, { status: 401 }))));
    const error = await rt.send({ method: 'POST', url: `${BASE}/orders`, json: {}, idempotent: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).resource).toBe('Magento_Sales::create');
    expect(requests).toBe(1);
    expect(issuedCount()).toBe(1);
  });

  it('a second 401 after the renewal is a PermissionError (renewed once, never twice)', async () => {
    const { credential, issuedCount } = tokenCredential();
    const rt = runtime({ retry: false });
    rt.useCredential(credential);
    let refuse = false;
    let requests = 0;
    server.use(http.get(`${BASE}/x`, () => (requests++, refuse ? HttpResponse.json({ message: 'no' }, { status: 401 }) : HttpResponse.json({}))));
    await rt.send({ method: 'GET', url: `${BASE}/x`, idempotent: true });
    refuse = true;
    const error = await rt.send({ method: 'GET', url: `${BASE}/x`, idempotent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    // retry: false still allows the one renewal a 401 earns.
    expect(requests).toBe(3);
    expect(issuedCount()).toBe(2);
  });

  it("'fail' ends the call with the 401 itself", async () => {
    const rt = runtime();
    rt.useCredential({ authorize: (request) => void request.headers.set('authorization', 'OAuth oauth_token="tok-0123456789"'), unauthorized: () => 'fail', signOut: () => undefined });
    let requests = 0;
    server.use(http.get(`${BASE}/x`, () => (requests++, HttpResponse.json({ message: 'bad signature' }, { status: 401 }))));
    const error = (await rt.send({ method: 'GET', url: `${BASE}/x`, idempotent: true }).catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(401);
    expect(error).not.toBeInstanceOf(PermissionError);
    expect(requests).toBe(1);
  });
});

describe('a fixed credential', () => {
  it('rides as a static header: authorize() is never called, and the token never shows in an error', async () => {
    const token = 'fixed-token-0123456789abcdef';
    const rt = runtime();
    rt.useCredential({ staticHeaders: { authorization: `Bearer ${token}` }, authorize: () => { throw new Error('not called'); }, unauthorized: () => 'fail', signOut: () => undefined });
    server.use(http.get(`${BASE}/echo`, ({ request }) => HttpResponse.json({ message: `you sent ${request.headers.get('authorization')}` }, { status: 400 })));
    const error = (await rt.send({ method: 'GET', url: `${BASE}/echo`, idempotent: true }).catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(400);
    expect(JSON.stringify(error)).not.toContain(token);
    expect(error.message).not.toContain(token);
  });

  it('anonymous calls carry no credential', async () => {
    const rt = runtime();
    rt.useCredential({ authorize: (request) => void request.headers.set('authorization', 'Bearer t-0123456789'), unauthorized: () => 'fail', signOut: () => undefined });
    let seen: string | null = 'unset';
    server.use(http.post(`${BASE}/token`, ({ request }) => ((seen = request.headers.get('authorization')), HttpResponse.json('tok'))));
    await rt.send({ method: 'POST', url: `${BASE}/token`, json: {}, idempotent: false, anonymous: true });
    expect(seen).toBeNull();
  });
});

describe('options', () => {
  it.each([
    [{ timeout: 0 }, 'timeout must be a positive number of milliseconds'],
    [{ totalTimeout: -1 }, 'totalTimeout must be a positive number of milliseconds'],
    [{ fetch: 'nope' as never }, 'fetch must be a function'],
  ])('%j is a ConfigurationError', (options, message) => {
    expect(() => runtime(options)).toThrow(message);
  });
});
