/**
 * The runtime view of the generated route table: lookup by route key or operationId, and the split
 * of a call's flat input into path parameters, query parameters and body fields.
 */
import { InputError, createRouteIndex, parseRouteRow, splitInput as coreSplitInput, type BaseRouteInfo, type RouteRow, type SplitInput as CoreSplitInput } from '@magekit/core';
import { routeRows } from './generated/routes.ts';

/**
 * Which installations have a route: `open-source` (every 2.4 installation), `commerce` (Adobe Commerce),
 * `b2b` (Adobe Commerce with the B2B extension), and the separately installed `payment-services`
 * (Payment Services) and `app-builder` (eventing, webhooks, Admin UI SDK) modules.
 */
export type Edition = 'open-source' | 'commerce' | 'b2b' | 'payment-services' | 'app-builder';

const EDITION_BY_FLAG: readonly (readonly [flag: string, edition: Edition])[] = [['c', 'commerce'], ['b', 'b2b'], ['p', 'payment-services'], ['a', 'app-builder']];

export interface RouteInfo extends BaseRouteInfo {
  /** Where the route exists (x-edition in the spec). */
  edition: Edition;
  /** Needs Adobe Commerce (the `commerce` and `b2b` editions). */
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
  const edition = EDITION_BY_FLAG.find(([flag]) => flags.includes(flag))?.[1] ?? 'open-source';
  return {
    ...base,
    edition,
    commerceEdition: edition === 'commerce' || edition === 'b2b',
    searchResults: flags.includes('s'),
    takesSearchCriteria: flags.includes('q'),
    inCatalog: !flags.includes('x'),
    inCloudService: !flags.includes('o'),
  };
}

export const routes: readonly RouteInfo[] = routeRows.map(toInfo);
const index = createRouteIndex(routes, { service: 'commerce', example: 'GET /V1/products/{sku}' });
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

/** Keys every call accepts besides the route's own parameters. */
const RULES = { service: 'commerce', extraQuery: new Set(['fields']), bodyless: new Set(['GET']) } as const;

export type SplitInput = CoreSplitInput;

export function splitInput(route: RouteInfo, input: Record<string, unknown> | undefined): SplitInput {
  return coreSplitInput(route, input, RULES) as SplitInput;
}
