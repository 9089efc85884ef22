/**
 * The paginator both packages return (see "Paginators" in docs/design.md): an async iterable of items
 * with `.pages()` and `.collect({ max })`.
 *
 * Each package supplies `fetchPage`, which knows its service's paging (commerce: 1-based page numbers
 * bounded by total_count; marketplace: offset/limit with X-Total-Count) and says whether a page is the
 * last. Everything around it lives here once, so the two cannot drift: `max` is checked before anything
 * is sent, no page past `max` is requested, the page that reaches it is trimmed, and the caller's signal
 * stops the iteration before each request and between items (an abort takes effect at once, not only at
 * the next request).
 */
import { AbortError, InputError, type Service } from './errors.ts';

export interface CollectOptions {
  /** Stop after this many items (no further page is requested). */
  max?: number | undefined;
}

export interface Paginator<Item, P extends { items: Item[] }> extends AsyncIterable<Item> {
  /** The pages themselves, with their totals. */
  pages(): AsyncIterableIterator<P>;
  /** Every item of every page, in order; `{ max }` stops early. */
  collect(options?: CollectOptions): Promise<Item[]>;
}

/** What `fetchPage` is asked for. */
export interface PageRequest<P = unknown> {
  /** 0-based: how many pages this iteration has read before this one. */
  index: number;
  /** Items the service returned before this page (before any trimming), for offset paging. */
  fetched: number;
  /** Items still wanted (a positive whole number, or Infinity): a service with a `limit` asks for no more. */
  remaining: number;
  /** The page this iteration read before this one, as `fetchPage` returned it (a keyset walk goes on after its last item). */
  previous: P | undefined;
}

export interface FetchedPage<P> {
  /** The page as the service answered it; the paginator trims its items to `max`. */
  page: P;
  /** No page follows (the total is reached, or the page was short or empty). */
  last: boolean;
}

export interface PaginatorOptions {
  service: Service;
  /** What is paged, for messages: `paginate: GET /V1/products`. */
  label: string;
  /** Stop after this many items (checked now: a whole number, 0 or more). */
  max?: unknown;
  /** The caller's signal: an abort stops the iteration with an `AbortError`. */
  signal?: AbortSignal | undefined;
}

export function createPaginator<Item, P extends { items: Item[] }>(
  fetchPage: (request: PageRequest<P>) => Promise<FetchedPage<P>>,
  options: PaginatorOptions,
): Paginator<Item, P> {
  const { service, label, signal } = options;
  const optionsMax = checkMax(options.max, service, label);
  const checkAborted = (where: string): void => {
    if (signal?.aborted) throw new AbortError(`${label} was aborted by the caller ${where}.`, { service, cause: signal.reason });
  };

  async function* pages(max: number): AsyncIterableIterator<P> {
    let seen = 0;
    let fetched = 0;
    let previous: P | undefined;
    for (let index = 0; seen < max; index += 1) {
      checkAborted(`before page ${index + 1}`);
      const { page, last } = await fetchPage({ index, fetched, remaining: max - seen, previous });
      previous = page;
      fetched += page.items.length;
      const items = page.items.length > max - seen ? page.items.slice(0, max - seen) : page.items;
      seen += items.length;
      // An empty page is shown only when it is the first: it tells an empty result's total. Any later
      // one (records deleted while paging, a total that was an exact multiple) would only be noise.
      if (items.length > 0 || index === 0) yield items === page.items ? page : { ...page, items };
      if (last || page.items.length === 0) return;
    }
  }

  return {
    pages: () => pages(optionsMax),
    async *[Symbol.asyncIterator]() {
      for await (const page of pages(optionsMax)) {
        for (const item of page.items) {
          checkAborted('while iterating');
          yield item;
        }
      }
    },
    async collect(collectOptions: CollectOptions = {}) {
      const max = Math.min(optionsMax, checkMax(collectOptions.max, service, label));
      const out: Item[] = [];
      for await (const page of pages(max)) out.push(...page.items);
      return out;
    },
  };
}

function checkMax(max: unknown, service: Service, label: string): number {
  if (max === undefined || max === Infinity) return Infinity;
  // Number.isInteger is false for anything but a number (a string '3', NaN, 1.5): those are no count.
  const count = Number.isInteger(max) ? Number(max) : -1;
  if (count < 0) throw new InputError(`${label}: max must be a whole number of items (0 or more), got ${String(max)}.`, { service });
  return count;
}
