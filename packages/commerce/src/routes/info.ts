/**
 * What a route row means at run time (edition, search results, cloud service), a commerce route index
 * over given routes, and the split of a call's flat input into path, query and body. It does not import
 * the route table: a lean client builds its index from the modules it is given.
 */
import { normalizeRouteKey } from './key.ts';
import { createRouteIndex, parseRouteRow, splitInput as coreSplitInput, type BaseRouteInfo, type RouteIndex, type RouteRow, type SplitInput as CoreSplitInput } from '@magekit/core';

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
  /** In Adobe Commerce as a Cloud Service's published schema (x-cloud: true or only). */
  inCloudService: boolean;
  /** On the cloud service only: no self-hosted release has it (x-cloud: only). */
  cloudServiceOnly: boolean;
  /** The self-hosted release that added it, when later than the oldest the SDK knows (2.4.6): `'2.4.9'`. */
  addedIn: string | undefined;
  /** The first self-hosted release without it, when a release after it removed it. */
  removedIn: string | undefined;
  /** What its spec says it answers, for reading the result as the platform sends it (platform/wire-result.ts). */
  result: ResultKind;
}

/**
 * `list` (an array), `number` (an integer or number the platform may send as a numeric string),
 * `empty-record` (an object with no required field, which the platform writes as `[]` when empty),
 * `value` (any other object or scalar, or no body), `undeclared` (a path no spec describes: read as sent).
 */
type ResultKind = 'list' | 'number' | 'empty-record' | 'value' | 'undeclared';

/** Route-table flags of the result (resultFlag in swagger/response-shape.ts writes them). */
const RESULT_BY_FLAG: readonly (readonly [flag: string, result: ResultKind])[] = [['l', 'list'], ['i', 'number'], ['e', 'empty-record']];

/** `+9` → `'2.4.9'` (release flags of the route table: see scripts/codegen/emit-routes.mjs). */
function releaseFlag(flags: string, sign: '+' | '-'): string | undefined {
  const at = flags.indexOf(sign);
  return at < 0 ? undefined : `2.4.${parseInt(flags.slice(at + 1), 10)}`;
}

export function toInfo(row: RouteRow): RouteInfo {
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
    cloudServiceOnly: flags.includes('u'),
    addedIn: releaseFlag(flags, '+'),
    removedIn: releaseFlag(flags, '-'),
    result: RESULT_BY_FLAG.find(([flag]) => flags.includes(flag))?.[1] ?? 'value',
  };
}

/** A route index over the given routes, with the commerce error wording; both spellings of a trailing slash are one key. */
export function commerceRouteIndex(routes: readonly RouteInfo[], whatToAdd?: () => string): RouteIndex<RouteInfo> {
  return createRouteIndex(routes, { service: 'commerce', example: 'GET /V1/products/{sku}', normalizeKey: normalizeRouteKey, whatToAdd });
}

/** Keys every call accepts besides the route's own parameters. */
const RULES = { service: 'commerce', extraQuery: new Set(['fields']), bodyless: new Set(['GET']) } as const;

export type SplitInput = CoreSplitInput;

export function splitInput(route: RouteInfo, input: Record<string, unknown> | undefined): SplitInput {
  return coreSplitInput(route, input, RULES) as SplitInput;
}
