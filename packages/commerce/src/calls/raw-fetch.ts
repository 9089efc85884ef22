/**
 * `commerce.fetch(method, path, { path, query, body })`: a call to a route the client's table does not
 * know (an installation's own modules, a newer release, another version such as /V2 or /V3), sent
 * through the same runtime as every named call: auth and renewal on 401, per-segment path encoding,
 * searchCriteria and `fields` serialization, retries, typed errors and redaction. Without a route there
 * is no spec to say a write is safe to repeat, so only GET is retried unless the call says
 * `{ idempotent: true }`.
 */
import { InputError, type HttpMethod } from '@magekit/core';
import { wireResult } from '../platform/wire-result.ts';
import type { RouteInfo } from '../routes/info.ts';
import type { CallOptions, CommerceRuntime } from './runtime.ts';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
/** `/V1/...`, `/V2/...`, any version an installation's modules declare, or an unversioned module route. */
const ROUTE_PATH = /^\/[^/]/;
/** Characters a literal path segment may carry unencoded (RFC 3986 pchar without `%`, minus the ones routers treat specially). */
const LITERAL_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]+$/;

export interface FetchParams {
  /** Values for the `{name}` placeholders of the path; each is encoded as one segment (`/` → `%2F`). */
  path?: Record<string, string | number | boolean> | undefined;
  /**
   * Query parameters. Objects and arrays become bracketed keys (`a[b][0]=x`). `searchCriteria` takes the
   * builder (`where(...)`) or the raw shape; `fields` takes a selector (wrapped as `items[...]` when the
   * call carries searchCriteria, as list answers need) or a string sent as written.
   */
  query?: Record<string, unknown> | undefined;
  /** The JSON body (not for GET). */
  body?: unknown;
}

export type FetchOptions = CallOptions;

/** The client's `fetch`: typed by the caller (`fetch<MyShape>(...)`), `unknown` otherwise. */
export type CommerceFetch = <T = unknown>(method: HttpMethod, path: string, params?: FetchParams, options?: FetchOptions) => Promise<T>;

export function createFetch(runtime: CommerceRuntime): CommerceFetch {
  return async <T>(method: HttpMethod, template: string, params: FetchParams = {}, options?: FetchOptions): Promise<T> => {
    // async: bad input rejects the returned promise, like every other call
    const verb = checkMethod(method);
    const key = `${verb} ${String(template)}`;
    const pathParams = checkTemplate(template, params.path ?? {}, key);
    if (verb === 'GET' && params.body !== undefined) {
      throw new InputError(`${key}: a GET carries no body; put the values in \`query\`.`, { service: 'commerce' });
    }
    const query = checkQuery(params.query, key);
    // A route of the client's index keeps its own definition (whether it may be repeated, whether it
    // answers with a body); any other path is sent as written.
    const route = knownRoute(runtime, key) ?? unlistedRoute(verb, template, pathParams, query);
    runtime.checkRoute(route);
    // The same encoding as request(): placeholders one segment each, `fields` and `searchCriteria` as the platform reads them.
    const prepared = runtime.encode(route, { pathValues: params.path ?? {}, query, body: verb === 'GET' ? undefined : (params.body ?? {}) });
    const data = await runtime.sendRaw<T>({
      method: verb,
      path: prepared.path,
      query: prepared.query,
      json: prepared.body,
      variant: 'sync',
      options,
      expect: 'json-or-void',
      idempotent: route.idempotent,
    });
    // A route the client knows is read as request() reads it (the declared number, null for `[]`).
    return wireResult(route, data) as T;
  };
}

function knownRoute(runtime: CommerceRuntime, key: string): RouteInfo | undefined {
  try {
    return runtime.route(key);
  } catch {
    return undefined;
  }
}

/**
 * A path outside the client's index. No route says this write is safe to repeat: only GET is
 * replayed once it may have reached the server, unless the call says `{ idempotent: true }`.
 */
function unlistedRoute(method: HttpMethod, path: string, pathParams: string[], query: Record<string, unknown>): RouteInfo {
  // A searchCriteria makes it a list answer: `fields` select inside items[...], and an empty criteria is the bare `searchCriteria=` ("everything").
  const search = query['searchCriteria'] !== undefined;
  return {
    key: `${method} ${path}`,
    id: 'fetch',
    method,
    path,
    pathParams,
    queryParams: Object.keys(query),
    voidResponse: true,
    idempotent: method === 'GET',
    edition: 'open-source',
    commerceEdition: false,
    searchResults: search,
    takesSearchCriteria: search,
    inCatalog: false,
    inCloudService: true,
    cloudServiceOnly: false,
    addedIn: undefined,
    removedIn: undefined,
    result: 'undeclared',
  };
}

function checkMethod(method: unknown): HttpMethod {
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!METHODS.includes(upper as HttpMethod)) {
    throw new InputError(`fetch: the method must be one of ${METHODS.join(', ')}, got ${JSON.stringify(method)}.`, { service: 'commerce' });
  }
  return upper as HttpMethod;
}

/** The path as written after /rest/{store}: versioned, placeholders all given, literals that need no encoding. Returns the placeholder names. */
function checkTemplate(template: unknown, values: Record<string, unknown>, route: string): string[] {
  if (typeof template !== 'string' || !ROUTE_PATH.test(template)) {
    throw new InputError(`fetch: the path is the route as the platform declares it, e.g. "/V1/products/{sku}" or "/V2/carts/{cartId}/coupons" (the SDK adds /rest/{store}), got ${JSON.stringify(template)}.`, { service: 'commerce' });
  }
  if (/[?#]/.test(template)) throw new InputError(`${route}: put query parameters in \`query\`, not in the path.`, { service: 'commerce' });
  const names: string[] = [];
  for (const segment of template.slice(1).split('/')) {
    const placeholder = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment);
    if (placeholder) {
      names.push(placeholder[1]!);
      continue;
    }
    if (segment === '' || segment === '.' || segment === '..' || !LITERAL_SEGMENT.test(segment)) {
      throw new InputError(
        `${route}: the path segment ${JSON.stringify(segment)} cannot be sent as written; write it as a placeholder ("/V1/things/{id}") and give its value in \`path\`, which is encoded for you.`,
        { service: 'commerce' },
      );
    }
  }
  const extra = Object.keys(values).filter((name) => !names.includes(name));
  if (extra.length) throw new InputError(`${route} has no placeholder for ${extra.map((n) => `"${n}"`).join(', ')}; its placeholders are ${names.length ? names.map((n) => `{${n}}`).join(', ') : 'none'}.`, { service: 'commerce' });
  return names;
}

function checkQuery(input: Record<string, unknown> | undefined, route: string): Record<string, unknown> {
  if (input === undefined) return {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new InputError(`${route}: \`query\` must be an object of parameters.`, { service: 'commerce' });
  return { ...input };
}
