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
  /** Adds a route at run time (an installation's own); false when its key is already known. */
  add(route: R): boolean;
}

export function createRouteIndex<R extends BaseRouteInfo>(routes: readonly R[], rules: { service: Service; example: string }): RouteIndex<R> {
  const keys = new Map(routes.map((r) => [r.key, r]));
  const ids = new Map(routes.map((r) => [r.id, r]));
  return {
    routes,
    byKey(key) {
      const route = typeof key === 'string' ? keys.get(key) : undefined;
      if (route) return route;
      const path = typeof key === 'string' ? key.split(' ')[1] : undefined;
      const siblings = routes.filter((r) => r.path === path).map((r) => r.method);
      const hint = siblings.length ? ` (${path} exists for ${siblings.join(', ')})` : '';
      throw new InputError(`Unknown route ${JSON.stringify(key)}${hint}: write routes as "METHOD /path/{param}" exactly as in the reference, for example "${rules.example}".`, { service: rules.service });
    },
    byId: (id) => ids.get(id),
    add(route) {
      if (keys.has(route.key)) return false;
      keys.set(route.key, route);
      if (!ids.has(route.id)) ids.set(route.id, route);
      return true;
    },
  };
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
