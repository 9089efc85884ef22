/**
 * Errors both magekit packages throw. Every error carries a brand (a global symbol) naming the
 * service it came from, so `isCommerceError(e)` works even when an app ends up with two copies of
 * the SDK (ESM and CJS, or two versions), where `instanceof` would silently fail.
 */
import { boundedValue, cut } from './bounded-body.ts';
import { redactText, redactValue } from './redact.ts';

/**
 * The longest message any error carries. Mappers quote at most 2 KB of a server's text
 * (bounded-body.ts); this bound is the backstop for every other path (a huge URL, a caller's input).
 */
const MAX_MESSAGE_CHARS = 4096;

/**
 * The most of each other field an error keeps (in characters of its JSON form): a URL, a template,
 * `raw`, `body`, `parameters`, `errors`. With the message, every rendering of an error (JSON,
 * util.inspect, String) stays within a few kilobytes, whatever the server sent.
 */
const MAX_FIELD_CHARS = 2048;
const MAX_DETAIL_CHARS = 1024;

export type Service = 'commerce' | 'marketplace';

/** The kinds of failure; `kind` is the field to switch on. */
export type ErrorKind =
  | 'configuration' // the client was set up wrong: fix the option named in the message
  | 'input' // a call was given bad input; nothing was sent
  | 'http' // the server answered with a non-2xx status
  | 'auth' // credentials or tokens were refused
  | 'timeout' // an attempt or the overall deadline ran out
  | 'abort' // the caller's AbortSignal fired
  | 'network' // no response at all (DNS, refused connection, reset)
  | 'response' // a 2xx response that is not what the spec promised (HTML, empty, wrong shape)
  | 'bulk' // async/bulk acceptance rejected items, or a bulk ended with failures
  | 'stalled' // a bulk's open count stopped moving
  | 'batch'; // (marketplace) a batch response that cannot be aligned with its input

const ERROR_BRAND = Symbol.for('magekit.error');

export interface MagekitErrorOptions {
  service: Service;
  cause?: unknown;
  status?: number | undefined;
  method?: string | undefined;
  url?: string | undefined;
  hint?: string | undefined;
  /**
   * For a write that failed without a clear answer: 'unknown' when the request may have reached the
   * server (it may or may not have been applied: check before sending it again), 'not-sent' when
   * it certainly did not leave this machine.
   */
  fate?: Fate | undefined;
}

export type Fate = 'not-sent' | 'unknown';

export class MagekitError extends Error {
  // Spelled out: a minifier renames classes, so new.target.name would not survive a bundle.
  override name = 'MagekitError';
  readonly [ERROR_BRAND]: Service;
  readonly kind: ErrorKind = 'input';
  readonly service: Service;
  readonly status: number | undefined;
  readonly method: string | undefined;
  /** The request URL with credentials (OAuth parameters, tokens in the query) removed. */
  readonly url: string | undefined;
  /** What to do about it, when there is something to do. */
  readonly hint: string | undefined;
  /** Whether a failed request may have been applied by the server (see MagekitErrorOptions.fate). */
  readonly fate: Fate | undefined;

  constructor(message: string, options: MagekitErrorOptions) {
    super(redactText(cut(message, MAX_MESSAGE_CHARS)), options.cause === undefined ? undefined : { cause: options.cause });
    this[ERROR_BRAND] = options.service;
    this.service = options.service;
    this.status = options.status;
    this.method = options.method;
    this.url = options.url === undefined ? undefined : redactText(cut(options.url, MAX_FIELD_CHARS));
    this.hint = options.hint;
    this.fate = options.fate;
  }

  /**
   * A plain, credential-free object for logs and structured error reporting, a few KB at most: a
   * field an error keeps whole for the caller (a bulk's rejected items, its outcome) is cut here.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, kind: this.kind, service: this.service, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key === 'cause' || value === undefined || key in out) continue;
      // A field too large for a log line goes as the start of its JSON (HttpError's fields are cut
      // to fit already, keeping their shape).
      const json = typeof value === 'object' ? JSON.stringify(value) : undefined;
      out[key] = json !== undefined && json.length > MAX_FIELD_CHARS ? cut(json, MAX_DETAIL_CHARS) : value;
    }
    // Redact the values, not the serialized text: JSON escaping (a backslash, a quote) would hide a
    // secret from a text search.
    return redactValue(out);
  }

  /**
   * What util.inspect (console.log, console.error) prints: the stack, then the fields as toJSON
   * bounds them, then the cause. Node's own rendering would print every field whole. Looked up by
   * its global symbol, so the runtime code imports nothing from Node.
   */
  [Symbol.for('nodejs.util.inspect.custom')](_depth: number, options: object, inspect?: (value: unknown, options: object) => string): string {
    const { name: _name, message: _message, ...fields } = this.toJSON();
    if (this.cause !== undefined) fields['cause'] = this.cause;
    return `${this.stack ?? `${this.name}: ${this.message}`} ${inspect ? inspect(fields, options) : JSON.stringify(fields)}`;
  }
}

export class ConfigurationError extends MagekitError {
  override name = 'ConfigurationError';
  override readonly kind = 'configuration' as const;
}

export class InputError extends MagekitError {
  override name = 'InputError';
  override readonly kind = 'input' as const;
}

export class TimeoutError extends MagekitError {
  override name = 'TimeoutError';
  override readonly kind = 'timeout' as const;
}

export class AbortError extends MagekitError {
  override name = 'AbortError';
  override readonly kind = 'abort' as const;
}

export class NetworkError extends MagekitError {
  override name = 'NetworkError';
  override readonly kind = 'network' as const;
}

/** A 2xx response whose body is not what the spec promised; `raw` keeps the start of it. */
export class ResponseError extends MagekitError {
  override name = 'ResponseError';
  override readonly kind = 'response' as const;
  readonly raw: string;
  constructor(message: string, raw: string, options: MagekitErrorOptions) {
    super(message, options);
    this.raw = cut(redactText(raw), MAX_FIELD_CHARS);
  }
}

/** One parameter of a server's message template, as the server serialized it (a JSON value). */
export type ErrorParameter = string | number | boolean | null | readonly unknown[] | { readonly [key: string]: unknown };

/** A template's parameters: positional (an array: `%1`, `%2`…) or named (an object: `%fieldName`). */
export type ErrorParameters = readonly ErrorParameter[] | { readonly [name: string]: ErrorParameter };

export interface ErrorDetail {
  /** The filled-in message. */
  message: string;
  parameters?: ErrorParameters;
}

export interface HttpErrorOptions extends MagekitErrorOptions {
  status: number;
  /** The platform's message template (`"The %1 product doesn't exist"`), when it sent one. */
  template?: string | undefined;
  parameters?: ErrorParameters | undefined;
  code?: number | undefined;
  errors?: ErrorDetail[];
  body?: unknown;
  /** The server's Retry-After, in ms, when it sent one. */
  retryAfterMs?: number | undefined;
}

/** The server answered with a non-2xx status. */
export class HttpError extends MagekitError {
  override name = 'HttpError';
  override readonly kind: 'http' | 'auth' = 'http';
  override readonly status: number;
  readonly template: string | undefined;
  /** The template's parameters as the server sent them (the message has them filled in). */
  readonly parameters: ErrorParameters | undefined;
  readonly code: number | undefined;
  readonly errors: ErrorDetail[];
  /**
   * The parsed error body (credentials removed), or its text when it was not JSON (or longer than
   * the MAX_ERROR_BODY_BYTES read of it). At most 2 KB of its JSON form is kept: a larger body is
   * cut where marked (`… 912345 characters more`, `… 40 more items`) and `bodyTruncated` is set.
   */
  readonly body: unknown;
  /** True when `body` is not the whole error body: it was cut to what an error keeps, or left unread past 1 MB. */
  readonly bodyTruncated: boolean = false;
  /** How long the server asked to wait before trying again (Retry-After), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: HttpErrorOptions) {
    super(message, options);
    this.status = options.status;
    this.template = options.template === undefined ? undefined : redactText(cut(options.template, MAX_DETAIL_CHARS));
    this.parameters = boundedValue(redactValue(options.parameters), MAX_DETAIL_CHARS);
    this.code = options.code;
    this.errors = boundedValue(redactValue(options.errors ?? []), MAX_DETAIL_CHARS);
    const body = redactValue(options.body);
    this.body = boundedValue(body, MAX_FIELD_CHARS);
    if (this.body !== body) this.bodyTruncated = true;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Credentials or a token were refused (401, or a token route that said no). */
export class AuthError extends HttpError {
  override name = 'AuthError';
  override readonly kind = 'auth' as const;
}

/**
 * A 401 on a credential issued moments ago: the account lacks the permission (the platform answers
 * "The consumer isn't authorized to access %resources"), and signing in again would not help.
 */
export class PermissionError extends AuthError {
  override name = 'PermissionError';
  /** The ACL resource the server named (`Magento_Catalog::products`), when it named one. */
  readonly resource: string | undefined;
  constructor(message: string, options: HttpErrorOptions & { resource?: string | undefined }) {
    super(message, options);
    this.resource = options.resource;
  }
}

/**
 * A redirect the SDK did not follow: to another origin, from a request carrying a password, a token
 * or a signature (following it would hand them to that origin), or one past the hop limit.
 */
export class RedirectError extends HttpError {
  override name = 'RedirectError';
  /** Where the server pointed, with credentials removed. */
  readonly location: string | undefined;
  constructor(message: string, options: HttpErrorOptions & { location?: string | undefined }) {
    super(message, options);
    this.location = options.location === undefined ? undefined : redactText(cut(options.location, MAX_FIELD_CHARS));
  }
}

export function isMagekitError(value: unknown, service?: Service): value is MagekitError {
  if (typeof value !== 'object' || value === null) return false;
  const brand = (value as { [ERROR_BRAND]?: unknown })[ERROR_BRAND];
  return service === undefined ? brand === 'commerce' || brand === 'marketplace' : brand === service;
}
