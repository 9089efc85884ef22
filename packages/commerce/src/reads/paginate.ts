/**
 * `paginate(client, route, params)`: every item of a search, page by page.
 *
 * The platform answers a page past the end with the last page again (magento/magento2#3787), so a
 * loop that waits for an empty page never ends and one that stops on a short page can repeat items.
 * This one computes the last page from `total_count` (re-read on every page, since records come and
 * go) and never asks beyond it. `fields` select item fields; they are sent as `items[...]` with
 * `total_count` added, so narrowing the response never breaks the paging.
 *
 * An installation whose Web API input limits are on (2.4.3+) refuses a page size above its maximum
 * with a 400 naming it (InputLimitError); paging then goes on at that size, from the same item.
 *
 * Offset paging over live data can skip or repeat a record that is inserted or deleted between two
 * requests; sort by a stable field (`entity_id`) and filter on `updated_at` for exact syncs.
 */
import { InputError, ResponseError, createPaginator, type CollectOptions, type Paginator as CorePaginator } from '@magekit/core';
import { runtimeOf, type CallOptions, type CommerceRuntime, type RuntimeHolder } from '../calls/runtime.ts';
import { smallerPageSize } from '../platform/errors.ts';
import { fieldsEncoder, listSelection, serializeSelection, toSelection } from '../fields/index.ts';
import type { FieldsArgument } from '../fields/method-types.ts';
import type { SelectedItem } from '../fields/types.ts';
import type { ListRouteKey, Routes } from '../generated/operations.ts';
import { positiveInteger, searchCriteriaEncoder, toRawSearchCriteria } from '../search/normalize.ts';

/** Routes that answer `{ items, search_criteria, total_count }` for a searchCriteria (generated/operations.ts). */
export type { ListRouteKey };

export type PaginateParams<K extends ListRouteKey, F> = Omit<Routes[K]['input'], 'fields'> & { fields?: F };

export interface PaginateOptions extends CallOptions {
  /** Items per request. Default: the searchCriteria's page_size, else 100. */
  pageSize?: number | undefined;
  /** Stop after this many items (no further page is requested). */
  max?: number | undefined;
}

/** One page: the same shape as the marketplace package's pages (see "Vocabulary" in docs/design.md). */
export interface Page<Item> {
  items: Item[];
  /** Matching records on the server when this page was read (total_count). */
  totalCount: number;
  /** 0-based position of this page's first item in the whole result. */
  offset: number;
  /** Items asked for per request. */
  pageSize: number;
  /** The platform's 1-based current_page. */
  page: number;
}

export type { CollectOptions };

/** An async iterable of items with `.pages()` and `.collect({ max })` (core's paginator, commerce pages). */
export interface Paginator<Item> extends CorePaginator<Item, Page<Item>> {}

const DEFAULT_PAGE_SIZE = 100;


/**
 * Iterates a search route's items. Input is checked now, before any request: the route must be a
 * search route, the searchCriteria valid, the page size a positive integer, the fields readable.
 */
export function paginate<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(
  client: RuntimeHolder,
  route: K,
  params?: PaginateParams<K, F>,
  options: PaginateOptions = {},
): Paginator<SelectedItem<Routes[K]['output'], F>> {
  type Item = SelectedItem<Routes[K]['output'], F>;
  const runtime = runtimeOf(client);
  // Paging writes searchCriteria and (with `fields`) a selection: a lean client gets the encoders paginate ships anyway.
  runtime.useQueryEncoders(searchCriteriaEncoder, fieldsEncoder);
  const info = runtime.route(route);
  if (!info.searchResults || !info.takesSearchCriteria) {
    throw new InputError(`paginate: ${route} is not a search route (it does not answer { items, total_count } for a searchCriteria).`, { service: 'commerce' });
  }
  const { fields, searchCriteria, ...rest } = (params ?? {}) as { fields?: unknown; searchCriteria?: unknown };
  const criteria = toRawSearchCriteria(searchCriteria ?? {});
  const pageSize = options.pageSize !== undefined ? positiveInteger(options.pageSize, 'pageSize') : (criteria.page_size ?? DEFAULT_PAGE_SIZE);
  const firstPage = criteria.current_page ?? 1;
  const fieldsValue = fields === undefined ? undefined : serializeSelection(listSelection(fields, toSelection(fields), { totalCount: true }));
  const { pageSize: _pageSize, max, ...callOptions } = options;

  // The page size can fall to a maximum the installation's input limits name (2.4.3+,
  // SearchCriteriaValidator): learned once, it holds for every later page and iteration.
  let size = pageSize;
  return createPaginator<Item, Page<Item>>(
    async ({ fetched }) => {
      // The next item's place in the whole result: pages stay contiguous when the size changes.
      const start = (firstPage - 1) * pageSize + fetched;
      for (;;) {
        const page = Math.floor(start / size) + 1;
        const skip = start % size;
        const input = { ...rest, searchCriteria: { ...criteria, page_size: size, current_page: page }, ...(fieldsValue === undefined ? {} : { fields: fieldsValue }) };
        let body: unknown;
        try {
          body = await runtime.call<unknown>(info, input, callOptions);
        } catch (error) {
          size = smallerPageSize(error, size);
          continue;
        }
        const { items, totalCount } = readPage(body, route, page);
        // Past the last page the platform answers the last page again: stop on total_count, and on a
        // short page (asking further would only repeat it).
        const last = page >= Math.ceil(totalCount / size) || items.length < size;
        return { page: { items: items.slice(skip) as Item[], totalCount, offset: (page - 1) * size + skip, pageSize: size, page }, last };
      }
    },
    { service: 'commerce', label: `paginate: ${route}`, max, signal: callOptions.signal },
  );
}

function readPage(body: unknown, route: string, page: number): { items: unknown[]; totalCount: number } {
  const wrapper = (body ?? {}) as { items?: unknown; total_count?: unknown };
  // With `fields`, the platform filters an empty items list into `null` (see testing/partial-response.ts).
  const items = wrapper.items === null ? [] : wrapper.items;
  if (Array.isArray(items) && typeof wrapper.total_count === 'number' && Number.isInteger(wrapper.total_count) && wrapper.total_count >= 0) {
    return { items, totalCount: wrapper.total_count };
  }
  throw new ResponseError(
    `paginate: page ${page} of ${route} is not { items: [...], total_count: n }; paging needs both (if you passed fields, select item fields).`,
    JSON.stringify(body) ?? String(body),
    { service: 'commerce' },
  );
}
