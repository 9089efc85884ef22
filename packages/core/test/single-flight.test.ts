import { describe, expect, it } from 'vitest';
import { createTokenCache } from '../src/index.ts';

describe('token cache', () => {
  it('one issue for any number of concurrent callers', async () => {
    let calls = 0;
    const cache = createTokenCache({ issue: async () => ({ value: `t${++calls}`, expiresAt: Date.now() + 3600_000 }) });
    const tokens = await Promise.all(Array.from({ length: 500 }, () => cache.get()));
    expect(new Set(tokens.map((t) => t.value))).toEqual(new Set(['t1']));
    expect(cache.issued).toBe(1);
  });

  it('hands a fresh token over at once (a call then waits on nothing), a promise only while one is issued', async () => {
    let now = 0;
    const cache = createTokenCache({ issue: async () => ({ value: 't1', expiresAt: now + 1000 }), renewBeforeMs: 100, now: () => now });
    const first = cache.get();
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(cache.get()).toEqual({ value: 't1', expiresAt: 1000 });
    now = 950; // inside the renewal window: issued again
    expect(cache.get()).toBeInstanceOf(Promise);
  });

  it('renews ahead of expiry and after invalidation of the current token only', async () => {
    let now = 0;
    let calls = 0;
    const cache = createTokenCache({ issue: async () => ({ value: `t${++calls}`, expiresAt: now + 1000 }), renewBeforeMs: 100, now: () => now });
    expect((await cache.get()).value).toBe('t1');
    now = 850;
    expect((await cache.get()).value).toBe('t1');
    now = 901; // inside the renewal window
    expect((await cache.get()).value).toBe('t2');
    cache.invalidate('t1'); // stale: keeps t2
    expect((await cache.get()).value).toBe('t2');
    cache.invalidate('t2');
    expect((await cache.get()).value).toBe('t3');
  });

  it('a failed issue is not cached; the next caller tries again', async () => {
    let calls = 0;
    const cache = createTokenCache({
      issue: async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return { value: 'ok', expiresAt: Date.now() + 3600_000 };
      },
    });
    await expect(cache.get()).rejects.toThrow('down');
    await expect(cache.get()).resolves.toMatchObject({ value: 'ok' });
  });

  it('clear() drops a token being issued so a logged-out client does not keep it', async () => {
    let release!: () => void;
    const cache = createTokenCache({ issue: () => new Promise((resolve) => (release = () => resolve({ value: 'late', expiresAt: Date.now() + 3600_000 }))) });
    const pending = cache.get();
    cache.clear();
    release();
    await pending;
    let calls = 0;
    const next = createTokenCache({ issue: async () => ({ value: `n${++calls}`, expiresAt: Date.now() + 3600_000 }) });
    await next.get();
    expect(cache.issued).toBe(1);
  });

  it('remembers a refused sign-in once: later callers get the first refusal without a new request, until clear()', async () => {
    let calls = 0;
    const refused = Object.assign(new Error('bad password'), { refused: true });
    const cache = createTokenCache({
      issue: async () => {
        calls += 1;
        if (calls === 1) throw refused;
        return { value: 'ok-token', expiresAt: Date.now() + 3600_000 };
      },
      isRefusal: (error) => (error as { refused?: boolean }).refused === true,
      refusedEarlier: (first) => new Error(`refused earlier: ${(first as Error).message}`),
    });
    await expect(cache.get()).rejects.toThrow('bad password');
    await expect(Promise.all(Array.from({ length: 50 }, () => cache.get()))).rejects.toThrow('refused earlier: bad password');
    expect(calls).toBe(1);
    expect(cache.unauthorized('anything')).toBe('fail');
    cache.clear();
    await expect(cache.get()).resolves.toMatchObject({ value: 'ok-token' });
    expect(calls).toBe(2);
  });

  it('a 401 on a token that never worked, moments after it was issued, is a permission problem; one that worked is renewed', async () => {
    let calls = 0;
    const cache = createTokenCache({ issue: async () => ({ value: `t${++calls}`, expiresAt: Date.now() + 3600_000 }) });
    const first = await cache.get();
    expect(cache.knows('t1')).toBe(true);
    expect(cache.unauthorized(first.value)).toBe('permission');
    expect((await cache.get()).value).toBe('t1'); // nothing dropped: a new token would not help
    cache.accepted('t1');
    expect(cache.unauthorized('t1')).toBe('renew');
    expect((await cache.get()).value).toBe('t2');
    expect(cache.unauthorized(undefined)).toBe('renew'); // no token named: the current one is the suspect
    expect((await cache.get()).value).toBe('t3');
  });
});
