/** The named-method trees of the full client, built from the whole route table. */
import { InputError } from '@magekit/core';
import { routeByKey, routes, type RouteInfo } from './table.ts';

/** Builds `{ products: { get: fn, ... } }` from the route table; `bind` makes each leaf callable. */
export function buildTree<T>(bind: (route: RouteInfo) => unknown, filter: (route: RouteInfo) => boolean = () => true, from: readonly RouteInfo[] = routes): T {
  const root: Record<string, unknown> = {};
  for (const route of from) {
    if (!filter(route)) continue;
    const parts = route.id.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = bind(route);
  }
  return root as T;
}

/** Finds a route among every route the SDK and registerRoutes() know. */
export function requireRoute(key: unknown): RouteInfo {
  if (typeof key !== 'string') throw new InputError('The route must be a string such as "GET /V1/products/{sku}".', { service: 'commerce' });
  return routeByKey(key);
}
