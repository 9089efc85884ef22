/**
 * The marketplace's error bodies are `{code, message}` on every 4xx (handling-errors). This module
 * maps them to the shared typed errors, and adds BatchError for batch responses that cannot be
 * trusted item by item (a length mismatch) or that the caller asked to fail on (throwIfFailed).
 */
import { AuthError, HttpError, MagekitError, httpErrorFields, isMagekitError, type ErrorContext, type MagekitErrorOptions } from '@magekit/core';

// Core's error classes, part of this package's public surface (named: entry points never `export *`).
export { AbortError, AuthError, ConfigurationError, HttpError, InputError, MagekitError, NetworkError, PermissionError, RedirectError, ResponseError, TimeoutError, type ErrorKind, type Fate } from '@magekit/core';

/** True for any error this SDK throws; narrow further with `e.kind`. Works across ESM/CJS copies. */
export function isMarketplaceError(value: unknown): value is MagekitError {
  return isMagekitError(value, 'marketplace');
}

interface ServiceErrorBody {
  code?: unknown;
  message?: unknown;
}

/** How much of a body that is not the service's JSON (an HTML error page) a message quotes. */
const TEXT_BODY_EXCERPT = 300;

const TOKEN_ROUTE = /\/rest\/v1\/app\/session\/token(\?|$)/;

/** Maps a non-2xx response to an HttpError, or an AuthError for 401s and refused token requests. */
export function marketplaceHttpError(status: number, body: unknown, context: ErrorContext): HttpError {
  const parsed: ServiceErrorBody = body && typeof body === 'object' ? (body as ServiceErrorBody) : {};
  // The server's text is quoted up to a bound (context.quote): the whole body stays on `body`.
  const quote = context.quote ?? ((said: string) => said);
  const text = typeof parsed.message === 'string' ? quote(parsed.message) : typeof body === 'string' && body.trim() ? quote(body.trim(), TEXT_BODY_EXCERPT) : `HTTP ${status}`;
  const code = typeof parsed.code === 'number' ? parsed.code : undefined;
  const options = { ...httpErrorFields(status, body, context), ...(code === undefined ? {} : { code }) };
  const message = `${context.method} ${context.url} failed with ${status}${code === undefined ? '' : ` (code ${code})`}: ${text}`;
  // 408 and 429 on the token route are load, not a verdict on the key: they stay plain HttpErrors.
  if (TOKEN_ROUTE.test(context.url) && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const hint = 'The application ID and secret were refused. Keys work only in the environment that issued them: check that sandbox keys go to the sandbox and production keys to production.';
    return new AuthError(`${message}. ${hint}`, { ...options, hint });
  }
  if (status === 401) {
    const hint = 'The session token was refused even after one renewal.';
    return new AuthError(`${message}. ${hint}`, { ...options, hint });
  }
  return new HttpError(message, options);
}

/** One failed item of a batch, paired with what was sent for it. */
export interface BatchFailure<I = unknown> {
  index: number;
  input: I;
  code: number;
  message: string;
}

export type BatchErrorReason = 'items-failed' | 'length-mismatch' | 'malformed-response';

/** A batch that failed item by item (throwIfFailed), or a response that cannot be aligned with its input. */
export class BatchError<I = unknown> extends MagekitError {
  override name = 'BatchError';
  override readonly kind = 'batch' as const;
  readonly reason: BatchErrorReason;
  readonly failures: BatchFailure<I>[];

  constructor(message: string, reason: BatchErrorReason, failures: BatchFailure<I>[], options: MagekitErrorOptions) {
    super(message, options);
    this.reason = reason;
    this.failures = failures;
  }
}
