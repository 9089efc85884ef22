/**
 * adminToken (both: the one of @magekit/commerce and the lean one) and customerToken as strategies,
 * bound to a hand-made runtime with its own clock: what each checks when it is made (with the
 * message that names the option), which route and body signs in, when a token is renewed by default,
 * and what a runtime without the optional parts still allows. End to end against the fake platform:
 * token-authorizer.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { AuthError, ConfigurationError } from '@magekit/core';
import { adminToken as leanAdminToken } from '../../src/auth/admin-token.ts';
import { adminToken, customerToken } from '../../src/auth/index.ts';
import type { SecondFactor } from '../../src/auth/tfa/types.ts';
import type { AuthRuntime, AuthStrategy, Authorizer } from '../../src/auth/types.ts';

const ADMIN = { username: 'admin', password: 'admin123!' };
const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni-pass-9' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A runtime whose token routes answer `token-1`, `token-2`… (or what `answer` says), on a clock the test moves. */
function standIn(answer: (path: string, body: unknown) => unknown = () => undefined, parts: { protect?: boolean; callAuthorized?: boolean } = {}) {
  let clock = 0;
  const calls: { method: string; path: string; body: unknown; authorization?: string }[] = [];
  const protectedSecrets: string[] = [];
  const runtime: AuthRuntime = {
    async callAnonymous<T>(method: 'POST' | 'GET', path: string, body: unknown) {
      calls.push({ method, path, body });
      return (answer(path, body) ?? `token-${calls.length}`) as T;
    },
    now: () => clock,
    ...(parts.protect === false ? {} : { protect: (secret: string) => void protectedSecrets.push(secret) }),
    ...(parts.callAuthorized
      ? {
          async callAuthorized<T>(method: 'POST' | 'GET', path: string, body: unknown, authorization: string) {
            calls.push({ method, path, body, authorization });
            return true as T;
          },
        }
      : {}),
  };
  return { runtime, calls, protectedSecrets, at: (ms: number) => void (clock = ms) };
}

/** The Authorization header `authorizer` attaches to a request now. */
async function headerOf(authorizer: Authorizer): Promise<string | null> {
  const request = new Request('https://shop.test/rest/V1/products/MB01');
  await authorizer.authorize(request);
  return request.headers.get('authorization');
}

async function failureOf(promise: unknown): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a failure');
}

/** A provider value, as googleTwoFactor() & co. make them: its signIn is the exchange. */
const provider = (token = 'tfa-token') => ({ provider: 'duo_security' as const, signIn: vi.fn<SecondFactor['signIn']>(async () => token) });

describe('what each strategy is', () => {
  it('names its kind, and registers the password with the client that binds it', () => {
    for (const [strategy, kind, password] of [
      [adminToken(ADMIN), 'admin', ADMIN.password],
      [leanAdminToken(ADMIN), 'admin', ADMIN.password],
      [customerToken(CUSTOMER), 'customer', CUSTOMER.password],
    ] as const) {
      expect(strategy.kind).toBe(kind);
      const { runtime, protectedSecrets } = standIn();
      strategy.bind(runtime);
      expect(protectedSecrets).toEqual([password]);
    }
  });

  it('binds to a hand-made runtime without protect() and signs in', async () => {
    for (const strategy of [adminToken(ADMIN), customerToken(CUSTOMER)]) {
      const { runtime } = standIn(undefined, { protect: false });
      expect(await headerOf(strategy.bind(runtime))).toBe('Bearer token-1');
    }
  });
});

describe('where each signs in', () => {
  it('admin: the admin token route with the username and password', async () => {
    const { runtime, calls } = standIn();
    await headerOf(adminToken(ADMIN).bind(runtime));
    expect(calls).toEqual([{ method: 'POST', path: '/V1/integration/admin/token', body: ADMIN }]);
  });

  it('admin with otp: the Google provider route, with the current code trimmed', async () => {
    const { runtime, calls } = standIn();
    await headerOf(adminToken({ ...ADMIN, otp: () => ' 123456 ' }).bind(runtime));
    expect(calls).toEqual([{ method: 'POST', path: '/V1/tfa/provider/google/authenticate', body: { ...ADMIN, otp: '123456' } }]);
  });

  it('admin with an otp function that returns nothing: a configuration error naming otp', async () => {
    const { runtime, calls } = standIn();
    const error = await failureOf(headerOf(adminToken({ ...ADMIN, otp: () => '  ' }).bind(runtime)));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe('adminToken(): the otp function returned an empty string instead of a code.');
    expect(calls).toEqual([]);
  });

  it('admin with a provider value (either adminToken): the provider exchange signs in, given the runtime, username and password', async () => {
    for (const make of [adminToken, leanAdminToken]) {
      const twoFactor = provider();
      const { runtime, calls } = standIn();
      expect(await headerOf(make({ ...ADMIN, twoFactor }).bind(runtime))).toBe('Bearer tfa-token');
      expect(twoFactor.signIn).toHaveBeenCalledExactlyOnceWith(runtime, ADMIN.username, ADMIN.password);
      expect(calls).toEqual([]);
    }
  });

  it('customer: the customer token route with the email and password', async () => {
    const { runtime, calls } = standIn();
    await headerOf(customerToken(CUSTOMER).bind(runtime));
    expect(calls).toEqual([{ method: 'POST', path: '/V1/integration/customer/token', body: CUSTOMER }]);
  });

  it('a token route answering no token names which token it was', async () => {
    for (const [strategy, label] of [
      [adminToken(ADMIN), 'admin'],
      [customerToken(CUSTOMER), 'customer'],
    ] as const) {
      const { runtime } = standIn(() => ({ token: 'x' }));
      const error = await failureOf(headerOf(strategy.bind(runtime)));
      expect(error.message).toBe(`The ${label} token route answered with a object where a token string was expected.`);
    }
  });
});

describe('when a token is renewed by default', () => {
  /** Sign-ins made by authorizing at each time (ms after the first sign-in at 0). */
  async function signInsBy(strategy: AuthStrategy, times: number[]): Promise<number[]> {
    const { runtime, calls, at } = standIn();
    const authorizer = strategy.bind(runtime);
    const counts: number[] = [];
    for (const time of [0, ...times]) {
      at(time);
      await headerOf(authorizer);
      counts.push(calls.length);
    }
    return counts.slice(1);
  }

  it('60 s before the lifetime ends: admin 4 h, customer 1 h', async () => {
    expect(await signInsBy(adminToken(ADMIN), [4 * HOUR - MINUTE - 1, 4 * HOUR - MINUTE])).toEqual([1, 2]);
    expect(await signInsBy(customerToken(CUSTOMER), [HOUR - MINUTE - 1, HOUR - MINUTE])).toEqual([1, 2]);
  });

  it('a tenth of a configured lifetime shorter than 10 minutes before it ends, so a short token is still used', async () => {
    expect(await signInsBy(adminToken({ ...ADMIN, tokenTtlMs: 5 * MINUTE }), [270_000 - 1, 270_000])).toEqual([1, 2]);
    expect(await signInsBy(customerToken({ ...CUSTOMER, tokenTtlMs: 5 * MINUTE }), [270_000 - 1, 270_000])).toEqual([1, 2]);
  });

  it('renewBeforeMs: 0 uses a token to its last millisecond', async () => {
    expect(await signInsBy(adminToken({ ...ADMIN, tokenTtlMs: 5 * MINUTE, renewBeforeMs: 0 }), [5 * MINUTE - 1, 5 * MINUTE])).toEqual([1, 2]);
    expect(await signInsBy(customerToken({ ...CUSTOMER, tokenTtlMs: 5 * MINUTE, renewBeforeMs: 0 }), [5 * MINUTE - 1, 5 * MINUTE])).toEqual([1, 2]);
  });
});

describe('options refused when the strategy is made, with the option named', () => {
  const refusal = (make: () => unknown): Error & Record<string, unknown> => {
    try {
      make();
    } catch (error) {
      return error as Error & Record<string, unknown>;
    }
    throw new Error('expected the options to be refused');
  };

  it.each([
    ['no options', () => adminToken(undefined as never), 'adminToken(): needs { username, password }.'],
    ['a string for options', () => adminToken('admin:admin123!' as never), 'adminToken(): needs { username, password }.'],
    ['no password', () => adminToken({ username: 'admin' } as never), 'adminToken(): password is missing.'],
    ['an empty otp', () => adminToken({ ...ADMIN, otp: '' }), 'adminToken(): otp is empty.'],
    ['a negative lifetime', () => adminToken({ ...ADMIN, tokenTtlMs: -1 }), 'adminToken(): tokenTtlMs must be a positive number of milliseconds, got -1.'],
    ['a negative renewal margin', () => adminToken({ ...ADMIN, renewBeforeMs: -1 }), 'adminToken(): renewBeforeMs must be a non-negative number of milliseconds, got -1.'],
    ['a margin as long as the lifetime', () => adminToken({ ...ADMIN, tokenTtlMs: 1000, renewBeforeMs: 1000 }), 'adminToken(): renewBeforeMs (1000) must be shorter than tokenTtlMs (1000).'],
    ['customer: no options', () => customerToken(null as never), 'customerToken(): needs { username, password }.'],
    ['customer: a string for options', () => customerToken('a@b.c:pw' as never), 'customerToken(): needs { username, password }.'],
    ['customer: an empty email', () => customerToken({ username: ' ', password: 'x1234' }), 'customerToken(): username is empty.'],
    ['customer: a negative lifetime', () => customerToken({ ...CUSTOMER, tokenTtlMs: -1 }), 'customerToken(): tokenTtlMs must be a positive number of milliseconds, got -1.'],
    ['customer: a negative renewal margin', () => customerToken({ ...CUSTOMER, renewBeforeMs: -1 }), 'customerToken(): renewBeforeMs must be a non-negative number of milliseconds, got -1.'],
    ['customer: a margin as long as the lifetime', () => customerToken({ ...CUSTOMER, tokenTtlMs: 1000, renewBeforeMs: 1000 }), 'customerToken(): renewBeforeMs (1000) must be shorter than tokenTtlMs (1000).'],
  ])('%s', (_name, make, message) => {
    const error = refusal(make);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ message, service: 'commerce' });
  });

  it('a margin just shorter than the lifetime is accepted', () => {
    expect(adminToken({ ...ADMIN, tokenTtlMs: 1000, renewBeforeMs: 999 }).kind).toBe('admin');
    expect(customerToken({ ...CUSTOMER, tokenTtlMs: 1000, renewBeforeMs: 999 }).kind).toBe('customer');
  });

  it('otp and twoFactor together (either adminToken)', () => {
    for (const make of [adminToken, leanAdminToken]) {
      expect(refusal(() => make({ ...ADMIN, otp: '123456', twoFactor: provider() }))).toMatchObject({
        message: 'adminToken(): give otp or twoFactor, not both (otp is short for twoFactor: googleTwoFactor({ otp })).',
      });
    }
  });

  it('the lean adminToken takes provider values only: a description, or anything else, names what to pass', () => {
    const lean = (twoFactor: unknown) => refusal(() => leanAdminToken({ ...ADMIN, twoFactor: twoFactor as never }));
    const expected = (got: string) =>
      `adminToken(): twoFactor takes a provider value such as authyTwoFactor({ via, otp }) (exported by @magekit/commerce/lean), got ${got}, which only the adminToken of @magekit/commerce takes.`;
    expect(lean({ provider: 'authy', via: 'sms', otp: '1' })).toMatchObject({ message: expected('the description { provider: "authy" }') });
    // A signIn that is not a function does not make a provider value.
    expect(lean({ provider: 'google', signIn: 'yes' })).toMatchObject({ message: expected('the description { provider: "google" }') });
    for (const other of [null, 'sms', {}, Object.assign(() => 'code', { provider: 'google' })]) {
      const error = lean(other);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(expected('something else'));
    }
  });
});

describe('a runtime without callAuthorized', () => {
  it('cannot revoke a customer token: a configuration error says it was only forgotten locally', async () => {
    const { runtime } = standIn();
    const authorizer = customerToken(CUSTOMER).bind(runtime);
    await headerOf(authorizer);
    const error = await failureOf(authorizer.revoke!());
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({
      service: 'commerce',
      message: 'This client cannot send the revocation request (its runtime has no callAuthorized); the token was forgotten locally but stays valid at the server until it expires.',
    });
  });

  it('with it, revokes with the token itself', async () => {
    const { runtime, calls } = standIn(undefined, { callAuthorized: true });
    const authorizer = customerToken(CUSTOMER).bind(runtime);
    await headerOf(authorizer);
    await authorizer.revoke!();
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/V1/integration/customer/revoke-customer-token', body: {}, authorization: 'Bearer token-1' });
  });
});

describe('a sign-in refused without a hint, method or URL (a hand-made runtime or provider that threw its own)', () => {
  it('is not repeated: the later error gives the default hint, as a POST, and the first refusal as its cause', async () => {
    const first = new AuthError('Refused.', { service: 'commerce', status: 401 });
    const signIn = vi.fn(async () => Promise.reject(first));
    const { runtime } = standIn();
    const authorizer = adminToken({ ...ADMIN, twoFactor: { provider: 'google', signIn } }).bind(runtime);
    expect(await failureOf(headerOf(authorizer))).toBe(first);
    const again = await failureOf(headerOf(authorizer));
    expect(again).toBeInstanceOf(AuthError);
    expect(again).toMatchObject({
      message: 'The admin sign-in was refused earlier and is not repeated (Refused.). Fix the credentials, then call logout() or create a new client to allow another attempt.',
      hint: 'Fix the credentials, then call logout() (or create a new client) to allow another sign-in.',
      method: 'POST',
      url: '',
      status: 401,
      cause: first,
    });
    expect(signIn).toHaveBeenCalledOnce();
  });
});
