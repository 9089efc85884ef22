/**
 * Every built-in route (the generated rows of all modules): as RouteInfo for the fake platform and
 * the CLI, as one module for the full client, and the deprecated registerRoutes().
 */
import { InputError, lazyList, type RouteIndex, type RouteRow } from '@magekit/core';
import { routeRows } from '../generated/routes.ts';
import { commerceRouteIndex, toInfo, type RouteInfo } from './info.ts';
import { normalizeRouteKey } from './key.ts';
import { withParsedRoutes, type RouteModule } from './module.ts';
import { registeredRows } from './registered.ts';

export type { Edition, RouteInfo } from './info.ts';

// Parsed on first read, not at import: a cold start that never looks a built-in route up pays nothing.
// Marked pure (as everyRoute): an app bundle that never reads them drops them, and with them the table.
export const routes: readonly RouteInfo[] = /* @__PURE__ */ lazyList(() => routeRows.map(toInfo));
let index: RouteIndex<RouteInfo> | undefined;
const builtinIndex = () => (index ??= commerceRouteIndex(routes));

/** Every built-in route as one module: what the full client is built over. */
export const everyRoute: RouteModule<'every built-in module'> = /* @__PURE__ */ withParsedRoutes({ name: 'every built-in module', rows: routeRows }, routes);

/** A built-in route by key (either spelling of a trailing slash), for the fake platform and tests. */
export function routeByKey(key: string): RouteInfo {
  return builtinIndex().byKey(key);
}

/**
 * Adds an installation's own routes to every client, the way the runtime file of earlier
 * `magekit-commerce types pull` releases did. A key the SDK already knows keeps the built-in
 * definition. Returns how many were added.
 *
 * @deprecated Pass the module `magekit-commerce types pull` writes to the client instead:
 * `createCommerceClient({ ..., routes: [installationRoutes] })` or `addRoutes(client, installationRoutes)`.
 * registerRoutes is removed in the next release.
 */
export function registerRoutes(rows: readonly RouteRow[]): number {
  if (!Array.isArray(rows)) throw new InputError('registerRoutes takes the array of route rows a generated routes file exports.', { service: 'commerce' });
  checkRows(rows, 'registerRoutes');
  const known = new Set(registeredRows.map((row) => normalizeRouteKey(`${row[1]} ${row[2]}`)));
  let added = 0;
  for (const row of rows) {
    const key = normalizeRouteKey(`${row[1]} ${row[2]}`);
    if (known.has(key) || isBuiltin(key)) continue;
    known.add(key);
    registeredRows.push(row);
    added += 1;
  }
  return added;
}

const ROW_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** Rows as `magekit-commerce types pull` writes them: [id, method, "/V1/path", query names, flags]. */
function checkRows(rows: readonly unknown[], where: string): asserts rows is readonly RouteRow[] {
  rows.forEach((row, index) => {
    const parts: readonly unknown[] = Array.isArray(row) ? row : [];
    const valid = parts.length === 5 && parts.every((part) => typeof part === 'string') && ROW_METHODS.has(parts[1] as string) && /^\/V\d+\//.test(parts[2] as string);
    if (!valid) throw new InputError(`${where}: row ${index} is not [id, method, "/V1/path", query names, flags]; regenerate it with \`magekit-commerce types pull\`.`, { service: 'commerce' });
  });
}

function isBuiltin(key: string): boolean {
  try {
    builtinIndex().byKey(key);
    return true;
  } catch {
    return false;
  }
}
