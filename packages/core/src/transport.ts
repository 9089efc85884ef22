/**
 * The HTTP layer both clients share, on ky: timeouts, retries, abort, hooks with redaction, and the
 * mapping of every failure to a typed, credential-free error. It knows nothing about either API's
 * routes; the clients build URLs and bodies and hand them over.
 */
import ky, { HTTPError as KyHttpError, isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options as KyOptions } from 'ky';
import {
  AbortError,
  HttpError,
  NetworkError,
  ResponseError,
  TimeoutError,
  isMagekitError,
  type MagekitError,
  type Service,
} from './errors.ts';
import { redactHeaders, redactText } from './redact.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RetryPolicy {
  /** Retries after the first attempt. Default 2. */
  limit?: number;
  /** Methods that may be replayed. Default: GET, PUT, DELETE (idempotent); POST only when you list it. */
  methods?: HttpMethod[];
  /** Statuses that are retried. Default 408, 429, 500, 502, 503, 504. */
  statusCodes?: number[];
  /** Cap on a server's Retry-After, in ms. Default 60 s. */
  maxRetryAfter?: number;
  /** Cap on the exponential backoff delay, in ms. Default 10 s. */
  backoffLimit?: number;
}

/** What hooks see: always with credentials masked. */
export interface RequestEvent {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  attempt: number;
}
export interface ResponseEvent {
  method: HttpMethod;
  url: string;
  status: number;
  attempt: number;
  durationMs: number;
}
export interface RetryEvent {
  method: HttpMethod;
  url: string;
  attempt: number;
  error: MagekitError | Error;
}
export interface TransportHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
}

export interface TransportOptions extends ClientTransportOptions {
  service: Service;
  /** Turns a non-2xx response into the service's own error (message templates, codes). */
  httpError: (status: number, body: unknown, context: ErrorContext) => HttpError;
}

export interface ErrorContext {
  service: Service;
  method: HttpMethod;
  url: string;
}

export type ResponseKind = 'json' | 'void' | 'text' | 'json-or-void';

export interface SendRequest {
  method: HttpMethod;
  /** Absolute URL, query included, encoded exactly once. */
  url: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  totalTimeout?: number | false | undefined;
  retry?: RetryPolicy | number | false | undefined;
  /** Adds credentials to each attempt's request (a fresh OAuth nonce per attempt). */
  authorize?: ((request: Request) => Promise<Request> | Request) | undefined;
  expect?: ResponseKind | undefined;
}

export interface SendResult<T = unknown> {
  status: number;
  headers: Headers;
  data: T;
}

/** The transport options every client accepts, documented once for both packages. */
export interface ClientTransportOptions {
  /** Per-attempt timeout in ms. Default 120 000. */
  timeout?: number | undefined;
  /** Deadline for a whole call, retries included, in ms. Default 600 000. */
  totalTimeout?: number | false | undefined;
  /** Retries for idempotent methods (GET, PUT, DELETE) on 408/429/5xx and network errors. Default 2. */
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
  /** Override retries for this call; `{ methods: ['POST'] }` allows replaying a POST you know is safe. */
  retry?: RetryPolicy | number | false | undefined;
  headers?: Record<string, string> | undefined;
}

export const DEFAULT_TIMEOUT = 120_000;
export const DEFAULT_TOTAL_TIMEOUT = 600_000;
const DEFAULT_RETRY: Required<RetryPolicy> = {
  limit: 2,
  methods: ['GET', 'PUT', 'DELETE'],
  statusCodes: [408, 429, 500, 502, 503, 504],
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
};

export function resolveRetry(policy: RetryPolicy | number | false | undefined, base: Required<RetryPolicy> = DEFAULT_RETRY): Required<RetryPolicy> {
  if (policy === false) return { ...base, limit: 0 };
  if (typeof policy === 'number') return { ...base, limit: policy };
  return { ...base, ...policy };
}

export interface Transport {
  send<T = unknown>(request: SendRequest): Promise<SendResult<T>>;
  readonly service: Service;
}

export function createTransport(options: TransportOptions): Transport {
  const service = options.service;
  const clientRetry = resolveRetry(options.retry);
  const hooks = options.hooks ?? {};
  const kyRetry = (policy: Required<RetryPolicy>) => ({
    limit: policy.limit,
    methods: policy.methods.map((m) => m.toLowerCase()) as never,
    statusCodes: policy.statusCodes,
    afterStatusCodes: [413, 429, 503],
    maxRetryAfter: policy.maxRetryAfter,
    backoffLimit: policy.backoffLimit,
    jitter: true,
  });
  // Everything that does not change between calls is set once here: ky merges per-call options
  // into the instance's on every request, and that merge is a measurable share of a fast call.
  const instance: KyInstance = ky.create({
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    throwHttpErrors: true,
    headers: { accept: 'application/json', ...options.headers },
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    totalTimeout: options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT,
    retry: kyRetry(clientRetry),
    hooks: {
      beforeRequest: [
        async ({ request: req, options: o, retryCount }) => {
          const call = (o.context as { call?: CallState }).call!;
          const signed = call.request.authorize ? await call.request.authorize(req) : req;
          if (hooks.onResponse) call.started.set(retryCount, performance.now());
          hooks.onRequest?.({ method: call.request.method, url: redactText(signed.url), headers: redactHeaders(signed.headers), attempt: retryCount + 1 });
          return signed;
        },
      ],
      afterResponse: hooks.onResponse
        ? [
            ({ response, options: o, retryCount }) => {
              const call = (o.context as { call?: CallState }).call!;
              const t0 = call.started.get(retryCount) ?? performance.now();
              hooks.onResponse!({ method: call.request.method, url: redactText(call.request.url), status: response.status, attempt: retryCount + 1, durationMs: performance.now() - t0 });
            },
          ]
        : [],
      // ky replays the previous attempt's Request on a retry; credentials that must be fresh per
      // attempt (an OAuth nonce and timestamp) are signed again here.
      beforeRetry: [
        async ({ request: req, error, options: o, retryCount }) => {
          const call = (o.context as { call?: CallState }).call!;
          hooks.onRetry?.({ method: call.request.method, url: redactText(call.request.url), attempt: retryCount + 1, error: toError(error, call.request) });
          const signed = call.request.authorize ? await call.request.authorize(req) : req;
          if (hooks.onResponse) call.started.set(retryCount, performance.now());
          hooks.onRequest?.({ method: call.request.method, url: redactText(signed.url), headers: redactHeaders(signed.headers), attempt: retryCount + 1 });
          return signed === req ? undefined : signed;
        },
      ],
    },
  });

  interface CallState {
    request: SendRequest;
    started: Map<number, number>;
  }

  async function send<T>(request: SendRequest): Promise<SendResult<T>> {
    const kyOptions: KyOptions = { method: request.method, context: { call: { request, started: new Map() } satisfies CallState } };
    if (request.retry !== undefined) kyOptions.retry = kyRetry(resolveRetry(request.retry, clientRetry));
    if (request.timeout !== undefined) kyOptions.timeout = request.timeout;
    if (request.totalTimeout !== undefined) kyOptions.totalTimeout = request.totalTimeout;
    if (request.signal) kyOptions.signal = request.signal;
    if (request.headers) kyOptions.headers = request.headers;
    if (request.json !== undefined) kyOptions.json = request.json;
    else if (request.body !== undefined) kyOptions.body = request.body;

    let response: Response;
    try {
      response = await instance(request.url, kyOptions);
    } catch (error) {
      throw toError(error, request);
    }
    const data = await readBody<T>(response, request);
    return { status: response.status, headers: response.headers, data };
  }

  function toError(error: unknown, request: SendRequest): MagekitError | Error {
    if (isMagekitError(error)) return error;
    const context: ErrorContext = { service, method: request.method, url: redactText(request.url) };
    const base = { service, method: request.method, url: context.url };
    if (request.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return new AbortError(`${request.method} ${context.url} was aborted by the caller.`, { ...base, cause: reasonOf(request.signal) });
    }
    if (isHTTPError(error)) return options.httpError((error as KyHttpError).response.status, (error as KyHttpError).data, context);
    if (isTimeoutError(error)) {
      return new TimeoutError(`${request.method} ${context.url} timed out (${error.message.replace(/^Request timed out/i, 'no response in time').trim()}). Raise the timeout option if the installation is slow.`, base);
    }
    if (isNetworkError(error)) {
      return new NetworkError(`${request.method} ${context.url} failed before any response: ${describeCause(error)}.`, base);
    }
    if (error instanceof TypeError) {
      return new NetworkError(`${request.method} ${context.url} failed before any response: ${error.message}.`, base);
    }
    return error instanceof Error ? error : new Error(String(error));
  }

  async function readBody<T>(response: Response, request: SendRequest): Promise<T> {
    const expect = request.expect ?? 'json';
    const text = await response.text();
    const base = { service, method: request.method, url: redactText(request.url), status: response.status };
    if (expect === 'void') return undefined as T;
    if (expect === 'text') return text as T;
    if (!text.trim()) {
      if (expect === 'json-or-void') return undefined as T;
      throw new ResponseError(`${request.method} ${base.url} answered ${response.status} with an empty body where JSON was expected.`, text, base);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      const looksHtml = /^\s*</.test(text);
      throw new ResponseError(
        `${request.method} ${base.url} answered ${response.status} with ${looksHtml ? 'HTML' : 'text that is not JSON'} (${type}); a proxy, maintenance page or wrong base URL is the usual cause.`,
        text,
        base,
      );
    }
  }

  return { send, service };
}

function reasonOf(signal: AbortSignal | undefined): unknown {
  return signal?.reason;
}

function describeCause(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: string }).code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return error.message;
}
