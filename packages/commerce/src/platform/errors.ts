/**
 * The commerce platform's error bodies: `{message, parameters?, code?, errors?, trace?}` where
 * `message` is a template (`"The \"%1\" product doesn't exist"` or `"%fieldName is required"`) that
 * the client fills from `parameters`, positional or named, as the platform's renderer does (phrase.ts).
 */
import { AuthError, HttpError, type ErrorContext, type ErrorDetail, type HttpErrorOptions, httpErrorFields, isMagekitError, type MagekitError } from '@magekit/core';
import { phraseParameters, renderPhrase } from './phrase.ts';

/** How much of a body that is not the platform's JSON (an HTML error page) a message quotes. */
const TEXT_BODY_EXCERPT = 300;

// Core's error classes, part of this package's public surface (named: entry points never `export *`).
export { AbortError, AuthError, ConfigurationError, HttpError, InputError, MagekitError, NetworkError, PermissionError, RedirectError, ResponseError, TimeoutError, type ErrorKind, type ErrorParameter, type ErrorParameters, type Fate } from '@magekit/core';

/** True for any error this SDK throws; narrow further with `e.kind`. Works across ESM/CJS copies. */
export function isCommerceError(value: unknown): value is MagekitError {
  return isMagekitError(value, 'commerce');
}

/**
 * The platform's Web API input limits (2.4.3+, off by default) refused a search page larger than the
 * maximum page size (`limit: 'page-size'`) or an array longer than allowed (`limit: 'array'`);
 * `maximum` is the limit the platform named, so the caller (and `paginate`) can ask again within it.
 * Templates `Maximum SearchCriteria pageSize is %max` (`lib/internal/Magento/Framework/Webapi/
 * Validator/SearchCriteriaValidator.php`) and `Maximum items of type "%type" is %max`
 * (`EntityArrayValidator.php`), answered as 400 with `{ max, type }` as parameters (`parameters.type`
 * names the array's item type, a PHP interface).
 */
export class InputLimitError extends HttpError {
  override name = 'InputLimitError';
  // `declare`: set in the constructor, no field initializers emitted (every client carries this class).
  declare readonly limit: 'page-size' | 'array';
  /** The largest value the platform accepts. */
  declare readonly maximum: number;

  constructor(message: string, options: HttpErrorOptions, parameters: { max?: unknown; type?: string }) {
    super(message, options);
    (this as { limit: unknown }).limit = parameters.type === undefined ? 'page-size' : 'array';
    (this as { maximum: unknown }).maximum = Number(parameters.max);
  }
}

/**
 * The page size to go on at after `error`: the installation's maximum when its input limits refused
 * `size` (the one rule paginate, the bulk listings and outcome results share); anything else is rethrown.
 */
export function smallerPageSize(error: unknown, size: number): number {
  if (error instanceof InputLimitError && error.limit === 'page-size' && error.maximum < size) return error.maximum;
  throw error;
}

interface PlatformErrorBody {
  message?: unknown;
  parameters?: unknown;
  code?: unknown;
  errors?: unknown;
}

const LOCKOUT_HINT =
  'The platform locks an account for 30 minutes after 6 failed sign-ins, so the SDK does not retry this; check the credentials before trying again.';

/**
 * The admin token route's answer when two-factor authentication is on (the platform's default since
 * 2.4.0): "Please use the 2fa provider-specific endpoints to obtain a token." (magento2
 * `app/code/Magento/TwoFactorAuth/`; docs/platform-behaviour.md). It is an AuthError like any refused
 * sign-in, so the token cache does not repeat it.
 */
const TWO_FACTOR_HINT =
  'The installation requires two-factor authentication: pass otp (a code, or a function returning a current one) to adminToken(), or twoFactor: authyTwoFactor(), duoTwoFactor() or webAuthnTwoFactor().';

/** Maps a non-2xx response to an HttpError (or AuthError for 401s and refused token requests). */
export function commerceHttpError(status: number, body: unknown, context: ErrorContext): HttpError {
  const parsed: PlatformErrorBody = body && typeof body === 'object' ? (body as PlatformErrorBody) : {};
  const template = typeof parsed.message === 'string' ? parsed.message : undefined;
  // The server's text is quoted up to a bound (context.quote): the whole body stays on `body`.
  const quote = context.quote ?? ((text: string) => text);
  const parameters = phraseParameters(parsed.parameters);
  const filled = template ? renderPhrase(template, parameters) : typeof body === 'string' && body.trim() ? quote(body.trim(), TEXT_BODY_EXCERPT) : `HTTP ${status}`;
  const errors: ErrorDetail[] = Array.isArray(parsed.errors)
    ? parsed.errors.map((e: { message?: unknown; parameters?: unknown }) => {
        const detailParameters = phraseParameters(e?.parameters);
        const message = typeof e?.message === 'string' ? renderPhrase(e.message, detailParameters) : String(e);
        return detailParameters === undefined ? { message } : { message, parameters: detailParameters };
      })
    : [];
  const isTokenRoute = /\/V1\/(integration\/(admin|customer)\/token|tfa\/provider\/[^/]+\/authenticate)/.test(context.url);
  const details = errors.length ? ` (${errors.map((e) => e.message).join('; ')})` : '';
  const options = {
    ...httpErrorFields(status, body, context),
    ...(template === undefined ? {} : { template }),
    ...(parameters === undefined ? {} : { parameters }),
    ...(typeof parsed.code === 'number' ? { code: parsed.code } : {}),
    errors,
  };
  const message = `${context.method} ${context.url} failed with ${status}: ${template ? quote(`${filled}${details}`) : `${filled}${details}`}`;
  // The platform's messages usually end with a full stop already; add a hint as a new sentence.
  const withHint = (hint: string) => `${message.replace(/[.\s]+$/, '')}. ${hint}`;
  if (isTokenRoute && (status === 401 || status === 400)) {
    // The refusal that asks for a second factor is not a wrong password: say what to pass instead.
    const hint = /2fa provider-specific endpoints/i.test(filled) ? TWO_FACTOR_HINT : LOCKOUT_HINT;
    return new AuthError(withHint(hint), { ...options, hint });
  }
  // Both input-limit templates end so, with the maximum (and the array's item type) as named parameters.
  if (status === 400 && template?.endsWith(' is %max')) return new InputLimitError(message, options, (parameters ?? {}) as { max?: unknown });
  if (status === 401) {
    const hint = /timestamp|nonce/i.test(filled)
      ? 'The server refused the OAuth timestamp: set this machine\'s clock right (within minutes of the server\'s).'
      : 'The credentials were refused, or lack the ACL resource named.';
    return new AuthError(withHint(hint), { ...options, hint });
  }
  return new HttpError(message, options);
}
