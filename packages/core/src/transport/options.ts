/**
 * What the transport takes and gives: the options every client and every call accepts (documented
 * once for both packages), the request a runtime hands over, and the result it gets back.
 */
import type { Hooks as KyHooks } from 'ky';
import type { Credential } from '../credential.ts';
import type { HttpError, MagekitError, Service } from '../errors.ts';
import type { Redactor } from '../redact.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** @public Re-exported by both packages' entries (knip does not count a re-export as a use). */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2. */
  limit?: number;
  /**
   * Methods whose calls are treated as safe to repeat, on top of the route's own `x-idempotent`.
   * Default none: the route decides. Listing 'POST' opts every POST of this scope in.
   */
  methods?: HttpMethod[];
  /** Statuses that are retried (idempotent calls only). Default 408, 429, 500, 502, 503, 504. */
  statusCodes?: number[];
  /**
   * Longest Retry-After the SDK waits, in ms. Default 60 s. A server asking for longer gets no
   * retry: the call fails with an HttpError whose `retryAfterMs` carries the wait.
   */
  maxRetryAfter?: number;
  /** Cap on the exponential backoff delay, in ms. Default 10 s. */
  backoffLimit?: number;
}

/**
 * What hooks see: always with credentials masked.
 * @public Re-exported by both packages' entries (knip does not count a re-export as a use).
 */
export interface RequestEvent {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  attempt: number;
}
/** @public Re-exported by both packages' entries (knip does not count a re-export as a use). */
export interface ResponseEvent {
  method: HttpMethod;
  url: string;
  status: number;
  attempt: number;
  durationMs: number;
}
/** @public Re-exported by both packages' entries (knip does not count a re-export as a use). */
export interface RetryEvent {
  method: HttpMethod;
  url: string;
  attempt: number;
  /** How long the SDK waited before this attempt: the server's Retry-After, or the backoff. */
  waitedMs: number;
  error: MagekitError | Error;
}

/**
 * The client's hooks: the SDK's logging events, which see URLs and headers with credentials
 * masked, and ky's own hooks (`beforeRequest`, `afterResponse`, `beforeRetry`, `beforeError`), run
 * by the client's ky instance. ky's hooks see the real request, credentials included.
 * @public Re-exported by both packages' entries (knip does not count a re-export as a use).
 */
export interface TransportHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
  /** ky: runs before the first attempt, after the SDK has authorized the request. */
  beforeRequest?: KyHooks['beforeRequest'];
  /** ky: runs on each response (the body is already read; the SDK reads it under the deadline). */
  afterResponse?: KyHooks['afterResponse'];
  /** ky: runs before each retry, after the SDK has re-authorized the request. */
  beforeRetry?: KyHooks['beforeRetry'];
  /** ky: runs on each failure after the SDK has turned it into its typed, redacted error. */
  beforeError?: KyHooks['beforeError'];
}

export interface ErrorContext {
  service: Service;
  method: HttpMethod;
  url: string;
  /**
   * Quotes a server's text for a message: at most `max` characters (default 2 KB), ending with how
   * many bytes were left out, counting what was not read of a body cut at MAX_ERROR_BODY_BYTES
   * (`… 31456980 bytes more`). Absent where no response body was read.
   */
  quote?: ((text: string, max?: number) => string) | undefined;
}

export type ResponseKind = 'json' | 'void' | 'text' | 'json-or-void';

export interface SendRequest {
  method: HttpMethod;
  /** Absolute URL, query included, encoded exactly once. */
  url: string;
  json?: unknown;
  body?: BodyInit | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  totalTimeout?: number | false | undefined;
  retry?: RetryPolicy | number | false | undefined;
  /**
   * Whether an attempt that may have reached the server can be sent again (the route's
   * `x-idempotent`, or the caller's choice). A connection refused before anything was sent is
   * retried either way.
   */
  idempotent: boolean;
  /** For a write whose fate is unknown: how to find out (appended to the error's hint). */
  unknownOutcomeHint?: string | undefined;
  /** Authorizes each attempt and says what a 401 means; absent for anonymous calls. */
  credential?: Credential | undefined;
  expect?: ResponseKind | undefined;
  /**
   * The answer carries a credential (a token route): an answer that cannot be read as expected
   * fails with its shape in `raw`, never its text (core/shape.ts).
   */
  issuesCredential?: boolean | undefined;
}

export interface SendResult<T = unknown> {
  status: number;
  headers: Headers;
  data: T;
}

/** The transport options every client accepts, documented once for both packages. */
export interface ClientTransportOptions {
  /** Per-attempt timeout in ms, reading the response body included. Default 120 000. */
  timeout?: number | undefined;
  /** Deadline for a whole call, retries and body included, in ms. Default 600 000. */
  totalTimeout?: number | false | undefined;
  /**
   * Retries on 408/429/5xx and network failures, for calls to idempotent routes (`x-idempotent`
   * in the spec). Writes that create, place or submit are never repeated once they may have
   * reached the server. Default 2.
   */
  retry?: RetryPolicy | number | false | undefined;
  /**
   * A fetch implementation, called by the client's ky instance (with `redirect: 'manual'`: the SDK
   * follows same-origin redirects itself); resolved at request time when not given.
   */
  fetch?: typeof fetch | undefined;
  /** Logging events (credentials masked) and ky hooks. */
  hooks?: TransportHooks | undefined;
  headers?: Record<string, string> | undefined;
}

/** The per-call options every call accepts. */
export interface CallTransportOptions {
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  totalTimeout?: number | false | undefined;
  /** Override retries for this call. */
  retry?: RetryPolicy | number | false | undefined;
  /**
   * Override the route's idempotency for this call: `true` lets a write you know is safe to repeat
   * be retried; `false` sends a read at most once.
   */
  idempotent?: boolean | undefined;
  headers?: Record<string, string> | undefined;
}

export interface TransportOptions extends ClientTransportOptions {
  service: Service;
  /** Turns a non-2xx response into the service's own error (message templates, codes). */
  httpError: (status: number, body: unknown, context: ErrorContext) => HttpError;
  /** A 401 that signing in again would not fix, as the service words it. */
  permissionError?: ((error: HttpError) => MagekitError) | undefined;
  /** This client's secrets, for the URLs and headers hooks see. */
  redactor: Redactor;
}
