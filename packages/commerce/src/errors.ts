/**
 * The commerce platform's error bodies: `{message, parameters?, code?, errors?, trace?}` where
 * `message` is a template (`"The \"%1\" product doesn't exist"` or `"%fieldName is required"`) that
 * the client must fill from `parameters`, positional or named.
 */
import { AuthError, HttpError, type ErrorContext, type ErrorDetail, type HttpErrorOptions, isMagekitError, redactValue, type MagekitError } from '@magekit/core';

export {
  AbortError,
  AuthError,
  ConfigurationError,
  HttpError,
  InputError,
  MagekitError,
  NetworkError,
  PermissionError,
  RedirectError,
  ResponseError,
  TimeoutError,
  type ErrorKind,
  type Fate,
} from '@magekit/core';

/** True for any error this SDK throws; narrow further with `e.kind`. Works across ESM/CJS copies. */
export function isCommerceError(value: unknown): value is MagekitError {
  return isMagekitError(value, 'commerce');
}

/** Fills `%1`, `%2` (1-based positions) and `%name` placeholders; unknown placeholders stay as they are. */
export function fillTemplate(template: string, parameters: unknown): string {
  if (parameters == null || typeof parameters !== 'object') return template;
  const lookup = (key: string): unknown => {
    if (Array.isArray(parameters)) return /^\d+$/.test(key) ? parameters[Number(key) - 1] : undefined;
    return (parameters as Record<string, unknown>)[key];
  };
  return template.replace(/%(\d+|[A-Za-z_][A-Za-z0-9_]*)/g, (match, key: string) => {
    const value = lookup(key);
    if (value === undefined || value === null) return match;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/**
 * The platform's web-API input limits (2.4.3+, Stores > Configuration > Services > Web API Input
 * Limits, off by default) refused the request: a search page larger than the maximum page size, or
 * an array with more items than allowed. `maximum` is the limit the platform named, so the caller
 * (and `paginate`) can ask again within it. Templates from `Framework/Webapi/Validator/
 * SearchCriteriaValidator.php` and `EntityArrayValidator.php`, answered as 400.
 */
export class InputLimitError extends HttpError {
  /** `page-size`: searchCriteria.pageSize above `maximum`; `array`: an array input with more than `maximum` items. */
  readonly limit: 'page-size' | 'array';
  /** The largest value the platform accepts. */
  readonly maximum: number;
  /** For `array`: the item type the platform named (its PHP interface). */
  readonly itemType: string | undefined;

  constructor(message: string, options: HttpErrorOptions & { limit: 'page-size' | 'array'; maximum: number; itemType?: string | undefined }) {
    super(message, options);
    this.name = 'InputLimitError';
    this.limit = options.limit;
    this.maximum = options.maximum;
    this.itemType = options.itemType;
  }
}

/** `Maximum SearchCriteria pageSize is %max` / `Maximum items of type "%type" is %max`, with their values. */
function inputLimitOf(template: string | undefined, parameters: unknown, filled: string): { limit: 'page-size' | 'array'; maximum: number; itemType: string | undefined } | undefined {
  const named = parameters && typeof parameters === 'object' && !Array.isArray(parameters) ? (parameters as Record<string, unknown>) : {};
  const number = (value: unknown): number | undefined => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
    return n !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
  };
  // The template with its parameters, or (from a proxy or an older release) the message already filled in.
  if (template === 'Maximum SearchCriteria pageSize is %max' || /^Maximum SearchCriteria pageSize is \d+$/.test(filled)) {
    const maximum = number(named['max']) ?? number(/(\d+)$/.exec(filled)?.[1]);
    return maximum === undefined ? undefined : { limit: 'page-size', maximum, itemType: undefined };
  }
  const items = /^Maximum items of type "([^"]*)" is (\d+)$/.exec(filled);
  if (template === 'Maximum items of type "%type" is %max' || items) {
    const maximum = number(named['max']) ?? number(items?.[2]);
    const itemType = typeof named['type'] === 'string' ? named['type'] : items?.[1];
    return maximum === undefined ? undefined : { limit: 'array', maximum, itemType };
  }
  return undefined;
}

interface PlatformErrorBody {
  message?: unknown;
  parameters?: unknown;
  code?: unknown;
  errors?: unknown;
}

const LOCKOUT_HINT =
  'The platform locks an account for 30 minutes after 6 failed sign-ins, so the SDK does not retry this; check the credentials before trying again.';

/** Maps a non-2xx response to an HttpError (or AuthError for 401s and refused token requests). */
export function commerceHttpError(status: number, body: unknown, context: ErrorContext): HttpError {
  const parsed: PlatformErrorBody = body && typeof body === 'object' ? (body as PlatformErrorBody) : {};
  const template = typeof parsed.message === 'string' ? parsed.message : undefined;
  const filled = template ? fillTemplate(template, parsed.parameters) : typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : `HTTP ${status}`;
  const errors: ErrorDetail[] = Array.isArray(parsed.errors)
    ? parsed.errors.map((e: { message?: unknown; parameters?: unknown }) => {
        const message = typeof e?.message === 'string' ? fillTemplate(e.message, e.parameters) : String(e);
        return e?.parameters === undefined ? { message } : { message, parameters: e.parameters };
      })
    : [];
  const isTokenRoute = /\/V1\/(integration\/(admin|customer)\/token|tfa\/provider\/[^/]+\/authenticate)/.test(context.url);
  const details = errors.length ? ` (${errors.map((e) => e.message).join('; ')})` : '';
  const options = {
    service: context.service,
    status,
    method: context.method,
    url: context.url,
    ...(template === undefined ? {} : { template }),
    ...(parsed.parameters === undefined ? {} : { parameters: parsed.parameters }),
    ...(typeof parsed.code === 'number' ? { code: parsed.code } : {}),
    errors,
    body: redactValue(body),
  };
  const message = `${context.method} ${context.url} failed with ${status}: ${filled}${details}`;
  // The platform's messages usually end with a full stop already; add a hint as a new sentence.
  const withHint = (hint: string) => `${message.replace(/[.\s]+$/, '')}. ${hint}`;
  if (isTokenRoute && (status === 401 || status === 400)) return new AuthError(withHint(LOCKOUT_HINT), { ...options, hint: LOCKOUT_HINT });
  const inputLimit = status === 400 ? inputLimitOf(template, parsed.parameters, filled) : undefined;
  if (inputLimit) {
    const hint =
      inputLimit.limit === 'page-size'
        ? `The installation's Web API input limits allow at most ${inputLimit.maximum} items per page: ask for pageSize ${inputLimit.maximum} or fewer (paginate does this by itself).`
        : `The installation's Web API input limits allow at most ${inputLimit.maximum} items in this array: send smaller arrays (for bulk calls, a smaller chunkSize), or ask the merchant to raise the limit.`;
    return new InputLimitError(withHint(hint), { ...options, hint, ...inputLimit });
  }
  if (status === 401) {
    const hint = /timestamp|nonce/i.test(filled)
      ? 'The server rejected the OAuth timestamp: check this machine\'s clock (it must be within a few minutes of the server\'s).'
      : 'The credentials were refused or lack the ACL resource named in the message.';
    return new AuthError(withHint(hint), { ...options, hint });
  }
  return new HttpError(message, options);
}
