/**
 * The retry policy on its own: Retry-After in both of its forms, the defaults, and each decision
 * shouldRetry makes for one failure (by limit, status, idempotency, Retry-After, backoff, the
 * call's deadline, and the 401 rule), on a call built by hand so each rule is seen without ky.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, PermissionError, TimeoutError, createRedactor, parseRetryAfter, type Credential, type Refusal } from '../../src/index.ts';
import type { Call } from '../../src/transport/call.ts';
import { callFixture } from './call-fixture.ts';
import type { Failure } from '../../src/transport/classify.ts';
import { resolveRetry, shouldRetry, type RetryContext } from '../../src/transport/policy.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('0')).toBe(0);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(parseRetryAfter(inTenSeconds)).toBeGreaterThan(8_000);
    expect(parseRetryAfter(inTenSeconds)).toBeLessThanOrEqual(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('reads seconds with a fraction or surrounding spaces as milliseconds', () => {
    expect(parseRetryAfter(' 120 ')).toBe(120_000);
    expect(parseRetryAfter('1.5')).toBe(1_500);
    expect(parseRetryAfter('0.05')).toBe(50);
  });

  it('does not read digits inside other text as seconds (no NaN wait)', () => {
    for (const value of ['5 seconds', 'x5', '5x', '', '   ']) expect(parseRetryAfter(value), value).toBeUndefined();
  });

  it('a date in the past asks for no wait', () => {
    expect(parseRetryAfter(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
  });
});

describe('resolveRetry', () => {
  it('defaults to the documented policy: 2 retries, no extra methods, 408/429/5xx, Retry-After up to 60 s, backoff up to 10 s', () => {
    expect(resolveRetry(undefined)).toEqual({ limit: 2, methods: [], statusCodes: [408, 429, 500, 502, 503, 504], maxRetryAfter: 60_000, backoffLimit: 10_000 });
  });

  it('a number is the retry limit, false none; the rest of the policy is kept', () => {
    const base = resolveRetry({ maxRetryAfter: 5, statusCodes: [503] });
    expect(resolveRetry(5, base)).toEqual({ ...base, limit: 5 });
    expect(resolveRetry(0, base)).toEqual({ ...base, limit: 0 });
    expect(resolveRetry(false, base)).toEqual({ ...base, limit: 0 });
    expect(resolveRetry({ limit: 1 }, base)).toEqual({ ...base, limit: 1 });
  });
});

describe('shouldRetry', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const URL_WITH_SECRET = 'https://shop.test/rest/V1/products?searchCriteria[pageSize]=5&sid=s3cr3t-session-id';
  const redactor = createRedactor();
  redactor.add('s3cr3t-session-id');
  const permissionError = (error: HttpError) => new PermissionError(`no permission: ${error.message}`, { service: 'commerce', status: 401 });
  const context: RetryContext = { redactor, permissionError };

  const callOf = (overrides: Partial<Call> = {}): Call =>
    callFixture({ request: { method: 'GET', url: URL_WITH_SECRET, idempotent: true }, policy: resolveRetry({ limit: 5 }), ...overrides });
  const status = (code: number, retryAfterMs?: number): Failure => ({
    error: new HttpError(`GET /products failed with ${code}`, { service: 'commerce', status: code }),
    reason: 'status',
    status: code,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
  const network = (reason: 'not-sent' | 'may-have-reached'): Failure => ({ error: new NetworkError('GET /products failed before any response', { service: 'commerce' }), reason });
  const unauthorized = (): Failure => ({ error: new HttpError('GET /products failed with 401', { service: 'commerce', status: 401 }), reason: 'unauthorized', status: 401 });
  /** A credential answering every 401 with `refusal`, counting how often it was asked. */
  const credentialSaying = (refusal: Refusal) => {
    const asked: Array<string | null> = [];
    const credential: Credential = { authorize: () => undefined, unauthorized: (authorization) => (asked.push(authorization), refusal), signOut: () => undefined };
    return { credential, asked };
  };

  it('retries a transient failure up to the limit, each retry counted', () => {
    const call = callOf({ policy: resolveRetry({ limit: 2 }) });
    expect(shouldRetry(call, status(503), context)).toBe(true);
    expect(call.retries).toBe(1);
    expect(shouldRetry(call, status(503), context)).toBe(true);
    expect(call.retries).toBe(2);
    expect(shouldRetry(call, status(503), context)).toBe(false);
    expect(call.retries).toBe(2);
    expect(call.final).toBeUndefined();
  });

  it('a status outside statusCodes, or a failure that is final, is not retried', () => {
    expect(shouldRetry(callOf(), status(404), context)).toBe(false);
    expect(shouldRetry(callOf(), { ...status(503), reason: 'final' }, context)).toBe(false);
  });

  it('a write that may have reached the server is not repeated; a connection refused before sending is, on any route', () => {
    const write = () => callOf({ method: 'POST', idempotent: false });
    expect(shouldRetry(write(), status(503), context)).toBe(false);
    expect(shouldRetry(write(), network('may-have-reached'), context)).toBe(false);
    expect(shouldRetry(write(), network('not-sent'), context)).toBe(true);
  });

  it('waits what Retry-After asks, up to maxRetryAfter inclusive (60 s by default); a millisecond more ends the call', () => {
    const equal = callOf({ policy: resolveRetry(undefined) });
    expect(shouldRetry(equal, status(429, 60_000), context)).toBe(true);
    expect(equal.nextDelay).toBe(60_000);
    const above = callOf({ policy: resolveRetry(undefined) });
    expect(shouldRetry(above, status(429, 60_001), context)).toBe(false);
    expect(above.retries).toBe(0);
    // No Retry-After asks for no wait: the backoff applies, whatever maxRetryAfter.
    expect(shouldRetry(callOf({ policy: resolveRetry({ maxRetryAfter: 10 }) }), status(503), context)).toBe(true);
  });

  it('backs off exponentially with jitter: between half and all of 300 ms doubled per retry, capped by backoffLimit', () => {
    const delays = (random: number, backoffLimit = 10_000) => {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const call = callOf({ policy: resolveRetry({ limit: 5, backoffLimit }) });
      const out: number[] = [];
      for (let i = 0; i < 3; i++) {
        shouldRetry(call, status(503), context);
        out.push(call.nextDelay!);
      }
      return out;
    };
    expect(delays(0)).toEqual([150, 300, 600]);
    expect(delays(0.5)).toEqual([225, 450, 900]);
    expect(delays(0.5, 400)).toEqual([225, 300, 300]);
  });

  it('ends the call when the wait would reach its deadline, with a TimeoutError naming the attempt it leaves no time for', () => {
    vi.spyOn(performance, 'now').mockReturnValue(10_000);
    const failure = status(503, 500);
    const room = callOf({ deadlineAt: 10_501 });
    expect(shouldRetry(room, failure, context)).toBe(true);
    const none = callOf({ deadlineAt: 10_500, attempt: 2 });
    expect(shouldRetry(none, failure, context)).toBe(false);
    expect(none.retries).toBe(0);
    const error = none.final as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    const url = 'https://shop.test/rest/V1/products?searchCriteria[pageSize]=5&sid=[redacted]';
    expect(error.message).toBe(`GET ${url} timed out: the call's deadline (totalTimeout) leaves no time for attempt 3; the last attempt failed with: GET /products failed with 503`);
    expect(error).toMatchObject({ service: 'commerce', method: 'GET', url });
    expect(error.cause).toBe(failure.error);
  });

  describe('a 401', () => {
    it('on a call without a credential, or one whose request carried none, is the answer', () => {
      expect(shouldRetry(callOf({ authorization: 'Bearer static-0123456789' }), unauthorized(), context)).toBe(false);
      const { credential, asked } = credentialSaying('renew');
      const anonymous = callOf({ credential, authorization: null });
      expect(shouldRetry(anonymous, unauthorized(), context)).toBe(false);
      expect(asked).toEqual([]);
      expect(anonymous.final).toBeUndefined();
    });

    it('on a credential that expired early renews it once, at once, even on a write, without spending a retry', () => {
      const { credential, asked } = credentialSaying('renew');
      const call = callOf({ method: 'POST', idempotent: false, credential, authorization: 'Bearer old-0123456789', policy: resolveRetry(0) });
      expect(shouldRetry(call, unauthorized(), context)).toBe(true);
      expect(asked).toEqual(['Bearer old-0123456789']);
      expect(call).toMatchObject({ renewed: true, nextDelay: 0, retries: 0 });
      expect(call.final).toBeUndefined();
      // Refused again after the renewal: signing in again would not help.
      expect(shouldRetry(call, unauthorized(), context)).toBe(false);
      expect(asked).toHaveLength(1);
      expect(call.final).toBeInstanceOf(PermissionError);
      expect(call.final!.message).toBe('no permission: GET /products failed with 401');
    });

    it('on a credential refused before it ever worked is a permission error, not a retry', () => {
      const { credential } = credentialSaying('permission');
      const call = callOf({ credential, authorization: 'Bearer new-0123456789' });
      expect(shouldRetry(call, unauthorized(), context)).toBe(false);
      expect(call.final).toBeInstanceOf(PermissionError);
    });

    it('on a credential with nothing to renew (a fixed token) is the answer, not a permission error', () => {
      const { credential } = credentialSaying('fail');
      const call = callOf({ credential, authorization: 'Bearer fixed-0123456789' });
      expect(shouldRetry(call, unauthorized(), context)).toBe(false);
      expect(call.final).toBeUndefined();
      expect(call.renewed).toBeUndefined();
    });
  });
});
