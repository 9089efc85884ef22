/**
 * The runtime view of the generated route table: lookup by route key or operationId, and the split
 * of a call's flat input into path parameters, query parameters and body fields.
 */
import { createRouteIndex, parseRouteRow, splitInput as coreSplitInput, type BaseRouteInfo, type SplitInput as CoreSplitInput } from '@magekit/core';
import { routeRows } from './generated/routes.ts';

export interface RouteInfo extends BaseRouteInfo {
  /** Commercial edition only. */
  commerceEdition: boolean;
  /** Answers with {items, search_criteria, total_count}. */
  searchResults: boolean;
  takesSearchCriteria: boolean;
  inCatalog: boolean;
}

function toInfo(row: (typeof routeRows)[number]): RouteInfo {
  const { flags, ...base } = parseRouteRow(row);
  return {
    ...base,
    commerceEdition: flags.includes('c'),
    searchResults: flags.includes('s'),
    takesSearchCriteria: flags.includes('q'),
    inCatalog: !flags.includes('x'),
  };
}

export const routes: readonly RouteInfo[] = routeRows.map(toInfo);
const index = createRouteIndex(routes, { service: 'commerce', example: 'GET /V1/products/{sku}' });

export function routeByKey(key: string): RouteInfo {
  return index.byKey(key);
}

export function routeById(id: string): RouteInfo | undefined {
  return index.byId(id);
}

/** Keys every call accepts besides the route's own parameters. */
const RULES = { service: 'commerce', extraQuery: new Set(['fields']), bodyless: new Set(['GET']) } as const;

export type SplitInput = CoreSplitInput;

export function splitInput(route: RouteInfo, input: Record<string, unknown> | undefined): SplitInput {
  return coreSplitInput(route, input, RULES) as SplitInput;
}
