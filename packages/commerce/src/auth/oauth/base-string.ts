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
function baseStringUri(url: URL | string): string {
  // URL already lowercases scheme and host and drops default ports; the path stays as sent.
  if (typeof url !== 'string') return `${url.protocol}//${url.host}${url.pathname}`;
  // A serialized URL (Request.url, URL.href) is already in that form: cut it, rather than parse it again.
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The query of a serialized URL (Request.url) as parameters, each decoded exactly once, without
 * parsing the rest of the URL again.
 */
export function queryParametersOf(href: string): OAuthParameter[] {
  const start = href.indexOf('?');
  if (start === -1) return [];
  const hash = href.indexOf('#', start);
  return [...new URLSearchParams(hash === -1 ? href.slice(start + 1) : href.slice(start + 1, hash))];
}

/** The query's parameters, each decoded exactly once. */
export function queryParameters(url: URL): OAuthParameter[] {
  return [...url.searchParams];
}

/** Encodes each name and value, sorts by name then value (byte order), joins with & and =. */
function normalizeParameters(parameters: readonly OAuthParameter[]): string {
  return normalizeEncoded(parameters.map(([name, value]) => [oauthEncode(name), oauthEncode(value)] as const));
}

/** Byte order of two encoded texts (ASCII: UTF-16 code units are the bytes). */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts already-encoded pairs by name then value (byte order) and joins them with & and =. */
export function normalizeEncoded(pairs: (readonly [name: string, value: string])[]): string {
  return pairs
    .sort(([an, av], [bn, bv]) => byteOrder(an, bn) || byteOrder(av, bv))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `url`: a URL, or a serialized one (Request.url), which is used as it is, not parsed again. */
export function signatureBaseString(method: string, url: URL | string, parameters: readonly OAuthParameter[]): string {
  return encodedBaseString(method, url, normalizeParameters(parameters));
}

/** The base string from the normalized parameter string (normalizeEncoded). */
export function encodedBaseString(method: string, url: URL | string, normalized: string): string {
  return `${baseStringPrefix(method, url)}${oauthEncode(normalized)}`;
}

/** `METHOD&encoded base URI&`: the base string up to its encoded parameter string. */
export function baseStringPrefix(method: string, url: URL | string): string {
  return `${method.toUpperCase()}&${oauthEncode(baseStringUri(url))}&`;
}
