/**
 * Every built-in route (the generated rows of all modules, as RouteInfo), one index over them for the
 * full client, and registerRoutes() for the routes an installation adds.
 */
import { InputError, type RouteRow } from '@magekit/core';
import { routeRows } from '../generated/routes.ts';
import { commerceRouteIndex, toInfo, type RouteInfo } from './info.ts';

export { splitInput, type Edition, type RouteInfo } from './info.ts';

export const routes: readonly RouteInfo[] = routeRows.map(toInfo);
const index = commerceRouteIndex(routes);
const builtinKeys = new Set(routes.map((r) => r.key));
/** Routes an installation registered (registerRoutes); looked up only for keys the spec does not have. */
const installed = new Map<string, RouteInfo>();

export function routeByKey(key: string): RouteInfo {
  return installed.get(key) ?? index.byKey(key);
}

const ROW_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Adds an installation's own routes (the runtime file `magekit-commerce types pull` writes calls
 * this), so request(), async.request() and bulk.request() encode and send them like built-in
 * routes. A key the SDK already knows keeps the built-in definition. Returns how many were added.
 */
export function registerRoutes(rows: readonly RouteRow[]): number {
  if (!Array.isArray(rows)) throw new InputError('registerRoutes takes the array of route rows a generated routes file exports.', { service: 'commerce' });
  let added = 0;
  rows.forEach((row, index) => {
    const parts: readonly unknown[] = Array.isArray(row) ? row : [];
    const valid = parts.length === 5 && parts.every((part) => typeof part === 'string') && ROW_METHODS.has(parts[1] as string) && /^\/V\d+\//.test(parts[2] as string);
    if (!valid) throw new InputError(`registerRoutes: row ${index} is not [id, method, "/V1/path", query names, flags]; regenerate the file with \`magekit-commerce types pull\`.`, { service: 'commerce' });
    const info = toInfo(row as RouteRow);
    if (builtinKeys.has(info.key)) return;
    installed.set(info.key, info);
    added += 1;
  });
  return added;
}

