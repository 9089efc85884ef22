/**
 * The runtime view of the generated route table: lookup by route key, and the split of a call's
 * flat input into path parameters, query parameters and body. Batch routes take their body as an
 * array (the service wants an array even for one item), so an array input is the body itself.
 */
import { InputError, parseRouteRow, type BaseRouteInfo } from '@magekit/core';
import { routeRows } from './generated/routes.ts';

export type RouteInfo = BaseRouteInfo;

function toInfo(row: (typeof routeRows)[number]): RouteInfo {
  const { flags: _flags, ...base } = parseRouteRow(row);
  return base;
}

export const routes: readonly RouteInfo[] = routeRows.map(toInfo);
const byKey = new Map(routes.map((r) => [r.key, r]));
const byId = new Map(routes.map((r) => [r.id, r]));

export function routeByKey(key: unknown): RouteInfo {
  const route = typeof key === 'string' ? byKey.get(key) : undefined;
  if (route) return route;
  const path = typeof key === 'string' ? key.split(' ')[1] : undefined;
  const siblings = routes.filter((r) => r.path === path).map((r) => r.method);
  const hint = siblings.length ? ` (${path} exists for ${siblings.join(', ')})` : '';
  throw new InputError(`Unknown route ${JSON.stringify(key)}${hint}: write routes as "METHOD /path/{param}" relative to /rest/v1, for example "GET /products/packages/{submission_id}".`, { service: 'marketplace' });
}

/** The route behind a named method; the generated table always has it. */
export function routeById(id: string): RouteInfo {
  const route = byId.get(id);
  if (!route) throw new InputError(`No route has the operationId "${id}".`, { service: 'marketplace' });
  return route;
}

export interface SplitInput {
  pathValues: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export function splitInput(route: RouteInfo, input: unknown): SplitInput {
  const pathValues: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  if (Array.isArray(input)) {
    if (route.method === 'GET' || route.method === 'DELETE') {
      throw new InputError(`${route.key} takes an object of parameters, got an array.`, { service: 'marketplace' });
    }
    return { pathValues, query, body: input };
  }
  const source = input ?? {};
  if (typeof source !== 'object') {
    throw new InputError(`${route.key} takes an object of parameters, got ${typeof source}.`, { service: 'marketplace' });
  }
  let body: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (route.pathParams.includes(name)) pathValues[name] = value;
    else if (route.queryParams.includes(name)) query[name] = value;
    else if (route.method === 'GET' || route.method === 'DELETE') {
      throw new InputError(`${route.key} has no parameter "${name}"; it takes ${[...route.pathParams, ...route.queryParams].join(', ') || 'no parameters'}.`, { service: 'marketplace' });
    } else (body ??= {})[name] = value;
  }
  return { pathValues, query, body };
}
