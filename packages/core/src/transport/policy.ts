/**
 * The SDK's retry policy, decided per failure and handed to ky as `retry.shouldRetry` and
 * `retry.delay`: the route's idempotency decides whether an attempt that may have reached the server
 * is repeated; a connection refused before anything was sent is repeated for any route; a 401 asks
 * the credential once; a Retry-After beyond `maxRetryAfter` or a wait past the call's deadline ends
 * the call instead of being waited out.
 */
import { TimeoutError, type HttpError, type MagekitError } from '../errors.ts';
import type { Redactor } from '../redact.ts';
import type { Call } from './call.ts';
import type { Failure } from './classify.ts';
import type { RetryPolicy } from './options.ts';

const DEFAULT_RETRY: Required<RetryPolicy> = {
  limit: 2,
  methods: [],
  statusCodes: [408, 429, 500, 502, 503, 504],
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
};

export function resolveRetry(policy: RetryPolicy | number | false | undefined, base: Required<RetryPolicy> = DEFAULT_RETRY): Required<RetryPolicy> {
  if (policy === false) return { ...base, limit: 0 };
  if (typeof policy === 'number') return { ...base, limit: policy };
  return { ...base, ...policy };
}

export interface RetryContext {
  redactor: Redactor;
  /** Builds the error for a 401 that signing in again would not fix. */
  permissionError(error: HttpError): MagekitError;
}

/**
 * Whether ky repeats the attempt that failed with `failure`. Sets `call.nextDelay` when it does, and
 * `call.final` when the call must end with another error than the attempt's own.
 */
export function shouldRetry(call: Call, failure: Failure, context: RetryContext): boolean {
  if (failure.reason === 'unauthorized') return renewAfter401(call, failure.error as HttpError, context);
  if (failure.reason === 'final' || call.retries >= call.policy.limit) return false;
  // A connection refused before sending ('not-sent') is repeated for any route; the rest only for idempotent ones.
  if (failure.reason !== 'not-sent' && !call.idempotent) return false;
  let delay = failure.retryAfterMs;
  if (failure.reason === 'status') {
    if (!call.policy.statusCodes.includes(failure.status!)) return false;
    // No Retry-After asks for no wait; one asking for longer than maxRetryAfter ends the call.
    if ((delay ?? 0) > call.policy.maxRetryAfter) return false;
  }
  delay ??= backoff(call.retries, call.policy.backoffLimit);
  if (performance.now() + delay >= call.deadlineAt) {
    call.final = noTimeLeft(call, failure.error, context.redactor);
    return false;
  }
  call.retries += 1;
  call.nextDelay = delay;
  return true;
}

/**
 * The shared 401 rule: a credential accepted once and then refused is renewed once; one refused
 * before it ever worked (or refused again after the renewal) is a permission error.
 */
function renewAfter401(call: Call, error: HttpError, context: RetryContext): boolean {
  const credential = call.credential;
  if (!credential || call.authorization === null) return false;
  const meaning = call.renewed ? 'permission' : credential.unauthorized(call.authorization);
  if (meaning === 'permission') call.final = context.permissionError(error);
  if (meaning !== 'renew') return false;
  call.renewed = true;
  call.nextDelay = 0;
  return true;
}

function noTimeLeft(call: Call, failure: MagekitError, redactor: Redactor): TimeoutError {
  const url = redactor.text(call.request.url);
  return new TimeoutError(`${call.method} ${url} timed out: the call's deadline (totalTimeout) leaves no time for attempt ${call.attempt + 1}; the last attempt failed with: ${failure.message}`, {
    service: failure.service,
    method: call.method,
    url,
    cause: failure,
  });
}

/** Exponential backoff with full jitter: 0.3 s, 0.6 s, 1.2 s... capped. */
function backoff(retries: number, limit: number): number {
  const ceiling = Math.min(limit, 300 * 2 ** retries);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** Retry-After as ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  // No header reads as an empty one: neither the pattern nor Date.parse accepts text without a digit.
  // Stryker disable next-line StringLiteral: the mutant's "Stryker was here!" holds no digit either, so it reads as nothing just as '' does
  const text = value ?? '';
  if (/^\s*\d+(\.\d+)?\s*$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
