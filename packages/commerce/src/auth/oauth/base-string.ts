/**
 * The signature base string (RFC 5849 section 3.4.1): METHOD & encoded base URI & encoded
 * normalized parameters. Parameters are taken from the request exactly as it will be sent: the
 * query is decoded once (so `searchCriteria%5BpageSize%5D` becomes `searchCriteria[pageSize]` and
 * `+` a space, as the server decodes it) and then encoded once here. Encoding the already-encoded
 * query again is the classic bug that makes searchCriteria calls fail with a signature error.
 */
import { oauthEncode } from './percent-encode.ts';

export type OAuthParameter = readonly [name: string, value: string];

/** scheme://host[:port]/path, lowercased scheme and host, default ports dropped, no query or fragment. */
function baseStringUri(url: URL): string {
  // URL already lowercases scheme and host and drops default ports; the path stays as sent.
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** The query's parameters, each decoded exactly once. */
export function queryParameters(url: URL): OAuthParameter[] {
  return [...url.searchParams];
}

/** Encodes each name and value, sorts by name then value (byte order), joins with & and =. */
function normalizeParameters(parameters: readonly OAuthParameter[]): string {
  return parameters
    .map(([name, value]) => [oauthEncode(name), oauthEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export function signatureBaseString(method: string, url: URL, parameters: readonly OAuthParameter[]): string {
  return [method.toUpperCase(), oauthEncode(baseStringUri(url)), oauthEncode(normalizeParameters(parameters))].join('&');
}
