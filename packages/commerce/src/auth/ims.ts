/**
 * Adobe IMS server-to-server credentials (OAuth 2.0 client credentials), the way Adobe Commerce as a
 * Cloud Service authenticates REST calls. Facts from Adobe's published documentation:
 * https://developer.adobe.com/commerce/webapi/rest/authentication/ and
 * https://github.com/AdobeDocs/commerce-webapi/blob/main/src/pages/rest/authentication/server-to-server.md
 *
 * - token: `POST https://ims-na1.adobelogin.com/ims/token/v3`, form-encoded `grant_type=client_credentials`,
 *   `client_id`, `client_secret`, `scope` (comma-separated; `commerce.accs` is the one the API needs);
 *   the answer is `{ access_token, token_type: "bearer", expires_in }` (seconds, about 24 h);
 * - every API request carries `Authorization: Bearer <token>`, `x-api-key: <client id>` and
 *   `x-gw-ims-org-id: <organization id>`.
 *
 * The token is cached and shared (one token request however many calls wait), renewed ahead of its
 * expiry and once after a 401. The client secret and every token are registered for redaction.
 */
import { AuthError, HttpError, NetworkError, ResponseError, TimeoutError, bearerToken, createTokenCache, isLoopbackHost, redactValue, shapeOfText, whenReady } from '@magekit/core';
import { configurationError, optionalDuration, requireSecret, requireText } from './config.ts';
import type { AuthStrategy, Authorizer } from './types.ts';

export const DEFAULT_IMS_TOKEN_URL = 'https://ims-na1.adobelogin.com/ims/token/v3';
/** The scopes Adobe's server-to-server guide requests for the cloud service's REST API. */
export const DEFAULT_IMS_SCOPES: readonly string[] = ['openid', 'AdobeID', 'email', 'profile', 'additional_info.roles', 'additional_info.projectedProductContext', 'commerce.accs'];

export interface ImsOptions {
  /** The OAuth Server-to-Server credential's client id (Adobe Developer Console); also sent as x-api-key. */
  clientId: string;
  /** The credential's client secret. Never logged. */
  clientSecret: string;
  /** The IMS organization id (`...@AdobeOrg`), sent as x-gw-ims-org-id. */
  orgId: string;
  /** Default DEFAULT_IMS_SCOPES (includes `commerce.accs`). */
  scopes?: readonly string[] | undefined;
  /** Default https://ims-na1.adobelogin.com/ims/token/v3. */
  tokenUrl?: string | URL | undefined;
  /** Renew this long before expiry. Default 5 minutes (at most half a token's lifetime). */
  renewBeforeMs?: number | undefined;
  /** Per token request. Default 30 s. */
  timeout?: number | undefined;
  /** A fetch implementation for the token requests (default: the client's, else the global one); resolved at request time. */
  fetch?: typeof fetch | undefined;
}

const DEFAULT_RENEW_BEFORE_MS = 5 * 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;
const SCOPE = /^[A-Za-z0-9_.:-]+$/;

export function ims(options: ImsOptions): AuthStrategy {
  const factory = 'ims()';
  if (!options || typeof options !== 'object') throw configurationError(factory, 'needs { clientId, clientSecret, orgId } from an OAuth Server-to-Server credential in the Adobe Developer Console.');
  const clientSecret = requireSecret(options.clientSecret, factory, 'clientSecret');
  const clientId = requireText(options.clientId, factory, 'clientId').trim();
  const orgId = requireText(options.orgId, factory, 'orgId').trim();
  const scopes = options.scopes ?? DEFAULT_IMS_SCOPES;
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => typeof s === 'string' && SCOPE.test(s))) {
    throw configurationError(factory, `scopes must be a non-empty list of scope names such as ["commerce.accs"], got ${JSON.stringify(scopes)}.`);
  }
  const tokenUrl = checkTokenUrl(options.tokenUrl ?? DEFAULT_IMS_TOKEN_URL, factory);
  const renewBeforeMs = optionalDuration(options.renewBeforeMs, factory, 'renewBeforeMs', DEFAULT_RENEW_BEFORE_MS, { allowZero: true });
  const timeout = optionalDuration(options.timeout, factory, 'timeout', DEFAULT_TIMEOUT_MS);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw configurationError(factory, 'fetch must be a function with the signature of the global fetch.');
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: scopes.join(',') }).toString();

  return {
    kind: 'ims',
    bind(runtime): Authorizer {
      // The client id travels as x-api-key, a header credential.
      runtime.protect?.(clientSecret);
      runtime.protect?.(clientId);
      const cache = createTokenCache({
        // Renewal ahead of expiry is folded into expiresAt per token (see below), so the cache renews at expiresAt.
        renewBeforeMs: 0,
        now: () => runtime.now(),
        issue: async () => {
          const sentAt = runtime.now();
          const { token, lifetimeMs } = await requestToken(tokenUrl, form, timeout, options.fetch ?? runtime.fetch);
          // A short-lived token (a test's, say) is renewed halfway through rather than never used.
          return { value: token, expiresAt: sentAt + lifetimeMs - Math.min(renewBeforeMs, lifetimeMs / 2) };
        },
      });
      return {
        // Synchronous while the cached token is fresh: the call then waits on nothing.
        authorize(request) {
          return whenReady(cache.get(), ({ value }) => {
            request.headers.set('authorization', `Bearer ${value}`);
            request.headers.set('x-api-key', clientId);
            request.headers.set('x-gw-ims-org-id', orgId);
          });
        },
        // The token cache holds the 401 rule: renew once, or a permission error for a new token.
        unauthorized: (authorization) => cache.unauthorized(bearerToken(authorization)),
        accepted: (authorization) => cache.accepted(bearerToken(authorization)),
        signOut() {
          cache.clear();
        },
        get tokenRequests() {
          return cache.issued;
        },
      };
    },
  };
}

function checkTokenUrl(value: string | URL, factory: string): string {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw configurationError(factory, `tokenUrl ${JSON.stringify(String(value))} is not a URL; the default is ${DEFAULT_IMS_TOKEN_URL}.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw configurationError(factory, `tokenUrl must use https:// (plain http only for loopback test servers), got ${url.protocol}//${url.host}.`);
  }
  return url.href;
}

const context = (url: string) => ({ service: 'commerce' as const, method: 'POST', url });

async function requestToken(url: string, form: string, timeout: number, fetchImpl: typeof fetch | undefined): Promise<{ token: string; lifetimeMs: number }> {
  let response: Response;
  try {
    response = await (fetchImpl ?? globalThis.fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(timeout),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new TimeoutError(`POST ${url} (Adobe IMS token) got no response within ${timeout} ms.`, context(url));
    }
    throw new NetworkError(`POST ${url} (Adobe IMS token) failed before any response: ${error instanceof Error ? error.message : String(error)}.`, { ...context(url), cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw imsError(response.status, body ?? text, url);
  const fields = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
  const expiresIn = typeof fields.expires_in === 'string' ? Number(fields.expires_in) : fields.expires_in;
  if (typeof fields.access_token !== 'string' || !fields.access_token || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
    // Only the answer's shape is kept: an access_token without its expires_in is still a token.
    throw new ResponseError(`POST ${url} (Adobe IMS token) answered ${response.status} without an access_token and a positive expires_in.`, shapeOfText(text), { ...context(url), status: response.status });
  }
  return { token: fields.access_token, lifetimeMs: expiresIn * 1000 };
}

/** IMS errors are `{ error, error_description }` (OAuth 2.0); 400/401 mean the credential was refused. */
function imsError(status: number, body: unknown, url: string): HttpError {
  const parsed = body && typeof body === 'object' ? (body as { error?: unknown; error_description?: unknown }) : {};
  const code = typeof parsed.error === 'string' ? parsed.error : undefined;
  const description = typeof parsed.error_description === 'string' ? parsed.error_description : undefined;
  const detail = code ? ` (${code}${description ? `: ${description}` : ''})` : '';
  const options = { ...context(url), status, body: redactValue(body) };
  if (status === 400 || status === 401 || status === 403) {
    const hint = 'Check clientId, clientSecret and scopes against the OAuth Server-to-Server credential in the Adobe Developer Console; the scopes must include commerce.accs.';
    return new AuthError(`Adobe IMS refused the client credentials with ${status}${detail}. ${hint}`, { ...options, hint });
  }
  return new HttpError(`POST ${url} (Adobe IMS token) failed with ${status}${detail}.`, options);
}

