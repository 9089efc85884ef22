/** Admin and customer tokens end to end against the fake platform's authentication. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminToken, customerToken } from '../../src/auth/index.ts';
import { createCommerceClient } from '../../src/client.ts';
import { isCommerceError, type AuthError } from '../../src/platform/errors.ts';
import { createFakeAuth, type FakeAuthOptions } from '../../src/testing/auth.ts';
import { BASE, directRuntime, installFakePlatform, type HarnessOptions } from '../auth-harness.ts';
import { runtimeOf } from '../../src/calls/runtime.ts';

const HOUR = 3600_000;
const T0 = Date.UTC(2025, 0, 1);
const ADMIN = { username: 'admin', password: 'admin123!' };
const CUSTOMER = { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' };

beforeEach(() => {
  // Only Date is faked: the client and the fake read the same clock, timers stay real for MSW.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

function setup(auth: Parameters<typeof createCommerceClient>[0]['auth'], fakeOptions: FakeAuthOptions = {}, harness: HarnessOptions = {}) {
  const fake = createFakeAuth(fakeOptions);
  const seen = installFakePlatform(fake, harness);
  const client = createCommerceClient({ baseUrl: BASE, auth, retry: { limit: 2, backoffLimit: 1 } });
  const getProduct = (sku = 'MB01') => client.request('GET /V1/products/{sku}', { sku }) as Promise<unknown>;
  return { fake, seen, client, getProduct };
}

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise;
  } catch (error) {
    return error as AuthError;
  }
  throw new Error('expected the call to fail');
}

describe('admin tokens', () => {
  it('fetches a token on first use and reuses it', async () => {
    const { fake, getProduct, seen } = setup(adminToken(ADMIN));
    await expect(getProduct()).resolves.toMatchObject({ sku: 'MB01', principal: 'admin' });
    await getProduct();
    await getProduct();
    expect(fake.counts.admin).toBe(1);
    expect(seen.dataRequests).toBe(3);
    expect(JSON.parse(seen.tokenBodies[0]!)).toEqual(ADMIN);
  });

  it('renews shortly before expiry, without ever sending an expired token', async () => {
    const { fake, getProduct, seen, client } = setup(adminToken({ ...ADMIN, renewBeforeMs: 60_000 }));
    await getProduct();
    vi.setSystemTime(T0 + 4 * HOUR - 60_000 - 1); // still outside the renewal window
    await getProduct();
    expect(fake.counts.admin).toBe(1);
    vi.setSystemTime(T0 + 4 * HOUR - 30_000); // inside it: the old token still works, but is replaced
    await getProduct();
    expect(fake.counts.admin).toBe(2);
    expect(seen.unauthorized).toBe(0);
    expect(runtimeOf(client).authorizer.tokenRequests).toBe(2);
  });

  it('renews after expiry (a client idle for longer than the token lives)', async () => {
    const { fake, getProduct, seen } = setup(adminToken(ADMIN));
    await getProduct();
    vi.setSystemTime(T0 + 5 * HOUR);
    await expect(getProduct()).resolves.toMatchObject({ principal: 'admin' });
    expect(fake.counts.admin).toBe(2);
    expect(seen.unauthorized).toBe(0);
  });

  it('honours a configured lifetime shorter than the platform default: renews before it ends, with no 401', async () => {
    // The fake keeps the platform's 4 h, so only the client's own lifetime can make it renew: a
    // client that ignored tokenTtlMs would reuse its token here and never ask for a second one.
    const { fake, getProduct, seen } = setup(adminToken({ ...ADMIN, tokenTtlMs: 10 * 60_000, renewBeforeMs: 60_000 }));
    await getProduct();
    vi.setSystemTime(T0 + 9 * 60_000 - 1); // just outside the renewal window
    await getProduct();
    expect(fake.counts.admin).toBe(1);
    vi.setSystemTime(T0 + 9 * 60_000 + 1); // inside it
    await getProduct();
    expect(fake.counts.admin).toBe(2);
    expect(seen.unauthorized).toBe(0);
  });

  it('a customer token honours its configured lifetime too', async () => {
    const { fake, getProduct, seen } = setup(customerToken({ ...CUSTOMER, tokenTtlMs: 5 * 60_000, renewBeforeMs: 30_000 }));
    await getProduct();
    vi.setSystemTime(T0 + 5 * 60_000 - 30_000 + 1);
    await getProduct();
    expect(fake.counts.customer).toBe(2);
    expect(seen.unauthorized).toBe(0);
  });

  it('1,000 concurrent calls started with an expired token: exactly 1 token request, 1,000 successes', async () => {
    const { fake, getProduct, seen } = setup(adminToken(ADMIN));
    await getProduct();
    vi.setSystemTime(T0 + 4 * HOUR + 1);
    const before = fake.counts.admin;
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => getProduct(`SKU-${i}`)));
    expect(fake.counts.admin - before).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1000);
    expect(seen.unauthorized).toBe(0);
  }, 60_000);

  it('renews once after a 401 mid-flight (a token the server dropped early) and retries the call', async () => {
    const { fake, getProduct, seen } = setup(adminToken(ADMIN));
    await getProduct();
    fake.invalidateTokens();
    await expect(getProduct()).resolves.toMatchObject({ principal: 'admin' });
    expect(seen.unauthorized).toBe(1);
    expect(fake.counts.admin).toBe(2);
  });

  it('concurrent calls refused mid-flight share a single renewal', async () => {
    const { fake, getProduct, seen } = setup(adminToken(ADMIN), {}, { tokenDelayMs: 50 });
    await getProduct();
    fake.invalidateTokens();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => getProduct(`S${i}`)));
    expect(results).toHaveLength(20);
    expect(seen.unauthorized).toBe(20);
    expect(fake.counts.admin).toBe(2);
  });

  it('a 401 on a token just issued is a permission error naming the resource, with no second sign-in', async () => {
    const { fake, client } = setup(adminToken(ADMIN));
    let refused = 0;
    // Every data request is refused, as for a user whose role lacks the resource.
    const original = fake.authenticate;
    fake.authenticate = async (request) => {
      const who = await original(request);
      if (who instanceof Response) return who;
      refused += 1;
      return Response.json({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'Magento_Catalog::products' } }, { status: 401 });
    };
    const error = await rejection(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    expect(error.kind).toBe('auth');
    expect(error.name).toBe('PermissionError');
    expect((error as unknown as { resource: string }).resource).toBe('Magento_Catalog::products');
    expect(error.message).toContain('Magento_Catalog::products');
    expect(error.message).toMatch(/signing in again would not help/i);
    expect(refused).toBe(1);
    expect(fake.counts.admin).toBe(1);
    // Twenty such calls: one sign-in and twenty requests (it was 21 sign-ins and 40 requests).
    for (let i = 0; i < 19; i++) expect((await rejection(client.request('GET /V1/products/{sku}', { sku: 'MB01' }))).name).toBe('PermissionError');
    expect(refused).toBe(20);
    expect(fake.counts.admin).toBe(1);
  });

  it('a token that worked and is then refused is renewed once; a refusal of the renewed one is a permission error', async () => {
    const { fake, client } = setup(adminToken(ADMIN));
    await client.request('GET /V1/products/{sku}', { sku: 'MB01' });
    let refused = 0;
    const original = fake.authenticate;
    fake.authenticate = async (request) => {
      const who = await original(request);
      if (who instanceof Response) return who;
      refused += 1;
      return Response.json({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'Magento_Sales::sales' } }, { status: 401 });
    };
    const error = await rejection(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    expect(error.name).toBe('PermissionError');
    expect(refused).toBe(2);
    expect(fake.counts.admin).toBe(2);
  });

  it('a wrong password fails after one attempt, mentions the lockout, and is never retried', async () => {
    const { fake, getProduct } = setup(adminToken({ username: 'admin', password: 'wrong-password' }));
    const first = await rejection(getProduct());
    expect(isCommerceError(first)).toBe(true);
    expect(first.kind).toBe('auth');
    expect(first.status).toBe(401);
    expect(first.message).toMatch(/30 minutes/);
    expect(first.message).toMatch(/6 failed/);
    expect(first.hint).toMatch(/locks an account/);
    expect(fake.counts.admin).toBe(1);

    const again = await rejection(getProduct());
    expect(again.kind).toBe('auth');
    expect(again.message).toMatch(/refused earlier and is not repeated/);
    expect(again.cause).toBe(first);
    expect(fake.counts.admin).toBe(1);
    expect(fake.failuresOf('admin:admin')).toBe(1);
  });

  it('the repeated refusal keeps the first one\'s hint, status, method and token-route URL', async () => {
    const { getProduct } = setup(adminToken({ username: 'admin', password: 'wrong-password' }));
    const first = await rejection(getProduct());
    const again = await rejection(getProduct());
    expect(again).toMatchObject({ service: 'commerce', status: 401, method: 'POST', url: first.url, hint: first.hint });
    expect(again.url).toMatch(/\/V1\/integration\/admin\/token$/);
  });

  it('a sign-in that failed for another reason than a refusal (a 503) is tried again on the next call', async () => {
    const { server } = await import('@magekit/test-support/msw');
    const { http, HttpResponse } = await import('msw');
    const fake = createFakeAuth();
    installFakePlatform(fake);
    server.use(http.post(`${BASE}/rest/V1/integration/admin/token`, () => HttpResponse.json({ message: 'down' }, { status: 503 }), { once: true }));
    const client = createCommerceClient({ baseUrl: BASE, auth: adminToken(ADMIN), retry: false });
    await expect(client.request('GET /V1/products/{sku}', { sku: 'MB01' })).rejects.toMatchObject({ status: 503 });
    await expect(client.request('GET /V1/products/{sku}', { sku: 'MB01' })).resolves.toMatchObject({ principal: 'admin' });
    expect(fake.counts.admin).toBe(1);
  });

  it('many concurrent calls with a wrong password cost one failed sign-in, not one each', async () => {
    const { fake, getProduct } = setup(adminToken({ username: 'admin', password: 'wrong-password' }));
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => getProduct()));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as AuthError).kind === 'auth')).toBe(true);
    expect(fake.counts.admin).toBe(1);
    expect(fake.failuresOf('admin:admin')).toBe(1);
  });

  it('logout() forgets the token and the refusal', async () => {
    const { fake, getProduct, client } = setup(adminToken(ADMIN));
    await getProduct();
    client.logout();
    await getProduct();
    expect(fake.counts.admin).toBe(2);
  });

  it.each([
    ['a blank string', '  ', 'an empty string'],
    ['null', null, 'null'],
    ['an array', ['t0k3n-value'], 'an array'],
    ['a number', 12345, 'a number'],
  ])('a token route answering %s is a response error that says what came', async (_name, body, said) => {
    const { server } = await import('@magekit/test-support/msw');
    const { http, HttpResponse } = await import('msw');
    server.use(http.post(`${BASE}/rest/V1/integration/customer/token`, () => HttpResponse.json(body)));
    const client = createCommerceClient({ baseUrl: BASE, auth: customerToken(CUSTOMER) });
    const error = await rejection(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    expect(error.kind).toBe('response');
    expect(error.message).toBe(`The customer token route answered with ${said} where a token string was expected.`);
  });

  it('a token route that answers something other than a string is a response error', async () => {
    const { server } = await import('@magekit/test-support/msw');
    const { http, HttpResponse } = await import('msw');
    server.use(http.post(`${BASE}/rest/V1/integration/admin/token`, () => HttpResponse.json({ token: 'abc' })));
    const client = createCommerceClient({ baseUrl: BASE, auth: adminToken(ADMIN) });
    const error = await rejection(client.request('GET /V1/products/{sku}', { sku: 'MB01' }));
    expect(error.kind).toBe('response');
  });
});

describe('two-factor authentication', () => {
  const twoFactor = { otp: (_user: string, now: number) => String(100000 + (Math.floor(now / 30_000) % 900000)) };
  const currentOtp = () => twoFactor.otp('admin', Date.now());

  it('without an otp, the refusal is an auth error that says to pass one, after one request', async () => {
    const { fake, getProduct } = setup(adminToken(ADMIN), { twoFactor });
    const error = await rejection(getProduct());
    expect(error.kind).toBe('auth');
    expect(error.hint).toMatch(/pass otp/);
    expect(error.message).toMatch(/two-factor/);
    expect(error.message).not.toMatch(/locks an account/);
    expect(fake.counts).toMatchObject({ admin: 1, tfa: 0 });
    await rejection(getProduct());
    expect(fake.counts).toMatchObject({ admin: 1, tfa: 0 });
  });

  it('with an otp callback, signs in through the Google provider route and asks for a fresh code on renewal', async () => {
    const otp = vi.fn(currentOtp);
    const { fake, getProduct, seen } = setup(adminToken({ ...ADMIN, otp }), { twoFactor });
    await expect(getProduct()).resolves.toMatchObject({ principal: 'admin' });
    vi.setSystemTime(T0 + 5 * HOUR);
    await getProduct();
    expect(fake.counts).toMatchObject({ admin: 0, tfa: 2 });
    expect(otp).toHaveBeenCalledTimes(2);
    expect(JSON.parse(seen.tokenBodies[1]!)).toEqual({ ...ADMIN, otp: twoFactor.otp('admin', T0 + 5 * HOUR) });
  });

  it('with a static otp string', async () => {
    const { fake, getProduct } = setup(adminToken({ ...ADMIN, otp: currentOtp() }), { twoFactor });
    await expect(getProduct()).resolves.toMatchObject({ principal: 'admin' });
    expect(fake.counts.tfa).toBe(1);
  });

  it('a wrong otp is an auth error after one attempt', async () => {
    const { fake, getProduct } = setup(adminToken({ ...ADMIN, otp: '000000' }), { twoFactor });
    const error = await rejection(getProduct());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/Invalid code/);
    await rejection(getProduct());
    expect(fake.counts.tfa).toBe(1);
  });

  it('an otp callback that returns nothing is a configuration error', async () => {
    const { getProduct } = setup(adminToken({ ...ADMIN, otp: () => '' }), { twoFactor });
    await expect(getProduct()).rejects.toMatchObject({ kind: 'configuration' });
  });
});

describe('customer tokens', () => {
  it('signs in as the customer, renews after the 1 h default', async () => {
    const { fake, getProduct } = setup(customerToken(CUSTOMER));
    await expect(getProduct()).resolves.toMatchObject({ principal: 'customer' });
    vi.setSystemTime(T0 + HOUR - 30_000);
    await getProduct();
    expect(fake.counts.customer).toBe(2);
  });

  it('revoke() revokes the token at the server with that same token, then forgets it', async () => {
    const fake = createFakeAuth();
    const seen = installFakePlatform(fake);
    const authorizer = customerToken(CUSTOMER).bind(directRuntime());
    const signed = new Request(`${BASE}/rest/V1/customers/me`);
    await authorizer.authorize(signed);
    const token = signed.headers.get('authorization');
    expect(await fake.authenticate(signed)).toMatchObject({ type: 'customer' });

    await authorizer.revoke!();
    expect(fake.counts.revoke).toBe(1);
    expect(seen.authorizations.at(-1)).toBe(token);
    // The old token is dead at the server, and the authorizer signs in again next time.
    expect(await fake.authenticate(new Request(`${BASE}/rest/V1/customers/me`, { headers: { authorization: token! } }))).toBeInstanceOf(Response);
    const next = new Request(`${BASE}/rest/V1/customers/me`);
    await authorizer.authorize(next);
    expect(next.headers.get('authorization')).not.toBe(token);
    expect(fake.counts.customer).toBe(2);
  });

  it('revoke() twice revokes once: the token is forgotten before the request', async () => {
    const fake = createFakeAuth();
    installFakePlatform(fake);
    const authorizer = customerToken(CUSTOMER).bind(directRuntime());
    await authorizer.authorize(new Request(`${BASE}/rest/V1/customers/me`));
    await authorizer.revoke!();
    await authorizer.revoke!();
    expect(fake.counts.revoke).toBe(1);
  });

  it('a token that arrives after logout() is not revoked later: that sign-in belonged to the session logged out', async () => {
    const fake = createFakeAuth();
    installFakePlatform(fake, { tokenDelayMs: 50 });
    const authorizer = customerToken(CUSTOMER).bind(directRuntime());
    const signingIn = authorizer.authorize(new Request(`${BASE}/rest/V1/customers/me`));
    authorizer.signOut();
    await signingIn;
    await authorizer.revoke!();
    expect(fake.counts).toMatchObject({ customer: 1, revoke: 0 });
  });

  it('revoke() before any sign-in sends nothing', async () => {
    const fake = createFakeAuth();
    installFakePlatform(fake);
    const authorizer = customerToken(CUSTOMER).bind(directRuntime());
    await authorizer.revoke!();
    expect(fake.counts).toMatchObject({ customer: 0, revoke: 0 });
  });

  it('a wrong customer password is an auth error with the lockout hint', async () => {
    const { fake, getProduct } = setup(customerToken({ ...CUSTOMER, password: 'nope-nope' }));
    const error = await rejection(getProduct());
    expect(error.kind).toBe('auth');
    expect(error.hint).toMatch(/30 minutes/);
    expect(fake.counts.customer).toBe(1);
  });
});

describe('configuration errors at creation', () => {
  const cases: [string, () => unknown][] = [
    ['admin: empty username', () => adminToken({ username: '', password: 'x1234' })],
    ['admin: blank username', () => adminToken({ username: '   ', password: 'x1234' })],
    ['admin: missing password', () => adminToken({ username: 'admin' } as never)],
    ['admin: empty otp', () => adminToken({ ...ADMIN, otp: '' })],
    ['admin: renewBefore longer than the lifetime', () => adminToken({ ...ADMIN, tokenTtlMs: 1000, renewBeforeMs: 1000 })],
    ['admin: negative lifetime', () => adminToken({ ...ADMIN, tokenTtlMs: -1 })],
    ['admin: no options', () => adminToken(undefined as never)],
    ['customer: empty username', () => customerToken({ username: '', password: 'x1234' })],
    ['customer: missing password', () => customerToken({ username: 'a@b.c' } as never)],
  ];
  it.each(cases)('%s', (_name, create) => {
    expect(create).toThrowError(expect.objectContaining({ kind: 'configuration', service: 'commerce' }));
  });

  it('names the option at fault', () => {
    expect(() => adminToken({ username: '', password: 'x1234' })).toThrow(/username is empty/);
    expect(() => customerToken({ username: 'a@b.c' } as never)).toThrow(/password is missing/);
  });
});
