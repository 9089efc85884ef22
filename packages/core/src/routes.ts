/**
 * Route lookup and the split of a call's flat input into path parameters, query parameters and
 * body, written once for both packages. Each package passes its own rules (which extra query keys
 * every call accepts, whether an array is the body).
 */
import { InputError, type Service } from './errors.ts';
import type { BaseRouteInfo } from './route-row.ts';

export interface RouteIndex<R extends BaseRouteInfo> {
  readonly routes: readonly R[];
  /** The route for "METHOD /path"; an InputError naming the methods the path has otherwise. */
  byKey(key: unknown): R;
  /** The route behind an operationId; undefined when there is none. */
  byId(id: string): R | undefined;
  /** Adds a route at run time (a module given to a client); false when its key is already known. */
  add(route: R): boolean;
}

export interface RouteIndexRules {
  service: Service;
  /** A route key to show in messages, e.g. "GET /V1/products/{sku}". */
  example: string;
  /** Maps spellings of one route to one key (commerce: a trailing slash names the same route). */
  normalizeKey?: ((key: string) => string) | undefined;
  /** Said after an unknown route's message: what to add so the client knows it (commerce: its modules). */
  whatToAdd?: (() => string) | undefined;
}

/** The one check that a route reference is a string, for every client and helper of both packages. */
function checkRouteKey(key: unknown, rules: Pick<RouteIndexRules, 'service' | 'example'>): string {
  if (typeof key !== 'string') throw new InputError(`The route must be a string such as "${rules.example}", got ${key === null ? 'null' : typeof key}.`, { service: rules.service });
  return key;
}

export function createRouteIndex<R extends BaseRouteInfo>(routes: readonly R[], rules: RouteIndexRules): RouteIndex<R> {
  const normalize = rules.normalizeKey ?? ((key: string) => key);
  const all = [...routes];
  const keys = new Map(routes.map((r) => [normalize(r.key), r]));
  const ids = new Map(routes.map((r) => [r.id, r]));
  const pathOf = (key: string): string | undefined => normalize(key).split(' ')[1];
  return {
    routes: all,
    byKey(key) {
      const written = checkRouteKey(key, rules);
      const route = keys.get(normalize(written));
      if (route) return route;
      const path = pathOf(written);
      const siblings = path === undefined ? [] : all.filter((r) => pathOf(r.key) === path).map((r) => r.method);
      const hint = siblings.length ? ` (${path} exists for ${siblings.join(', ')})` : '';
      throw new InputError(`Unknown route ${JSON.stringify(written)}${hint}: write it as in the reference, e.g. "${rules.example}".${rules.whatToAdd ? ` ${rules.whatToAdd()}` : ''}`, { service: rules.service });
    },
    byId: (id) => ids.get(id),
    add(route) {
      const key = normalize(route.key);
      if (keys.has(key)) return false;
      keys.set(key, route);
      all.push(route);
      if (!ids.has(route.id)) ids.set(route.id, route);
      return true;
    },
  };
}

/**
 * Builds the named-method tree `{ products: { get: fn, ... } }` from routes' operationIds, `bind`
 * making each leaf callable: the one builder behind both packages' clients and `methodsOf`.
 */
export function buildMethodTree<R extends { id: string }>(routes: Iterable<R>, bind: (route: R) => unknown, filter: (route: R) => boolean = () => true): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const route of routes) {
    if (!filter(route)) continue;
    const parts = route.id.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = bind(route);
  }
  return root;
}

export interface SplitRules {
  service: Service;
  /** Query keys every call accepts besides the route's own (commerce: `fields`). */
  extraQuery?: ReadonlySet<string> | undefined;
  /** An array input is the body itself (marketplace batch routes). */
  arrayIsBody?: boolean | undefined;
  /** Methods that take no body, so an unknown key is a mistake rather than a body field. */
  bodyless: ReadonlySet<string>;
}

export interface SplitInput<B = Record<string, unknown> | undefined> {
  pathValues: Record<string, unknown>;
  query: Record<string, unknown>;
  body: B;
}

export function splitInput(route: BaseRouteInfo, input: unknown, rules: SplitRules): SplitInput<unknown> {
  const pathValues: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  if (Array.isArray(input) && rules.arrayIsBody && !rules.bodyless.has(route.method)) return { pathValues, query, body: input };
  const source = input ?? {};
  if (typeof source !== 'object' || Array.isArray(source)) {
    throw new InputError(`${route.key} takes an object of parameters, got ${Array.isArray(source) ? 'an array' : typeof source}.`, { service: rules.service });
  }
  let body: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (route.pathParams.includes(name)) pathValues[name] = value;
    else if (route.queryParams.includes(name) || rules.extraQuery?.has(name)) query[name] = value;
    else if (rules.bodyless.has(route.method)) {
      const accepted = [...route.pathParams, ...route.queryParams, ...(rules.extraQuery ?? [])];
      throw new InputError(`${route.key} has no parameter "${name}"; it takes ${accepted.join(', ') || 'no parameters'}.`, { service: rules.service });
    } else (body ??= {})[name] = value;
  }
  return { pathValues, query, body };
}
