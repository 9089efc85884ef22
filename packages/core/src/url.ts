/** Base-URL validation and path building shared by both clients. */
import { ConfigurationError, InputError, type Service } from './errors.ts';

export interface BaseUrlRules {
  service: Service;
  option: string;
  /** Plain http is allowed only to loopback (tests, fakes) when true. */
  httpsOnly?: boolean;
  /** An example of a good value, quoted in the error. */
  example: string;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/**
 * Parses and checks a base URL: a scheme, a host, no query or fragment, and no API path (the SDK adds
 * `/rest/...` itself, so a base that already has it would double it). Returns it without a trailing slash.
 */
export function validateBaseUrl(input: unknown, rules: BaseUrlRules): string {
  const fail = (why: string) =>
    new ConfigurationError(`${rules.option} ${why}. Pass the address of the installation, for example ${rules.example}.`, {
      service: rules.service,
    });
  if (typeof input !== 'string' && !(input instanceof URL)) throw fail('is missing or not a string');
  const text = String(input).trim();
  if (!text) throw fail('is empty');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw fail(`("${text}") has no scheme: start it with https://`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail(`("${text}") is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail(`uses ${url.protocol} where http(s) is expected`);
  if (!url.hostname) throw fail('has an empty host');
  if (url.username || url.password) throw fail('contains credentials; pass them through the auth option instead');
  if (url.search || url.hash) throw fail('has a query or fragment, which a base URL cannot have');
  if (/\/(rest|index\.php\/rest)(\/|$)/i.test(url.pathname) || /\/V1(\/|$)/.test(url.pathname)) {
    throw fail(`("${text}") includes an API path (${url.pathname}); give only the installation's address, the SDK adds /rest/... itself`);
  }
  if (rules.httpsOnly && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw fail(`uses plain http:// for ${url.hostname}; the service accepts HTTPS only (http is allowed for loopback test servers)`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Encodes one path segment so that `/`, `+`, `%`, spaces and `?#` survive the server's urldecode(). */
export function encodePathSegment(value: string | number | boolean): string {
  return encodeURIComponent(String(value));
}

const TEMPLATE_PARAM = /\{([^}]+)\}/g;

/** The names of a route template's parameters, in order: `/V1/products/{sku}/media/{entryId}` → [sku, entryId]. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(TEMPLATE_PARAM)].map((m) => m[1]!);
}

/** Fills a route template from `params`, encoding each value as one segment. */
export function fillPath(template: string, params: Record<string, unknown>, service: Service, route: string): string {
  return template.replace(TEMPLATE_PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new InputError(`${route} needs the path parameter "${name}", which is ${value === '' ? 'empty' : 'missing'}.`, {
        service,
      });
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new InputError(`${route}: path parameter "${name}" must be a string or number, got ${typeof value}.`, { service });
    }
    // URL parsers (fetch's included) drop "." and ".." segments even when percent-encoded, so the
    // request would silently address another resource.
    if (value === '.' || value === '..') {
      throw new InputError(
        `${route}: path parameter "${name}" is "${value}", which no URL path can carry (it is read as a relative segment). ` +
          'Look the record up another way, e.g. a search with searchCriteria filtered on that field.',
        { service },
      );
    }
    return encodePathSegment(value);
  });
}
