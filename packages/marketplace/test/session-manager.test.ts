// The session manager on its own, with a scripted token route and a hand-moved clock: renewal
// timing, which failures are remembered, which origin a token belongs to, and what a malformed
// grant or a refused key tells the user.
import { AuthError, HttpError, NetworkError } from '@magekit/core';
import { describe, expect, it } from 'vitest';
import { createMarketplaceClient } from '../src/index.ts';
import { createSessionManager } from '../src/session.ts';
import { setupFake } from './helpers.ts';

const A = 'https://a.example';
const B = 'https://b.example';
const grant = (n: number, expires_in = 3600) => ({ mage_id: 'MAG1', ust: `ust-${n}`, expires_in });

function scripted(answer: (origin: string, n: number) => unknown) {
  let t = 1_000_000;
  const calls: string[] = [];
  const session = createSessionManager({
    appId: 'app',
    appSecret: 'secret-1234',
    expiresIn: 3600,
    now: () => t,
    requestToken: async (origin) => {
      calls.push(origin);
      return answer(origin, calls.length);
    },
  });
  return { session, calls, advance: (ms: number) => void (t += ms) };
}

const refusal = (status: number) =>
  new AuthError(`POST ${A}/rest/v1/app/session/token failed with ${status}: no.`, { service: 'marketplace', status, method: 'POST', url: `${A}/rest/v1/app/session/token` });

describe('session manager: renewal timing', () => {
  it('renews an hour-long session 60 s before it expires, not earlier', async () => {
    const { session, calls, advance } = scripted((_, n) => grant(n, 3600));
    expect((await session.token(A)).value).toBe('ust-1');
    advance(3540_000 - 1);
    expect((await session.token(A)).value).toBe('ust-1');
    advance(1);
    expect((await session.token(A)).value).toBe('ust-2');
    expect(calls).toHaveLength(2);
  });

  it('renews a short session a tenth of its lifetime early, so it is still used', async () => {
    const { session, advance } = scripted((_, n) => grant(n, 100));
    expect((await session.token(A)).value).toBe('ust-1');
    advance(90_000 - 1);
    expect((await session.token(A)).value).toBe('ust-1');
    advance(1);
    expect((await session.token(A)).value).toBe('ust-2');
  });

  it('renew() while the token is being issued joins that request instead of sending a second', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { session, calls } = scripted(async (_, n) => {
      await gate;
      return grant(n);
    });
    const first = session.token(A);
    const renewed = session.renew(A);
    release();
    expect((await renewed).value).toBe('ust-1');
    expect((await first).value).toBe('ust-1');
    expect(calls).toHaveLength(1);
  });
});

describe('session manager: renew() (market.session.create())', () => {
  it('replaces a fresh cached token with a new one, which later calls then use', async () => {
    const { session, calls } = scripted((_, n) => grant(n));
    expect((await session.token(A)).value).toBe('ust-1');
    expect((await session.renew(A)).value).toBe('ust-2');
    expect((await session.token(A)).value).toBe('ust-2');
    expect((await session.renew(A)).value).toBe('ust-3');
    expect(calls).toHaveLength(3);
  });

  it('with nothing cached, issues one token, not two', async () => {
    const { session, calls } = scripted((_, n) => grant(n));
    expect((await session.renew(A)).value).toBe('ust-1');
    expect(calls).toHaveLength(1);
  });

  it('after a token request that failed, issues a new one', async () => {
    const { session, calls } = scripted((_, n) => {
      if (n === 1) throw new NetworkError('connection reset', { service: 'marketplace' });
      return grant(n);
    });
    await expect(session.token(A)).rejects.toBeInstanceOf(NetworkError);
    expect((await session.renew(A)).value).toBe('ust-2');
    expect(calls).toHaveLength(2);
  });
});

describe('session manager: tokens belong to the origin that issued them', () => {
  it('a 401 is judged by the cache of the origin whose token it names', async () => {
    const { session } = scripted((origin, n) => ({ ...grant(n), ust: `${new URL(origin).hostname}-${n}` }));
    const a = await session.token(A);
    const b = await session.token(B);
    expect(session.issued).toBe(2);
    // Issued moments ago and never accepted: the key lacks the permission, whichever origin it is.
    expect(session.unauthorized(`Bearer ${b.value}`)).toBe('permission');
    session.accepted!(`Bearer ${a.value}`);
    // Accepted once, refused later: expired early, renewed.
    expect(session.unauthorized(`Bearer ${a.value}`)).toBe('renew');
  });

  it('a token this manager never issued is refused outright, and its acceptance ignored', () => {
    const { session } = scripted((_, n) => grant(n));
    expect(() => session.accepted!('Bearer stranger')).not.toThrow();
    expect(() => session.accepted!('Basic YTpi')).not.toThrow();
    expect(session.unauthorized('Bearer stranger')).toBe('fail');
    expect(session.unauthorized(null)).toBe('fail');
  });
});

describe('session manager: a refused key is not sent again', () => {
  for (const status of [400, 401, 403]) {
    it(`a ${status} on the token route is remembered: the next call fails at once`, async () => {
      const { session, calls } = scripted(() => {
        throw refusal(status);
      });
      await expect(session.token(A)).rejects.toMatchObject({ status });
      await expect(session.token(A)).rejects.toThrowError(/refused earlier and is not sent again/);
      expect(calls).toHaveLength(1);
      // logout() forgets it, for an application that fixed its keys; the count of token requests goes on.
      session.signOut();
      await expect(session.token(A)).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(2);
      expect(session.issued).toBe(2);
    });
  }

  for (const [name, error] of [
    ['a 404 on the token route (an AuthError that is not about the key)', refusal(404)],
    ['a 503', new HttpError('POST failed with 503', { service: 'marketplace', status: 503, method: 'POST', url: `${A}/rest/v1/app/session/token` })],
    ['a network failure', new NetworkError('connection reset', { service: 'marketplace' })],
    // Only an AuthError is a verdict on the key: the runtime makes one of every refusal on the token route.
    ['a 403 that is not an AuthError', new HttpError('POST failed with 403', { service: 'marketplace', status: 403, method: 'POST', url: `${A}/rest/v1/app/session/token` })],
  ] as const) {
    it(`${name} is not remembered: the next call asks again`, async () => {
      const { session, calls } = scripted((_, n) => {
        if (n === 1) throw error;
        return grant(n);
      });
      await expect(session.token(A)).rejects.toBe(error);
      expect((await session.token(A)).value).toBe('ust-2');
      expect(calls).toHaveLength(2);
    });
  }

  it('the later error quotes the first refusal without its hint, and names the token route', async () => {
    const { fake } = setupFake();
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'fake-app-id', appSecret: 'wrong-secret', retry: 0 });
    const first = (await market.users.get().catch((e: unknown) => e)) as AuthError;
    const later = (await market.users.get().catch((e: unknown) => e)) as AuthError;
    const cut = first.message.indexOf(' The application ID and secret were refused.');
    expect(cut).toBeGreaterThan(0);
    expect(later.message).toBe(`The API key was refused earlier and is not sent again (${first.message.slice(0, cut)}). ${later.hint}`);
    expect(later.hint).toMatch(/^Fix the application ID and secret/);
    expect(later).toMatchObject({ kind: 'auth', service: 'marketplace', status: first.status, method: 'POST', url: `${fake.baseUrl}/rest/v1/app/session/token` });
    expect(fake.stats.tokenRequests).toBe(1);
  });

  it('a refusal made by a hand-made token route, without the hint, method or URL, is quoted whole, as a POST', async () => {
    const first = new AuthError('Refused.', { service: 'marketplace', status: 401 });
    const { session, calls } = scripted(() => {
      throw first;
    });
    await expect(session.token(A)).rejects.toBe(first);
    const later = (await session.token(A).catch((e: unknown) => e)) as AuthError;
    expect(later).toBeInstanceOf(AuthError);
    expect(later).toMatchObject({ service: 'marketplace', status: 401, method: 'POST', url: '', cause: first });
    expect(later.message).toBe(`The API key was refused earlier and is not sent again (Refused.). ${later.hint}`);
    expect(calls).toHaveLength(1);
  });
});

describe('session manager: configuration and malformed grants', () => {
  it('a missing appId or appSecret is a marketplace configuration error naming the field', () => {
    const make = (appId: unknown, appSecret: unknown) => () =>
      createSessionManager({ appId: appId as string, appSecret: appSecret as string, expiresIn: 60, requestToken: async () => grant(1) });
    for (const appId of ['', undefined, 42]) {
      expect(make(appId, 'secret')).toThrowError(expect.objectContaining({ kind: 'configuration', service: 'marketplace', message: expect.stringMatching(/^appId is missing/) }));
    }
    for (const appSecret of ['', undefined, 42]) {
      expect(make('app', appSecret)).toThrowError(expect.objectContaining({ kind: 'configuration', service: 'marketplace', message: expect.stringMatching(/^appSecret is missing/) }));
    }
  });

  const good = grant(1);
  for (const [name, raw] of [
    ['null', null],
    ['a string', 'ust-1'],
    ['a numeric ust', { ...good, ust: 5 }],
    ['an empty ust', { ...good, ust: '' }],
    ['a numeric mage_id', { ...good, mage_id: 5 }],
    ['an empty mage_id', { ...good, mage_id: '' }],
    ['expires_in as a numeric string', { ...good, expires_in: '3600' }],
    ['expires_in 0', { ...good, expires_in: 0 }],
    ['a negative expires_in', { ...good, expires_in: -5 }],
  ] as const) {
    it(`a grant with ${name} is a ResponseError naming the token route`, async () => {
      const { session } = scripted(() => raw);
      const error = await session.token(A).catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: 'response',
        service: 'marketplace',
        method: 'POST',
        url: `${A}/rest/v1/app/session/token`,
        message: `POST ${A}/rest/v1/app/session/token answered without {mage_id, ust, expires_in}.`,
      });
    });
  }
});
