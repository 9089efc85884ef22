/**
 * The one walk engine over search routes: a plan (route, the caller's filters, the keyset order, the
 * page size, the fields to ask for) checked before anything is sent, and a page reader that asks for
 * the records after a position, inside optional bounds. `paginate`, partitioned exports and change
 * feeds are all built on it.
 *
 * Each request sends an explicit page size (an omitted one is 20 or "everything", depending on the
 * installation's input limits: reference facts) and `current_page=1` under a keyset filter, so the
 * server counts and reads only the rows still ahead, and a page past the end cannot happen.
 */
import { InputError, ResponseError } from '@magekit/core';
import { runtimeOf, type CommerceRuntime, type RuntimeHolder } from '../calls/runtime.ts';
import { fieldsEncoder, listSelection, serializeSelection, toSelection, type FieldSelection, type FieldSelector } from '../fields/index.ts';
import type { CallOptions } from '../platform/call-options.ts';
import { smallerPageSize } from '../platform/errors.ts';
import type { RouteInfo } from '../routes/info.ts';
import { positiveInteger, searchCriteriaEncoder, toRawSearchCriteria } from '../search/normalize.ts';
import { afterPosition, keysetOrder, positionOf, walkKeyOf, type FilterGroup, type Position, type SortKey, type WalkKey, type WalkKeyOption } from './keyset.ts';

const DEFAULT_PAGE_SIZE = 100;

export interface WalkOptions extends CallOptions {
  /** Items per request. Default: the searchCriteria's page_size, else 100. */
  pageSize?: number | undefined;
  /**
   * The records' unique key, when the route's own is not on record (a route added at run time):
   * an attribute code, or `{ field, item }` when the item names it differently (products: entity_id, id).
   */
  key?: WalkKeyOption | undefined;
  /**
   * `'offset'` pages by `current_page` as the platform's own clients do, for a route that cannot be
   * walked by key: records written during the walk can then be skipped or repeated. Default `'keyset'`.
   */
  paging?: 'keyset' | 'offset' | undefined;
}

/** A walk checked and ready: what every request of it sends, and how to read its position. */
export interface WalkPlan {
  runtime: CommerceRuntime;
  info: RouteInfo;
  /** For messages: `paginate: GET /V1/products`. */
  label: string;
  /** The route's other parameters (path parameters, storeId...). */
  rest: Record<string, unknown>;
  /** The caller's filter groups, ANDed with the walk's own. */
  filterGroups: FilterGroup[];
  /** The unique key; undefined when the caller chose offset paging. */
  key: WalkKey | undefined;
  /** The caller's sort orders, the unique key last (keyset paging). */
  order: SortKey[];
  pageSize: number;
  /** The caller's current_page (1-based): a walk starting there skips the pages before it once. */
  firstPage: number;
  /** The `fields` value sent (with the sort fields the caller did not select), or undefined. */
  fields: string | undefined;
  /** Item fields asked for only to read positions: removed before items reach the caller. */
  strip: string[];
  callOptions: CallOptions;
}

/**
 * Checks a walk's input now, before any request: a search route with a unique key (or `key`), valid
 * searchCriteria, a positive page size, readable fields.
 */
export function planWalk(client: RuntimeHolder, route: string, params: object | undefined, options: WalkOptions, label: string): WalkPlan {
  const runtime = runtimeOf(client);
  // Walks write searchCriteria and (with `fields`) a selection: a lean client gets the encoders walks ship anyway.
  runtime.useQueryEncoders(searchCriteriaEncoder, fieldsEncoder);
  const info = runtime.route(route);
  if (!info.searchResults || !info.takesSearchCriteria) {
    throw new InputError(`${label}: ${route} is not a search route (it does not answer { items, total_count } for a searchCriteria).`, { service: 'commerce' });
  }
  const { fields, searchCriteria, ...rest } = (params ?? {}) as { fields?: unknown; searchCriteria?: unknown };
  const criteria = toRawSearchCriteria(searchCriteria ?? {});
  const pageSize = options.pageSize !== undefined ? positiveInteger(options.pageSize, 'pageSize') : (criteria.page_size ?? DEFAULT_PAGE_SIZE);
  const { pageSize: _pageSize, key: keyOption, paging = 'keyset', ...callOptions } = options;
  if (paging !== 'keyset' && paging !== 'offset') throw new InputError(`${label}: paging must be 'keyset' or 'offset', got ${JSON.stringify(paging)}.`, { service: 'commerce' });
  const key = paging === 'keyset' ? walkKeyOf(info.key, label, keyOption) : undefined;
  const order = key ? keysetOrder(criteria.sort_orders, key) : (criteria.sort_orders ?? []).map(({ field, direction }) => ({ field, item: field, direction }));
  const wire = fields === undefined ? undefined : listSelection(fields, toSelection(fields), { totalCount: true });
  // Stryker disable next-line ArrayDeclaration: stripping a field no item has leaves every item as it was
  const selection = wire && (key ? withSortFields(wire, order) : { wire, strip: [] });
  return {
    runtime,
    info,
    label,
    rest,
    filterGroups: criteria.filter_groups,
    key,
    order,
    pageSize,
    firstPage: criteria.current_page ?? 1,
    fields: selection && serializeSelection(selection.wire),
    // Stryker disable next-line ArrayDeclaration: stripping a field no item has leaves every item as it was
    strip: selection?.strip ?? [],
    callOptions,
  };
}

/** Adds the item fields the positions are read from to a wire selection (`[{ items: [...] }, 'total_count']`). */
function withSortFields(wire: FieldSelection, order: readonly SortKey[]): { wire: FieldSelection; strip: string[] } {
  const at = wire.findIndex((entry) => typeof entry === 'object' && 'items' in entry);
  if (at < 0) throw new InputError('fields must select item fields for a walk (its positions are read from the items).', { service: 'commerce' });
  const items = [...((wire[at] as { items: FieldSelection }).items as FieldSelector[])];
  const named = new Set(items.flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.keys(entry))));
  // Stryker disable next-line ArrayDeclaration: stripping a field no item has leaves every item as it was
  const strip: string[] = [];
  const add = (name: string) => {
    if (named.has(name)) return;
    named.add(name);
    items.push(name);
    strip.push(name);
  };
  order.forEach((key, index) => {
    add(key.item);
    // A sort field that is not the key may be a custom attribute, answered inside custom_attributes.
    if (index < order.length - 1) add('custom_attributes');
  });
  const out = [...wire];
  out[at] = { items };
  return { wire: out, strip };
}

/** One page read by a walk. */
export interface WalkPage {
  /** The records, without the fields added only to read positions. */
  items: unknown[];
  /** The server's total_count for this request: under a keyset filter, the records still ahead, this page's included. */
  remaining: number;
  /** The position after this page's last record (the `after` asked for, when the page is empty). */
  position: Position | undefined;
  /** No record follows inside the bounds asked for. */
  last: boolean;
  /** The page size this request used (it falls to the installation's maximum when one refuses it). */
  pageSize: number;
}

export interface ReadRequest {
  /** Read the records after this position; none: from the start. */
  after?: Position | undefined;
  /** More ANDed filter groups: a window of the key range, a feed's time bounds. */
  bounds?: readonly FilterGroup[] | undefined;
  /**
   * Records to skip by offset: the place of the next record in offset paging; in keyset paging only
   * without `after` (a caller's start page), once, on the first request of a walk.
   */
  offset?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A reader of a plan's pages. Its page size is learned once: an installation whose input limits
 * (2.4.3+) refuse it names a maximum, and every later request of this reader uses that.
 */
export function pageReader(plan: WalkPlan): (request: ReadRequest) => Promise<WalkPage> {
  let size = plan.pageSize;
  return async ({ after, bounds = [], offset = 0, signal }) => {
    for (;;) {
      // This request's size: a request beside it may lower the reader's while it is under way.
      const asked = size;
      // Offset paging never has a position (its pages' positions stay undefined).
      const start = after === undefined ? offset : 0;
      const page = Math.floor(start / asked) + 1;
      const dropped = start % asked;
      const keyset = after !== undefined;
      const searchCriteria = {
        filter_groups: [...plan.filterGroups, ...bounds, ...(keyset ? afterPosition(plan.order, after) : [])],
        sort_orders: plan.order.map(({ field, direction }) => ({ field, direction })),
        page_size: asked,
        current_page: page,
      };
      const input = { ...plan.rest, searchCriteria, fields: plan.fields };
      const options = signal === undefined ? plan.callOptions : { ...plan.callOptions, signal };
      let body: unknown;
      try {
        body = await plan.runtime.call<unknown>(plan.info, input, options);
      } catch (error) {
        // Requests side by side (an export's slices) may all be refused: each learns the same maximum.
        size = Math.min(size, smallerPageSize(error, asked));
        continue;
      }
      const { items, totalCount } = readPage(body, plan.label);
      const last = items.length < asked || totalCount <= (page - 1) * asked + items.length;
      const tail = items[items.length - 1];
      return {
        items: strip(items.slice(dropped), plan.strip),
        remaining: Math.max(0, totalCount - (page - 1) * asked - dropped),
        position: tail === undefined || plan.key === undefined ? after : positionOf(plan.order, tail, plan.label),
        // An empty page is short, so last.
        last,
        pageSize: asked,
      };
    }
  };
}

function strip(items: unknown[], fields: readonly string[]): unknown[] {
  return items.map((item) => {
    if (!item || typeof item !== 'object') return item;
    const copy = { ...(item as Record<string, unknown>) };
    for (const field of fields) delete copy[field];
    return copy;
  });
}

function readPage(body: unknown, label: string): { items: unknown[]; totalCount: number } {
  const wrapper = (body ?? {}) as { items?: unknown; total_count?: unknown };
  // With `fields`, the platform filters an empty items list into `null` (see testing/partial-response.ts).
  const items = wrapper.items === null ? [] : wrapper.items;
  const totalCount = wrapper.total_count as number;
  if (Array.isArray(items) && Number.isInteger(totalCount) && totalCount >= 0) {
    return { items, totalCount };
  }
  throw new ResponseError(
    `${label}: a page is not { items: [...], total_count: n }; walking needs both (if you passed fields, select item fields).`,
    JSON.stringify(body) ?? String(body),
    { service: 'commerce' },
  );
}
