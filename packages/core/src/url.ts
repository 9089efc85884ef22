/** Base-URL validation and path building shared by both clients. */
import { ConfigurationError, InputError, type Service } from './errors.ts';

export interface BaseUrlRules {
  service: Service;
  option: string;
  /** Plain http is allowed only to loopback (tests, fakes) when true. */
  httpsOnly?: boolean;
  /** An example of a good value, quoted in the error. */
  example: string;
  /** The option that allows plain http to other hosts, named in the error when there is one. */
  insecureOption?: string | undefined;
}

// The patterns below are literals inside the functions rather than module constants: a literal is
// compiled once either way, and this way a mutation test sees each one (a constant is read at import).
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(hostname);
}

/**
 * Parses and checks a base URL: a scheme, a host, no query or fragment, and no API path (the SDK adds
 * `/rest/...` itself, so a base that already has it would double it). Returns it without a trailing slash.
 */
export function validateBaseUrl(input: unknown, rules: BaseUrlRules): string {
  const fail = (why: string) => new ConfigurationError(`${rules.option} ${why}. Pass the installation's address, e.g. ${rules.example}.`, { service: rules.service });
  if (typeof input !== 'string' && !(input instanceof URL)) throw fail('is missing or not a string');
  const text = String(input).trim();
  if (!text) throw fail('is empty');
  // Never echo a password given inline (`user:pass@host`), with or without a scheme.
  const shown = `("${text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, '$1[redacted]@')}")`;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw fail(`${shown} has no scheme: start it with https://`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail(`${shown} is not a valid URL`);
  }
  // (The URL parser already refuses an http(s) URL without a host.)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail(`uses ${url.protocol} where http(s) is expected`);
  if (url.username || url.password) throw fail('contains credentials; pass them through the auth option instead');
  if (url.search || url.hash) throw fail('has a query or fragment');
  if (/\/(rest|index\.php\/rest)(\/|$)/i.test(url.pathname) || /\/V1(\/|$)/.test(url.pathname)) throw fail(`${shown} includes an API path; the SDK adds /rest/... itself`);
  if (rules.httpsOnly && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw fail(`uses plain http:// for ${url.hostname}${rules.insecureOption
      ? `, which would send credentials unencrypted; use https://, or set ${rules.insecureOption}: true for a local installation`
      : '; the service accepts HTTPS only (http is allowed for loopback test servers)'}`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Encodes one path segment so that `/`, `+`, `%`, spaces and `?#` survive the server's urldecode(). */
export function encodePathSegment(value: string | number | boolean): string {
  return encodeURIComponent(String(value));
}

/** True when `text` has a UTF-16 surrogate without its pair, which no URL or JSON parser round-trips. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** A template split once into literal text and parameter names: [text, name, text, name, text]. */
const compiled = new Map<string, string[]>();

function compile(template: string): string[] {
  return compiled.get(template) ?? split(template);
}

function split(template: string): string[] {
  const parts = template.split(/\{([^}]+)\}/);
  // Stryker disable next-line CallExpression: a cache only (private to this module); without it each call splits the template again into the same parts
  compiled.set(template, parts);
  return parts;
}

/** The names of a route template's parameters, in order: `/V1/products/{sku}/media/{entryId}` → [sku, entryId]. */
export function templateParams(template: string): string[] {
  return compile(template).filter((_, i) => i % 2);
}

/** Fills a route template from `params`, encoding each value as one segment. */
export function fillPath(template: string, params: Record<string, unknown>, service: Service, route: string): string {
  const parts = compile(template);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    out += encodePathValue(params[name], name, service, route) + parts[i + 1]!;
  }
  return out;
}

function encodePathValue(value: unknown, name: string, service: Service, route: string): string {
  if (typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && !hasLoneSurrogate(value)) return encodeURIComponent(value);
  if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'boolean') return encodePathSegment(value as number | boolean);
  if (value === undefined || value === null || value === '') {
    throw new InputError(`${route} needs the path parameter "${name}", which is ${value === '' ? 'empty' : 'missing'}.`, { service });
  }
  const why =
    typeof value === 'number'
      ? `is ${value}: pass a finite number or the id as a string`
      : typeof value !== 'string'
        ? `must be a string or number, got ${typeof value}`
        : // URL parsers (fetch's included) drop "." and ".." segments even when percent-encoded, so the
          // request would silently address another resource.
          value === '.' || value === '..'
          ? `is "${value}", which no URL path can carry (it reads as a relative segment): look the record up another way (a search, say)`
          : 'contains an unpaired UTF-16 surrogate (a broken character, e.g. half an emoji): fix the string';
  throw new InputError(`${route}: path parameter "${name}" ${why}. Nothing was sent.`, { service });
}
