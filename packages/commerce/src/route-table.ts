/**
 * The runtime view of the generated route table: lookup by route key or operationId, and the split
 * of a call's flat input into path parameters, query parameters and body fields.
 */
import { InputError, parseRouteRow, type BaseRouteInfo, type RouteRow } from '@magekit/core';
import { routeRows } from './generated/routes.ts';

export interface RouteInfo extends BaseRouteInfo {
  /** Commercial edition only. */
  commerceEdition: boolean;
  /** Answers with {items, search_criteria, total_count}. */
  searchResults: boolean;
  takesSearchCriteria: boolean;
  inCatalog: boolean;
  /** Served by Adobe Commerce as a Cloud Service (which has no guest or customer routes). */
  inCloudService: boolean;
}

function toInfo(row: RouteRow): RouteInfo {
  const { flags, ...base } = parseRouteRow(row);
  return {
    ...base,
    commerceEdition: flags.includes('c'),
    searchResults: flags.includes('s'),
    takesSearchCriteria: flags.includes('q'),
    inCatalog: !flags.includes('x'),
    inCloudService: !flags.includes('n'),
  };
}

export const routes: readonly RouteInfo[] = routeRows.map(toInfo);
const byKey = new Map(routes.map((r) => [r.key, r]));
const builtIn = new Set(routes);
const byId = new Map(routes.map((r) => [r.id, r]));

export function routeByKey(key: string): RouteInfo {
  const route = byKey.get(key);
  if (route) return route;
  const path = key.split(' ')[1];
  const hint = routes.find((r) => r.path === path) ? ` (${path} exists for ${routes.filter((r) => r.path === path).map((r) => r.method).join(', ')})` : '';
  throw new InputError(`Unknown route "${key}"${hint}: routes are written "METHOD /V1/path/{param}" exactly as in the platform's reference, for example "GET /V1/products/{sku}".`, { service: 'commerce' });
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
    const info = toInfo(row);
    const existing = byKey.get(info.key);
    if (existing && builtIn.has(existing)) return;
    byKey.set(info.key, info);
    added += 1;
  });
  return added;
}

export function routeById(id: string): RouteInfo | undefined {
  return byId.get(id);
}

/** Keys every call accepts besides the route's own parameters. */
const RESERVED = new Set(['fields']);

export interface SplitInput {
  pathValues: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

export function splitInput(route: RouteInfo, input: Record<string, unknown> | undefined): SplitInput {
  const pathValues: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  let body: Record<string, unknown> | undefined;
  const source = input ?? {};
  if (typeof source !== 'object' || Array.isArray(source)) {
    throw new InputError(`${route.key} takes an object of parameters, got ${Array.isArray(source) ? 'an array' : typeof source}.`, { service: 'commerce' });
  }
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (route.pathParams.includes(name)) pathValues[name] = value;
    else if (route.queryParams.includes(name) || RESERVED.has(name)) query[name] = value;
    else if (route.method === 'GET') {
      throw new InputError(`${route.key} has no parameter "${name}"; it takes ${[...route.pathParams, ...route.queryParams, 'fields'].join(', ')}.`, { service: 'commerce' });
    } else (body ??= {})[name] = value;
  }
  return { pathValues, query, body };
}
