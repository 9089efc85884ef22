/**
 * `paginate(client, route, params)`: every item of a search, page by page.
 *
 * The platform answers a page past the end with the last page again (magento/magento2#3787), so a
 * loop that waits for an empty page never ends and one that stops on a short page can repeat items.
 * This one computes the last page from `total_count` (re-read on every page, since records come and
 * go) and never asks beyond it. `fields` select item fields; they are sent as `items[...]` with
 * `total_count` added, so narrowing the response never breaks the paging.
 *
 * Offset paging over live data can skip or repeat a record that is inserted or deleted between two
 * requests; sort by a stable field (`entity_id`) and filter on `updated_at` for exact syncs.
 */
import { AbortError, InputError, ResponseError } from '@magekit/core';
import { runtimeOf, type CallOptions, type CommerceRuntime } from './runtime.ts';
import { listSelection, serializeSelection, toSelection } from './fields/index.ts';
import type { FieldsArgument } from './fields/method-types.ts';
import type { SelectedItem } from './fields/types.ts';
import type { RouteKey, Routes } from './generated/operations.ts';
import type { LeanClient } from './bare-client.ts';
import { positiveInteger, toRawSearchCriteria } from './search/normalize.ts';

/** Routes that answer `{ items, search_criteria, total_count }` for a searchCriteria. */
export type ListRouteKey = { [K in RouteKey]: Routes[K]['list'] extends true ? K : never }[RouteKey];

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

export interface CollectOptions {
  /** Stop after this many items (no further page is requested). */
  max?: number | undefined;
}

export interface Paginator<Item> extends AsyncIterable<Item> {
  /** The pages themselves, with their totals. */
  pages(): AsyncIterableIterator<Page<Item>>;
  /** Every item, collected; `{ max }` stops early. */
  collect(options?: CollectOptions): Promise<Item[]>;
}

const DEFAULT_PAGE_SIZE = 100;

/** Anything that carries the client runtime: a CommerceClient, a LeanClient, or the runtime itself. */
export type RuntimeHolder = CommerceRuntime | { readonly runtime: CommerceRuntime } | LeanClient;

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
  const info = runtime.route(route);
  if (!info.searchResults || !info.takesSearchCriteria) {
    throw new InputError(`paginate: ${route} is not a search route (it does not answer { items, total_count } for a searchCriteria).`, { service: 'commerce' });
  }
  const { fields, searchCriteria, ...rest } = (params ?? {}) as { fields?: unknown; searchCriteria?: unknown };
  const criteria = toRawSearchCriteria(searchCriteria ?? {});
  const pageSize = options.pageSize !== undefined ? positiveInteger(options.pageSize, 'pageSize') : (criteria.page_size ?? DEFAULT_PAGE_SIZE);
  const firstPage = criteria.current_page ?? 1;
  const fieldsValue = fields === undefined ? undefined : serializeSelection(listSelection(fields, toSelection(fields), { totalCount: true }));
  const { pageSize: _pageSize, max: optionsMax = Infinity, ...callOptions } = options;
  checkMax(optionsMax);

  const signal = callOptions.signal;
  const checkAborted = (where: string): void => {
    if (signal?.aborted) throw new AbortError(`paginate: ${route} was aborted by the caller ${where}.`, { service: 'commerce', cause: signal.reason });
  };

  async function* pages(max = optionsMax): AsyncIterableIterator<Page<Item>> {
    let seen = 0;
    if (max <= 0) return;
    for (let page = firstPage; ; page += 1) {
      checkAborted(`before page ${page}`);
      const input = { ...rest, searchCriteria: { ...criteria, page_size: pageSize, current_page: page }, ...(fieldsValue === undefined ? {} : { fields: fieldsValue }) };
      const body = await runtime.call<unknown>(info, input, callOptions);
      const { items, totalCount } = readPage(body, route, page);
      const kept = items.slice(0, max - seen) as Item[];
      seen += kept.length;
      yield { items: kept, totalCount, offset: (page - 1) * pageSize, pageSize, page };
      const lastPage = Math.ceil(totalCount / pageSize);
      // A short or empty page also means the end: asking further would only repeat the last page.
      if (page >= lastPage || items.length < pageSize || seen >= max) return;
    }
  }

  return {
    pages: () => pages(),
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) {
        for (const item of page.items) {
          // Abort takes effect at once, not only at the next request.
          checkAborted('while iterating');
          yield item;
        }
      }
    },
    async collect(collectOptions: CollectOptions = {}) {
      checkMax(collectOptions.max);
      const out: Item[] = [];
      for await (const page of pages(Math.min(optionsMax, collectOptions.max ?? Infinity))) out.push(...page.items);
      return out;
    },
  };
}

function checkMax(max: unknown): void {
  if (max === undefined || max === Infinity) return;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 0) throw new InputError(`paginate: max must be a whole number of items (0 or more), got ${String(max)}.`, { service: 'commerce' });
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
