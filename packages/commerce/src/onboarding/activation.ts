/**
 * The activation POST the platform sends to an integration's callback URL when a merchant activates
 * it (System > Extensions > Integrations > Activate): `oauth_consumer_key`, `oauth_consumer_secret`,
 * `store_base_url` and `oauth_verifier`, form-encoded
 * (https://developer.adobe.com/commerce/webapi/get-started/authentication/gs-authentication-oauth).
 * Parsing never throws: it returns the activation or the first problem, worded for a 400 body.
 */
import { isLoopbackHost } from '@magekit/core';

export interface IntegrationActivation {
  consumerKey: string;
  consumerSecret: string;
  /** The store's base URL as sent (`https://shop.example.com/`); the token exchange goes to `<it>oauth/token/...`. */
  storeBaseUrl: string;
  /** Single use: exchanged once for the access token. */
  verifier: string;
}

export type ActivationParse = { ok: true; activation: IntegrationActivation } | { ok: false; problem: string };

const FIELDS = { consumerKey: 'oauth_consumer_key', consumerSecret: 'oauth_consumer_secret', storeBaseUrl: 'store_base_url', verifier: 'oauth_verifier' } as const;
/** The platform's keys, secrets and verifiers are 32 characters; anything far longer is not an activation. */
const MAX_FIELD = 256;
const TOKEN_TEXT = /^[\x21-\x7e]+$/;

/** Reads the four fields from a form-encoded or JSON body (already size-limited and decoded). */
export function parseActivation(text: string, contentType: 'form' | 'json'): ActivationParse {
  let get: (name: string) => unknown;
  if (contentType === 'form') {
    const form = new URLSearchParams(text);
    for (const name of Object.values(FIELDS)) if (form.getAll(name).length > 1) return { ok: false, problem: `${name} appears more than once` };
    get = (name) => form.get(name) ?? undefined;
  } else {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, problem: 'the body is not valid JSON' };
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, problem: 'the body must be a JSON object' };
    get = (name) => (body as Record<string, unknown>)[name];
  }
  const values: Partial<Record<keyof typeof FIELDS, string>> = {};
  for (const [key, name] of Object.entries(FIELDS) as [keyof typeof FIELDS, string][]) {
    const value = get(name);
    if (value === undefined || value === null || value === '') return { ok: false, problem: `${name} is missing` };
    if (typeof value !== 'string') return { ok: false, problem: `${name} must be a string` };
    if (value.length > MAX_FIELD) return { ok: false, problem: `${name} is longer than ${MAX_FIELD} characters` };
    if (key !== 'storeBaseUrl' && !TOKEN_TEXT.test(value)) return { ok: false, problem: `${name} contains spaces or control characters` };
    values[key] = value;
  }
  const url = storeUrl(values.storeBaseUrl!);
  if (typeof url === 'string') return { ok: false, problem: url };
  return { ok: true, activation: { consumerKey: values.consumerKey!, consumerSecret: values.consumerSecret!, storeBaseUrl: url.href, verifier: values.verifier! } };
}

/** The store URL, or why it is not acceptable. HTTPS only, except loopback (tests, local installations). */
export function storeUrl(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'store_base_url is not a URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) return 'store_base_url must be an https:// URL';
  if (url.username || url.password) return 'store_base_url must not contain credentials';
  if (url.search || url.hash) return 'store_base_url must not have a query or fragment';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
