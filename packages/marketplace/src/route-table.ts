/**
 * The runtime view of the generated route table: lookup by route key, and the split of a call's
 * flat input into path parameters, query parameters and body. Batch routes take their body as an
 * array (the service wants an array even for one item), so an array input is the body itself.
 */
import { InputError, createRouteIndex, parseRouteRow, splitInput as coreSplitInput, type BaseRouteInfo, type SplitInput as CoreSplitInput } from '@magekit/core';
import { routeRows } from './generated/routes.ts';

export type RouteInfo = BaseRouteInfo;

function toInfo(row: (typeof routeRows)[number]): RouteInfo {
  const { flags: _flags, ...base } = parseRouteRow(row);
  return base;
}

export const routes: readonly RouteInfo[] = routeRows.map(toInfo);
const index = createRouteIndex(routes, { service: 'marketplace', example: 'GET /products/packages/{submission_id}' });

export function routeByKey(key: unknown): RouteInfo {
  return index.byKey(key);
}

/** The route behind a named method; the generated table always has it. */
export function routeById(id: string): RouteInfo {
  const route = index.byId(id);
  if (!route) throw new InputError(`No route has the operationId "${id}".`, { service: 'marketplace' });
  return route;
}

/** Batch routes take their body as an array, even for one item. */
const RULES = { service: 'marketplace', arrayIsBody: true, bodyless: new Set(['GET', 'DELETE']) } as const;

export type SplitInput = CoreSplitInput<unknown>;

export function splitInput(route: RouteInfo, input: unknown): SplitInput {
  return coreSplitInput(route, input, RULES);
}
