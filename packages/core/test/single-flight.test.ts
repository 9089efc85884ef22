import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('renews from the very moment the renewal window opens, not one tick later', async () => {
    let now = 0;
    let calls = 0;
    const cache = createTokenCache({ issue: async () => ({ value: `t${++calls}`, expiresAt: 1000 }), renewBeforeMs: 100, now: () => now });
    await cache.get();
    now = 899;
    expect(cache.get()).toEqual({ value: 't1', expiresAt: 1000 });
    now = 900; // expiresAt - renewBeforeMs: the window is open
    expect(cache.get()).toBeInstanceOf(Promise);
    expect(cache.issued).toBe(2);
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
    expect(cache.knows('late')).toBe(false);
    // The token issued for the signed-out session is not handed to the next caller: a new one is issued.
    expect(cache.get()).toBeInstanceOf(Promise);
    expect(cache.issued).toBe(2);
  });

  it('a sign-in that ends after clear() does not disturb the one started since: later callers join it', async () => {
    const releases: Array<() => void> = [];
    const cache = createTokenCache({
      issue: () => new Promise((resolve) => releases.push(() => resolve({ value: `t${releases.length}`, expiresAt: Date.now() + 3600_000 }))),
    });
    const before = cache.get();
    cache.clear();
    const after = cache.get();
    expect(cache.issued).toBe(2);
    releases[0]!();
    await before;
    expect(cache.get()).toBe(after); // still waiting on the sign-in started after clear(), not a third one
    expect(cache.issued).toBe(2);
    releases[1]!();
    await after;
  });

  it('a refusal of a sign-in started before clear() is not remembered: the fixed credentials get their chance', async () => {
    let fail!: () => void;
    let calls = 0;
    const refused = Object.assign(new Error('bad password'), { refused: true });
    const cache = createTokenCache({
      issue: () => {
        calls += 1;
        if (calls === 1) return new Promise((_, reject) => (fail = () => reject(refused)));
        return Promise.resolve({ value: 'ok-token', expiresAt: Date.now() + 3600_000 });
      },
      isRefusal: (error) => (error as { refused?: boolean }).refused === true,
    });
    const stale = cache.get();
    cache.clear();
    fail();
    await expect(stale).rejects.toThrow('bad password');
    await expect(cache.get()).resolves.toMatchObject({ value: 'ok-token' });
    expect(calls).toBe(2);
  });

  it('clear() forgets which tokens it issued', async () => {
    const cache = createTokenCache({ issue: async () => ({ value: 't1', expiresAt: Date.now() + 3600_000 }) });
    await cache.get();
    cache.clear();
    expect(cache.knows('t1')).toBe(false);
  });

  it('a token it never issued (or already forgot) is invalidated, refused or accepted without harm', async () => {
    const cache = createTokenCache({ issue: async () => ({ value: 't1', expiresAt: Date.now() + 3600_000 }) });
    expect(() => cache.invalidate('other')).not.toThrow(); // nothing cached yet
    expect(cache.unauthorized('other')).toBe('renew'); // nothing cached yet: nothing to drop
    expect(() => cache.accepted('other')).not.toThrow(); // a response for a token cleared meanwhile
    await cache.get();
    cache.accepted('other');
    expect(cache.unauthorized('t1')).toBe('permission'); // accepting another token did not vouch for t1
  });

  it('keeps the history of the latest eight tokens, the ones that can still be in flight', async () => {
    let calls = 0;
    const cache = createTokenCache({ issue: async () => ({ value: `t${++calls}`, expiresAt: Date.now() + 3600_000 }) });
    for (let i = 1; i <= 8; i++) {
      await cache.get();
      cache.invalidate(`t${i}`);
    }
    expect(cache.knows('t1')).toBe(true);
    expect(cache.knows('t8')).toBe(true);
    await cache.get(); // t9
    expect(cache.knows('t1')).toBe(false);
    expect(cache.knows('t2')).toBe(true);
    expect(cache.knows('t9')).toBe(true);
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

  describe('how long after issue a refusal means a missing permission', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    // Monotonic time is what the cache reads; it is set here far from zero, as in a long-running process.
    let clock = 0;
    const freshCache = () => {
      clock = 5_000_000;
      vi.spyOn(performance, 'now').mockImplementation(() => clock);
      let calls = 0;
      return createTokenCache({ issue: async () => ({ value: `t${++calls}`, expiresAt: Date.now() + 3600_000 }) });
    };

    it('refused within the first minute without ever working: permission', async () => {
      const cache = freshCache();
      await cache.get();
      clock += 59_999;
      expect(cache.unauthorized('t1')).toBe('permission');
    });

    it('refused a minute or more after issue, even never having worked: expired early, renewed', async () => {
      const cache = freshCache();
      await cache.get();
      clock += 60_000;
      expect(cache.unauthorized('t1')).toBe('renew');
      expect((await cache.get()).value).toBe('t2');
    });
  });
});
