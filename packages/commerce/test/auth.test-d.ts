/** What the auth factories accept and refuse at compile time. */
import { describe, expectTypeOf, it } from 'vitest';
import { adminToken, bearer, customerToken, integration, none, type AuthStrategy } from '../src/auth/index.ts';

describe('auth factory types', () => {
  it('all factories return an AuthStrategy', () => {
    expectTypeOf(adminToken({ username: 'a', password: 'b' })).toEqualTypeOf<AuthStrategy>();
    expectTypeOf(customerToken({ username: 'a', password: 'b' })).toEqualTypeOf<AuthStrategy>();
    expectTypeOf(integration({ consumerKey: 'a', consumerSecret: 'b', accessToken: 'c', accessTokenSecret: 'd' })).toEqualTypeOf<AuthStrategy>();
    expectTypeOf(bearer('t')).toEqualTypeOf<AuthStrategy>();
    expectTypeOf(none()).toEqualTypeOf<AuthStrategy>();
  });

  it('otp is a string or a (possibly async) function returning one', () => {
    adminToken({ username: 'a', password: 'b', otp: '123456' });
    adminToken({ username: 'a', password: 'b', otp: () => '123456' });
    adminToken({ username: 'a', password: 'b', otp: async () => '123456' });
    // @ts-expect-error a number is not a code
    adminToken({ username: 'a', password: 'b', otp: 123456 });
    // @ts-expect-error customers have no two-factor option
    customerToken({ username: 'a', password: 'b', otp: '1' });
  });

  it('required credentials are required', () => {
    // @ts-expect-error password missing
    adminToken({ username: 'a' });
    // @ts-expect-error username missing
    customerToken({ password: 'b' });
    // @ts-expect-error accessTokenSecret missing
    integration({ consumerKey: 'a', consumerSecret: 'b', accessToken: 'c' });
    // @ts-expect-error a token is a string
    bearer(42);
  });

  it('lifetimes are numbers of milliseconds', () => {
    adminToken({ username: 'a', password: 'b', tokenTtlMs: 60_000, renewBeforeMs: 5_000 });
    // @ts-expect-error not a duration string
    customerToken({ username: 'a', password: 'b', tokenTtlMs: '1h' });
  });
});
