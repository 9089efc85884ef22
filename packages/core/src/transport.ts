/**
 * The HTTP layer both clients share, on the platform's fetch: our own retry loop, so the policy is
 * exactly the route's (see "Idempotency" in docs/design.md) and no Request is cloned; one deadline
 * per attempt and one per call, both covering the body read; redirects followed by hand, never to
 * another origin with credentials; every failure mapped to a typed error. It knows nothing about
 * either API's routes; the clients build URLs and bodies and hand them over.
 *
 * ky is not on this path: with retries, timeouts and redirects handled here, what it would add is
 * an options merge and a Request clone per call (measured in bench/overhead.ts).
 */
import {
  AbortError,
  HttpError,
  NetworkError,
  RedirectError,
  ResponseError,
  TimeoutError,
  isMagekitError,
  type MagekitError,
  type Service,
} from './errors.ts';
import { excerpt, readBoundedText, type BoundedBody } from './bounded-body.ts';
import { isSecretKey, type Redactor } from './redact.ts';
import { abortableSleep } from './sleep.ts';

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
  error: MagekitError | Error;
}
/** @public Re-exported by both packages' entries (knip does not count a re-export as a use). */
export interface TransportHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
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
  /**
   * Adds credentials to each attempt's request (a fresh OAuth nonce per attempt); `signal` ends the
   * wait for a sign-in when the caller aborts or a deadline passes.
   */
  authorize?: ((request: Request, signal: AbortSignal) => Promise<Request> | Request) | undefined;
  expect?: ResponseKind | undefined;
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
  /** A fetch implementation; resolved at request time. */
  fetch?: typeof fetch | undefined;
  /** Logging hooks; they see URLs and headers with credentials masked. */
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
  /** This client's secrets, for the URLs and headers hooks see. */
  redactor: Redactor;
}

const DEFAULT_TIMEOUT = 120_000;
const DEFAULT_TOTAL_TIMEOUT = 600_000;
const MAX_REDIRECTS = 5;
/** setTimeout's limit (about 24.8 days); a longer delay would fire at once. */
const MAX_TIMER = 2 ** 31 - 1;
const DEFAULT_RETRY: Required<RetryPolicy> = {
  limit: 2,
  methods: [],
  statusCodes: [408, 429, 500, 502, 503, 504],
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
};

function resolveRetry(policy: RetryPolicy | number | false | undefined, base: Required<RetryPolicy> = DEFAULT_RETRY): Required<RetryPolicy> {
  if (policy === false) return { ...base, limit: 0 };
  if (typeof policy === 'number') return { ...base, limit: policy };
  if (policy === undefined) return base;
  return { ...base, ...policy };
}

/**
 * Connection errors that happen before a single byte of the request left: nothing can have been
 * applied, so any route may be tried again.
 */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export interface Transport {
  send<T = unknown>(request: SendRequest): Promise<SendResult<T>>;
  readonly service: Service;
  /** Headers every later request carries (a credential that never changes), merged once. */
  addStaticHeaders(headers: Record<string, string>): void;
}

/** Which deadline ended an attempt. */
type Stop = 'caller' | 'call' | 'attempt';

export function createTransport(options: TransportOptions): Transport {
  const { service, redactor } = options;
  const clientRetry = resolveRetry(options.retry);
  const hooks = options.hooks ?? {};
  const clientTimeout = options.timeout ?? DEFAULT_TIMEOUT;
  const clientTotal = options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT;
  // Headers that do not change between calls are merged once.
  let staticHeaders: Record<string, string> = { accept: 'application/json', ...lowerKeys(options.headers) };
  let jsonHeaders: Record<string, string> = { ...staticHeaders, 'content-type': 'application/json' };

  async function send<T>(request: SendRequest): Promise<SendResult<T>> {
    const policy = request.retry === undefined ? clientRetry : resolveRetry(request.retry, clientRetry);
    const idempotent = request.idempotent || policy.methods.includes(request.method);
    const timeout = request.timeout ?? clientTimeout;
    const total = request.totalTimeout ?? clientTotal;
    const deadlineAt = total === false ? Infinity : performance.now() + total;
    const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
    const headers = request.headers ? { ...(request.json !== undefined ? jsonHeaders : staticHeaders), ...lowerKeys(request.headers) } : request.json !== undefined ? jsonHeaders : staticHeaders;
    if (request.signal?.aborted) throw abortError(request);

    for (let attempt = 0; ; attempt++) {
      // One controller and one timer per attempt, set to whichever ends first: the attempt's timeout
      // or the call's deadline. It stays armed until the body has been read.
      const controller = new AbortController();
      const signal = controller.signal;
      const remaining = deadlineAt - performance.now();
      const ms = Math.min(timeout, remaining, MAX_TIMER);
      let stopped: Stop = 'attempt';
      const timer = setTimeout(() => {
        stopped = ms === timeout ? 'attempt' : 'call';
        controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      }, ms);
      const onCallerAbort = () => {
        stopped = 'caller';
        controller.abort(request.signal!.reason);
      };
      request.signal?.addEventListener('abort', onCallerAbort, { once: true });
      const stop = (): Stop => stopped;
      let failure: MagekitError | Error;
      let retryable: boolean;
      let wait: number | undefined;
      let reading = false;
      try {
        const response = await fetchFollowing(request, headers, body, signal, attempt);
        reading = true;
        if (response.ok) {
          const data = await readBody<T>(response, request, signal);
          return { status: response.status, headers: response.headers, data };
        }
        // Bounded: a 30 MB error page is not buffered, and its error stays small (bounded-body.ts).
        const read = await readBoundedText(response, signal);
        const quote = (text: string, max?: number) => excerpt(text, max, read);
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        failure = httpFailure(request, response.status, read, quote, retryAfterMs, idempotent);
        retryable = idempotent && policy.statusCodes.includes(response.status);
        if (retryable && retryAfterMs !== undefined) {
          if (retryAfterMs > policy.maxRetryAfter) {
            throw describeLongWait(failure as HttpError, retryAfterMs, policy.maxRetryAfter);
          }
          wait = retryAfterMs;
        }
      } catch (error) {
        if (isMagekitError(error)) throw error;
        const classified = classify(error, request, stop, idempotent, reading);
        if (classified.final) throw classified.error;
        failure = classified.error;
        retryable = classified.retryable;
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onCallerAbort);
      }
      if (!retryable || attempt >= policy.limit) throw failure;
      const delay = wait ?? backoff(attempt, policy.backoffLimit);
      if (performance.now() + delay >= deadlineAt) {
        const url = redactor.text(request.url);
        throw new TimeoutError(`${request.method} ${url} timed out: the call's deadline (totalTimeout) leaves no time for attempt ${attempt + 2}; the last attempt failed with: ${failure.message}`, {
          service, method: request.method, url, cause: failure,
        });
      }
      // The hook sees the error before the runtime throws it: remove this client's secrets first (an
      // HTML 500 that echoes the request would otherwise hand its token to a logger).
      hooks.onRetry?.({ method: request.method, url: redactor.text(request.url), attempt: attempt + 2, error: redactor.error(failure) });
      try {
        await abortableSleep(delay, request.signal);
      } catch {
        throw abortError(request);
      }
    }
  }

  /** One attempt: fetch with `redirect: 'manual'`, following same-origin redirects by hand. */
  async function fetchFollowing(request: SendRequest, headers: Record<string, string>, body: BodyInit | undefined, signal: AbortSignal, attempt: number): Promise<Response> {
    let url = request.url;
    let method: HttpMethod = request.method;
    let payload = body;
    const fetchImpl = options.fetch ?? globalThis.fetch;
    for (let hop = 0; ; hop++) {
      let response: Response;
      let sentHeaders: Headers | Record<string, string> = headers;
      const started = hooks.onResponse ? performance.now() : 0;
      if (!request.authorize && !hooks.onRequest) {
        // The common case (static or no credentials, no hooks) builds no Request object.
        response = await fetchImpl(url, { method, headers, body: payload ?? null, signal, redirect: 'manual' });
      } else {
        let outgoing = new Request(url, { method, headers, body: payload ?? null, signal, redirect: 'manual' });
        if (request.authorize) outgoing = await request.authorize(outgoing, signal);
        sentHeaders = outgoing.headers;
        hooks.onRequest?.({ method, url: redactor.text(outgoing.url), headers: redactor.headers(outgoing.headers), attempt: attempt + 1 });
        response = await fetchImpl(outgoing);
      }
      if (hooks.onResponse) hooks.onResponse({ method, url: redactor.text(url), status: response.status, attempt: attempt + 1, durationMs: performance.now() - started });
      if (response.type === 'opaqueredirect') {
        // A browser hides the target of a manual redirect: it cannot be checked, so it is not followed.
        throw redirectError(request, 0, undefined, 'the browser does not reveal where');
      }
      if (!REDIRECT.has(response.status)) return response;
      const location = response.headers.get('location');
      if (!location) return response;
      await response.body?.cancel().catch(() => undefined);
      const target = new URL(location, url);
      const sameOrigin = target.origin === new URL(url).origin;
      if (!sameOrigin && carriesCredentials(sentHeaders, url, payload)) {
        throw redirectError(request, response.status, target.href, `it carries credentials, which must not go to ${target.origin}`);
      }
      if (hop >= MAX_REDIRECTS) throw redirectError(request, response.status, target.href, `more than ${MAX_REDIRECTS} redirects`);
      // The fetch standard's rule: 303, and 301/302 after a POST, continue as a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        payload = undefined;
      }
      url = target.href;
    }
  }

  function redirectError(request: SendRequest, status: number, location: string | undefined, why: string): RedirectError {
    const url = redactor.text(request.url);
    const where = location === undefined ? 'another address' : redactor.text(location);
    const hint = 'Point baseUrl at the address the server redirects to (often https:// or a www. host), so no redirect is needed.';
    return new RedirectError(`${request.method} ${url} was redirected (${status || 'opaque'}) to ${where}; not followed because ${why}. ${hint}`, {
      service,
      status,
      method: request.method,
      url,
      hint,
      fate: 'not-sent',
      ...(location === undefined ? {} : { location: redactor.text(location) }),
    });
  }

  function httpFailure(request: SendRequest, status: number, read: BoundedBody, quote: ErrorContext['quote'], retryAfterMs: number | undefined, idempotent: boolean): HttpError {
    const url = redactor.text(request.url);
    // A body cut at the bound is not parsed: its start is kept as text.
    const body = read.complete ? parseMaybeJson(read.text) : read.text;
    const error = options.httpError(status, body, { service, method: request.method, url, quote });
    if (!read.complete) setField(error, 'bodyTruncated', true);
    if (retryAfterMs !== undefined) setField(error, 'retryAfterMs', retryAfterMs);
    // A gateway's 502/504 says nothing about whether the server behind it applied the write.
    if (!idempotent && (status === 502 || status === 504)) {
      setField(error, 'fate', 'unknown');
      setField(error, 'hint', joinHints(error.hint, unknownHint(request)));
    }
    return error;
  }

  function describeLongWait(error: HttpError, waitMs: number, cap: number): HttpError {
    const hint = `The server asked to wait ${formatMs(waitMs)} before trying again, longer than retry.maxRetryAfter (${formatMs(cap)}); not retried. Try again after that, or raise maxRetryAfter.`;
    setField(error, 'message', `${error.message.replace(/[.\s]+$/, '')}. ${hint}`);
    setField(error, 'hint', hint);
    return error;
  }

  function unknownHint(request: SendRequest): string {
    return (
      request.unknownOutcomeHint ??
      'The request may have reached the server, so whether it was applied is unknown; it was not sent again because the route is not idempotent. Look the record up before sending it again.'
    );
  }

  /** Maps a thrown fetch or body-read failure to a typed error, and says whether it may be retried. */
  function classify(error: unknown, request: SendRequest, stop: () => Stop, idempotent: boolean, reading: boolean): { error: MagekitError; retryable: boolean; final: boolean } {
    const url = redactor.text(request.url);
    const base = { service, method: request.method, url };
    const why = stop();
    const aborted = error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
    const during = reading ? ' while reading the response body' : '';
    if (request.signal?.aborted || (aborted && why === 'caller')) return { error: abortError(request), retryable: false, final: true };
    if (aborted && why === 'call') {
      return { error: new TimeoutError(`${request.method} ${url} timed out${during}: the call's deadline (totalTimeout) passed. Raise totalTimeout if the installation is slow.`, withFate(base, request, idempotent)), retryable: false, final: true };
    }
    if (aborted) {
      return { error: new TimeoutError(`${request.method} ${url} timed out${during}: no complete response within the timeout. Raise the timeout option if the installation is slow.`, withFate(base, request, idempotent)), retryable: idempotent, final: false };
    }
    if (!reading && notSent(error)) {
      return { error: new NetworkError(`${request.method} ${url} failed before any response: ${describeCause(error)}. Nothing was sent.`, { ...base, fate: 'not-sent', cause: error }), retryable: true, final: false };
    }
    if (error instanceof TypeError || (error instanceof Error && causeCode(error) !== undefined)) {
      const what = reading ? 'the connection closed before the whole response body arrived' : 'failed before any response';
      return {
        error: new NetworkError(`${request.method} ${url} ${reading ? `failed: ${what}` : what}: ${describeCause(error)}.`, { ...withFate(base, request, idempotent), cause: error }),
        retryable: idempotent,
        final: false,
      };
    }
    return { error: error instanceof Error ? (error as MagekitError) : new NetworkError(String(error), base), retryable: false, final: true };
  }

  function withFate(base: { service: Service; method: HttpMethod; url: string }, request: SendRequest, idempotent: boolean) {
    if (idempotent || request.method === 'GET') return base;
    return { ...base, fate: 'unknown' as const, hint: unknownHint(request) };
  }

  function abortError(request: SendRequest): AbortError {
    const url = redactor.text(request.url);
    return new AbortError(`${request.method} ${url} was aborted by the caller.`, { service, method: request.method, url, cause: request.signal?.reason });
  }

  async function readBody<T>(response: Response, request: SendRequest, signal: AbortSignal): Promise<T> {
    const tied = options.fetch === undefined;
    const expect = request.expect ?? 'json';
    if (expect === 'void') {
      await readText(response, signal, tied);
      return undefined as T;
    }
    const text = await readText(response, signal, tied);
    if (expect === 'text') return text as T;
    // Redaction is for the error path only: a successful call never pays for it.
    const failure = () => ({ url: redactor.text(request.url), base: { service, method: request.method, url: redactor.text(request.url), status: response.status } });
    if (!/\S/.test(text)) {
      if (expect === 'json-or-void') return undefined as T;
      const { url, base } = failure();
      throw new ResponseError(`${request.method} ${url} answered ${response.status} with an empty body where JSON was expected.`, text, base);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      const { url, base } = failure();
      const type = response.headers.get('content-type') ?? 'no content type';
      const looksHtml = /^\s*</.test(text);
      throw new ResponseError(
        `${request.method} ${url} answered ${response.status} with ${looksHtml ? 'HTML' : 'text that is not JSON'} (${type}); a proxy, maintenance page or wrong base URL is the usual cause.`,
        text,
        base,
      );
    }
  }

  return {
    send,
    service,
    addStaticHeaders(extra) {
      staticHeaders = { ...staticHeaders, ...lowerKeys(extra) };
      jsonHeaders = { ...staticHeaders, 'content-type': 'application/json' };
    },
  };
}

/**
 * Reads a body under the attempt's signal. The platform's fetch ties the body stream to the
 * request's signal (Node, Deno, Bun, browsers); the race is for custom fetch implementations, which
 * may not.
 */
async function readText(response: Response, signal: AbortSignal, tiedToSignal: boolean): Promise<string> {
  if (signal.aborted) throw signal.reason;
  if (tiedToSignal) return response.text();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([response.text(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

/**
 * Whether following a redirect to another origin would hand over credentials: an Authorization or
 * cookie header, a body (token requests and PUT users carry passwords in it), or a secret-named
 * query parameter (an OAuth signature, a token).
 */
function carriesCredentials(headers: Headers | Record<string, string>, url: string, body: BodyInit | undefined): boolean {
  if (body !== undefined && body !== null) return true;
  const has = (name: string) => (headers instanceof Headers ? headers.has(name) : name in headers);
  if (has('authorization') || has('cookie') || has('x-api-key')) return true;
  for (const key of new URL(url).searchParams.keys()) if (isSecretKey(key)) return true;
  return false;
}

/** Retry-After as ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Exponential backoff with full jitter: 0.3 s, 0.6 s, 1.2 s... capped. */
function backoff(attempt: number, limit: number): number {
  const ceiling = Math.min(limit, 300 * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function parseMaybeJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) out[key.toLowerCase()] = value;
  return out;
}

function setField(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: key !== 'message' });
}

function joinHints(a: string | undefined, b: string): string {
  return a ? `${a} ${b}` : b;
}

function formatMs(ms: number): string {
  if (ms >= 3_600_000) return `${Math.round(ms / 360_000) / 10} h`;
  if (ms >= 60_000) return `${Math.round(ms / 6_000) / 10} min`;
  if (ms >= 1_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms)} ms`;
}

/** A connection that never opened (refused, no such host, a port fetch refuses): nothing was sent. */
function notSent(error: unknown): boolean {
  const code = causeCode(error);
  if (code !== undefined) return NOT_SENT.has(code);
  const cause = (error as { cause?: unknown })?.cause;
  return cause instanceof Error && cause.message === 'bad port';
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: string }).code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}
