/**
 * `paginate(client, route, params)`: every record of a search, page by page, each exactly once.
 *
 * Offset paging (`current_page`) loses records on a live store: rows that tie on the sort come back
 * in a fresh order per request, and a row written before the reader's place shifts every later page.
 * paginate walks by key instead (reads/keyset.ts): the caller's sort orders are kept, the route's
 * unique key is added as the last one, and each request asks for the records after the last one
 * delivered. Every record that exists for the whole walk is delivered exactly once, whatever the sort
 * and whatever is written meanwhile; records added or removed during the walk may or may not be.
 *
 * A route without a unique key on record (`GET /V1/bulk`'s operations, composite keys) is refused
 * before anything is sent; `{ key }` names one, `{ paging: 'offset' }` pages by offset knowingly.
 * `fields` select item fields; they are sent as `items[...]` with `total_count` and the sort fields
 * added (and removed again from the items), so narrowing the response never breaks the walk.
 *
 * An installation whose Web API input limits are on (2.4.3+) refuses a page size above its maximum
 * with a 400 naming it (InputLimitError); the walk then goes on at that size, from the same record.
 */
import { createPaginator, type CollectOptions, type Paginator as CorePaginator } from '@magekit/core';
import type { RuntimeHolder } from '../calls/runtime.ts';
import type { FieldsArgument } from '../fields/method-types.ts';
import type { SelectedItem } from '../fields/types.ts';
import type { ListRouteKey, Routes } from '../generated/operations.ts';
import type { Position } from './keyset.ts';
import { pageReader, planWalk, type WalkOptions } from './walk.ts';

/** Routes that answer `{ items, search_criteria, total_count }` for a searchCriteria (generated/operations.ts). */
export type { ListRouteKey };

export type PaginateParams<K extends ListRouteKey, F> = Omit<Routes[K]['input'], 'fields'> & { fields?: F };

export interface PaginateOptions extends WalkOptions {
  /** Stop after this many items (no further page is requested). */
  max?: number | undefined;
}

/** One page: the same shape as the marketplace package's pages (see "Vocabulary" in docs/design.md). */
export interface Page<Item> {
  items: Item[];
  /** Matching records when this page was read: the records before it plus the server's count of those from it on. */
  totalCount: number;
  /** 0-based position of this page's first item in the whole result. */
  offset: number;
  /** Items asked for per request. */
  pageSize: number;
  /** 1-based number of this page in the walk (the searchCriteria's current_page for the first). */
  page: number;
}

export type { CollectOptions };

/** An async iterable of items with `.pages()` and `.collect({ max })` (core's paginator, commerce pages). */
export interface Paginator<Item> extends CorePaginator<Item, Page<Item>> {}

/**
 * Iterates a search route's records. Input is checked now, before any request: the route must be a
 * search route with a unique key (or `key`, or `paging: 'offset'`), the searchCriteria valid, the
 * page size a positive integer, the fields readable.
 */
export function paginate<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(
  client: RuntimeHolder,
  route: K,
  params?: PaginateParams<K, F>,
  options: PaginateOptions = {},
): Paginator<SelectedItem<Routes[K]['output'], F>> {
  type Item = SelectedItem<Routes[K]['output'], F>;
  const { max, ...walkOptions } = options;
  const plan = planWalk(client, route, params, walkOptions, `paginate: ${route}`);
  const read = pageReader(plan);
  const start = (plan.firstPage - 1) * plan.pageSize;
  // Where each page's walk goes on: the position after its last record.
  const positions = new WeakMap<Page<Item>, Position | undefined>();
  return createPaginator<Item, Page<Item>>(
    async ({ index, fetched, previous }) => {
      const offset = start + fetched;
      const got = await read({ after: previous && positions.get(previous), offset });
      const page: Page<Item> = { items: got.items as Item[], totalCount: offset + got.remaining, offset, pageSize: got.pageSize, page: plan.firstPage + index };
      positions.set(page, got.position);
      return { page, last: got.last };
    },
    { service: 'commerce', label: plan.label, max, signal: plan.callOptions.signal },
  );
}
