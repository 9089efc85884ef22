/**
 * The token exchange that follows an activation: `POST <store>/oauth/token/request` for a request
 * token, then `POST <store>/oauth/token/access` with it and the verifier for the access token
 * (https://developer.adobe.com/commerce/webapi/get-started/authentication/gs-authentication-oauth).
 * Both answer form-encoded `oauth_token=...&oauth_token_secret=...`, or `oauth_problem=...` on failure.
 *
 * Neither request is ever sent twice: the verifier is single use, and the platform accepts the
 * exchange only for a few minutes after activation (the consumer's expiration period, 300 s by
 * default), so exchange promptly and report a failure instead of retrying it.
 */
import { AbortError, AuthError, HttpError, InputError, NetworkError, ResponseError, TimeoutError, createRedactor, shapeOfText, type Redactor } from '@magekit/core';
import type { OAuthCredentials } from '../auth/oauth/sign-request.ts';
import { storeUrl, type IntegrationActivation } from './activation.ts';
import { handshakeAuthorization } from './handshake-signature.ts';

/** What integration(...) takes, plus where to use it. */
export interface IntegrationCredentials extends OAuthCredentials {
  /** The store's base URL from the activation: pass it as the client's baseUrl. */
  storeBaseUrl: string;
}

export interface TokenExchangeOptions {
  /** A fetch implementation; resolved at request time. */
  fetch?: typeof fetch | undefined;
  /** Per request. Default 30 s. */
  timeout?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Epoch ms, for the OAuth timestamp. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export async function exchangeIntegrationTokens(activation: IntegrationActivation, options: TokenExchangeOptions = {}): Promise<IntegrationCredentials> {
  if (!activation || typeof activation !== 'object') throw new InputError('exchangeIntegrationTokens needs the activation the callback received ({ consumerKey, consumerSecret, storeBaseUrl, verifier }).', { service: 'commerce' });
  for (const name of ['consumerKey', 'consumerSecret', 'storeBaseUrl', 'verifier'] as const) {
    if (typeof activation[name] !== 'string' || !activation[name]) throw new InputError(`exchangeIntegrationTokens: activation.${name} is missing.`, { service: 'commerce' });
  }
  // Every error leaving the exchange has the secrets it handled removed (the consumer secret, the
  // verifier, and the tokens as they arrive), in every form they could travel in.
  const redactor = createRedactor();
  redactor.add(activation.consumerSecret);
  redactor.add(activation.verifier);
  try {
    return await exchange(activation, options, redactor);
  } catch (error) {
    throw redactor.error(error);
  }
}

async function exchange(activation: IntegrationActivation, options: TokenExchangeOptions, redactor: Redactor): Promise<IntegrationCredentials> {
  const base = storeUrl(activation.storeBaseUrl);
  if (typeof base === 'string') throw new InputError(`exchangeIntegrationTokens: ${base} (got ${JSON.stringify(activation.storeBaseUrl)}).`, { service: 'commerce' });
  const now = options.now ?? Date.now;
  const timestamp = () => Math.floor(now() / 1000);
  const { consumerKey, consumerSecret } = activation;

  const requestUrl = new URL('oauth/token/request', base);
  const request = await post(requestUrl, await handshakeAuthorization('POST', requestUrl, { consumerKey, consumerSecret, timestamp: timestamp() }), options, 'request token', redactor);
  const accessUrl = new URL('oauth/token/access', base);
  const access = await post(
    accessUrl,
    await handshakeAuthorization('POST', accessUrl, { consumerKey, consumerSecret, token: request.token, tokenSecret: request.secret, verifier: activation.verifier, timestamp: timestamp() }),
    options,
    'access token',
    redactor,
  );
  return { consumerKey, consumerSecret, accessToken: access.token, accessTokenSecret: access.secret, storeBaseUrl: base.href.replace(/\/+$/, '') };
}

async function post(url: URL, authorization: string, options: TokenExchangeOptions, step: string, redactor: Redactor): Promise<{ token: string; secret: string }> {
  const where = { service: 'commerce' as const, method: 'POST', url: url.href };
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout);
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(url, { method: 'POST', headers: { authorization, accept: 'application/x-www-form-urlencoded, text/plain, */*' }, signal });
  } catch (error) {
    if (options.signal?.aborted) throw new AbortError(`The ${step} request (POST ${url.href}) was aborted by the caller; the exchange did not complete.`, { ...where, cause: error });
    if (error instanceof Error && error.name === 'TimeoutError') throw new TimeoutError(`The ${step} request (POST ${url.href}) got no response within ${timeout} ms. It is not retried: ask the merchant to activate the integration again.`, where);
    throw new NetworkError(`The ${step} request (POST ${url.href}) failed before any response: ${error instanceof Error ? error.message : String(error)}.`, { ...where, cause: error });
  }
  const text = await response.text().catch(() => '');
  const fields = new URLSearchParams(text.trim());
  if (!response.ok) {
    const problem = fields.get('oauth_problem') ?? jsonMessage(text) ?? `HTTP ${response.status}`;
    const hint = 'The platform accepts the exchange only once per activation and for a few minutes after it: ask the merchant to activate the integration again (System > Extensions > Integrations > Reauthorize).';
    const message = `The platform refused the ${step} (POST ${url.href} answered ${response.status}: ${problem}). ${hint}`;
    const errorOptions = { ...where, status: response.status, body: text.slice(0, 500), hint };
    throw response.status === 400 || response.status === 401 ? new AuthError(message, errorOptions) : new HttpError(message, errorOptions);
  }
  const token = fields.get('oauth_token');
  const secret = fields.get('oauth_token_secret');
  // Registered before anything can echo them, including the error below (which keeps the body's start).
  redactor.add(token);
  redactor.add(secret);
  if (!token || !secret) {
    // Only the answer's shape is kept: half a pair, or a pair under other names, is still a credential.
    throw new ResponseError(`The ${step} answer (POST ${url.href}) has no oauth_token and oauth_token_secret; a wrong store_base_url or a proxy page is the usual cause.`, shapeOfText(text), { ...where, status: response.status });
  }
  return { token, secret };
}

function jsonMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body?.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}
