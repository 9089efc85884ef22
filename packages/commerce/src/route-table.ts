/**
 * The runtime view of the generated route table: lookup by route key or operationId, and the split
 * of a call's flat input into path parameters, query parameters and body fields.
 */
import { InputError, parseRouteRow, type BaseRouteInfo } from '@magekit/core';
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

function toInfo(row: (typeof routeRows)[number]): RouteInfo {
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
const byId = new Map(routes.map((r) => [r.id, r]));

export function routeByKey(key: string): RouteInfo {
  const route = byKey.get(key);
  if (route) return route;
  const path = key.split(' ')[1];
  const hint = routes.find((r) => r.path === path) ? ` (${path} exists for ${routes.filter((r) => r.path === path).map((r) => r.method).join(', ')})` : '';
  throw new InputError(`Unknown route "${key}"${hint}: routes are written "METHOD /V1/path/{param}" exactly as in the platform's reference, for example "GET /V1/products/{sku}".`, { service: 'commerce' });
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
