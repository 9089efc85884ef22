/** The fake platform's authentication on its own: the behaviour the SDK's tests rely on. */
import { describe, expect, it } from 'vitest';
import { createFakeAuth, SIGN_IN_REFUSED, TWO_FACTOR_REQUIRED, type FakeAuthOptions, type Principal } from '../../src/testing/auth.ts';

const URL_ = 'https://shop.test/rest/V1/products';
const guest: Principal = { type: 'guest' };

function clock(start = Date.UTC(2025, 0, 1)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

function fakeWith(options: FakeAuthOptions = {}) {
  const c = clock();
  const fake = createFakeAuth({ now: c.now, ...options });
  const token = async (route: 'admin' | 'customer' | 'tfa', body: unknown) => {
    const response = await fake.handleTokenRoute(route, new Request(URL_, { method: 'POST' }), body, guest);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const who = (authorization?: string) => fake.authenticate(new Request(URL_, authorization ? { headers: { authorization } } : {}));
  return { fake, clock: c, token, who };
}

describe('fake auth: tokens', () => {
  it('issues a bare string admin token that authenticates until it expires (4 h by default)', async () => {
    const { token, who, clock } = fakeWith();
    const { status, body } = await token('admin', { username: 'admin', password: 'admin123!' });
    expect(status).toBe(200);
    expect(typeof body).toBe('string');
    expect(await who(`Bearer ${body}`)).toEqual({ type: 'admin', username: 'admin' });
    clock.advance(4 * 3600_000 - 1);
    expect(await who(`Bearer ${body}`)).toEqual({ type: 'admin', username: 'admin' });
    clock.advance(1);
    const expired = (await who(`Bearer ${body}`)) as Response;
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } });
  });

  it('customer tokens last 1 h by default and name the customer', async () => {
    const { token, who, clock } = fakeWith({ customers: [{ id: 7, email: 'Jane@Example.com', password: 'pw-jane-1' }] });
    const { body } = await token('customer', { username: 'jane@example.com', password: 'pw-jane-1' });
    expect(await who(`Bearer ${body}`)).toEqual({ type: 'customer', customerId: 7, email: 'Jane@Example.com' });
    clock.advance(3600_000);
    expect(await who(`Bearer ${body}`)).toBeInstanceOf(Response);
  });

  it('no header is a guest; an unknown scheme or token is refused', async () => {
    const { who } = fakeWith();
    expect(await who()).toEqual({ type: 'guest' });
    expect(((await who('Basic abc')) as Response).status).toBe(401);
    expect(((await who('Bearer nope')) as Response).status).toBe(401);
  });

  it('missing fields are a 400 listing each one, and do not count as failures', async () => {
    const { token, fake } = fakeWith();
    const answer = await token('admin', { username: 'admin' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: 'One or more input exceptions have occurred.', errors: [{ parameters: { fieldName: 'password' } }] });
    expect(fake.failuresOf('admin:admin')).toBe(0);
  });

  it('revocation drops every token of that customer, and only customers may revoke', async () => {
    const { fake, token, who } = fakeWith();
    const a = (await token('customer', { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' })).body as string;
    const b = (await token('customer', { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' })).body as string;
    const admin = (await token('admin', { username: 'admin', password: 'admin123!' })).body as string;
    const principal = (await who(`Bearer ${a}`)) as Principal;
    const refused = await fake.handleTokenRoute('revoke', new Request(URL_, { method: 'POST' }), {}, { type: 'admin', username: 'admin' });
    expect(refused.status).toBe(401);
    const revoked = await fake.handleTokenRoute('revoke', new Request(URL_, { method: 'POST' }), {}, principal);
    expect(await revoked.json()).toBe(true);
    expect(await who(`Bearer ${a}`)).toBeInstanceOf(Response);
    expect(await who(`Bearer ${b}`)).toBeInstanceOf(Response);
    expect(await who(`Bearer ${admin}`)).toMatchObject({ type: 'admin' });
    expect(fake.counts).toMatchObject({ customer: 2, admin: 1, revoke: 2 });
  });
});

describe('fake auth: lockout', () => {
  it('locks after 6 failures for 30 minutes, refusing even the right password with the same message', async () => {
    const { token, fake, clock } = fakeWith();
    for (let i = 0; i < 5; i++) expect((await token('admin', { username: 'admin', password: `wrong${i}` })).status).toBe(401);
    // Five failures: not yet locked; a success resets the count.
    expect((await token('admin', { username: 'admin', password: 'admin123!' })).status).toBe(200);
    expect(fake.failuresOf('admin:admin')).toBe(0);
    for (let i = 0; i < 6; i++) await token('admin', { username: 'admin', password: `wrong${i}` });
    const locked = await token('admin', { username: 'admin', password: 'admin123!' });
    expect(locked).toEqual({ status: 401, body: { message: SIGN_IN_REFUSED } });
    clock.advance(30 * 60_000 - 1);
    expect((await token('admin', { username: 'admin', password: 'admin123!' })).status).toBe(401);
    clock.advance(1);
    expect((await token('admin', { username: 'admin', password: 'admin123!' })).status).toBe(200);
  });

  it('customer accounts are throttled separately from admin accounts', async () => {
    const { token } = fakeWith({ maxFailures: 2 });
    await token('customer', { username: 'roni_cost@example.com', password: 'x' });
    await token('customer', { username: 'roni_cost@example.com', password: 'x' });
    expect((await token('customer', { username: 'roni_cost@example.com', password: 'roni_cost3@example.com' })).status).toBe(401);
    expect((await token('admin', { username: 'admin', password: 'admin123!' })).status).toBe(200);
  });
});

describe('fake auth: two-factor', () => {
  it('the admin route refuses with the platform message once the password is right; the provider route checks the code', async () => {
    const { token, who } = fakeWith({ twoFactor: { otp: (user, now) => `${user}-${Math.floor(now / 30_000)}` } });
    expect(await token('admin', { username: 'admin', password: 'nope' })).toEqual({ status: 401, body: { message: SIGN_IN_REFUSED } });
    expect(await token('admin', { username: 'admin', password: 'admin123!' })).toEqual({ status: 401, body: { message: TWO_FACTOR_REQUIRED } });
    expect((await token('tfa', { username: 'admin', password: 'admin123!' })).status).toBe(400);
    expect(await token('tfa', { username: 'admin', password: 'admin123!', otp: '000000' })).toEqual({ status: 401, body: { message: 'Invalid code.' } });
    const ok = await token('tfa', { username: 'admin', password: 'admin123!', otp: `admin-${Math.floor(Date.UTC(2025, 0, 1) / 30_000)}` });
    expect(ok.status).toBe(200);
    expect(await who(`Bearer ${ok.body}`)).toEqual({ type: 'admin', username: 'admin' });
  });

  it('wrong codes count towards the lockout', async () => {
    const { token, fake } = fakeWith({ twoFactor: { otp: '123456' } });
    await token('tfa', { username: 'admin', password: 'admin123!', otp: '000000' });
    expect(fake.failuresOf('admin:admin')).toBe(1);
  });
});
