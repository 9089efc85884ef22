/**
 * Offset/limit pagination with X-Total-Count. Stops on the total when the service sends it, and
 * otherwise on a short or empty page (the header is documented, but a proxy may strip it).
 */
import { InputError, ResponseError } from '@magekit/core';
import type { CallOptions, MarketplaceRuntime } from './runtime.ts';
import type { RouteInfo } from './route-table.ts';

/** One page: the same shape as the commerce package's pages (see "Vocabulary" in docs/design.md). */
export interface Page<T> {
  items: T[];
  /** X-Total-Count: matching records when this page was read; undefined when the service did not send it. */
  totalCount: number | undefined;
  /** 0-based position of this page's first item in the whole list. */
  offset: number;
  /** Items asked for per request. */
  pageSize: number;
  /** @deprecated Renamed `totalCount`; kept for one minor release. */
  total: number | undefined;
}

export interface CollectOptions {
  /** Stop after this many items (no further page is requested). */
  max?: number | undefined;
}

export interface Paginator<T> extends AsyncIterable<T> {
  /** Page by page, for progress bars or batch processing. */
  pages(): AsyncIterable<Page<T>>;
  /** Every item of every page, in order; `{ max }` stops early. */
  collect(options?: CollectOptions): Promise<T[]>;
}

export interface PaginateOptions extends CallOptions {
  /** Records per request. Default 100 (the service's default is 20). */
  pageSize?: number | undefined;
  /** Stop after this many items. */
  max?: number | undefined;
}

export function paginate<T>(runtime: MarketplaceRuntime, route: RouteInfo, input: Record<string, unknown> | undefined, options: PaginateOptions = {}): Paginator<T> {
  const { pageSize = 100, max: optionsMax = Infinity, ...callOptions } = options;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new InputError(`pageSize must be a positive integer, got ${pageSize}.`, { service: 'marketplace' });
  checkMax(optionsMax);
  const start = Number(input?.['offset'] ?? 0);

  async function* pages(max = optionsMax): AsyncGenerator<Page<T>> {
    let offset = start;
    let seen = 0;
    for (;;) {
      const limit = Math.min(pageSize, max - seen);
      if (limit <= 0) return;
      const { data, headers } = await runtime.call<T[]>(route, { ...input, offset, limit }, callOptions);
      if (!Array.isArray(data)) throw new ResponseError(`paginate: ${route.key} at offset ${offset} did not answer with a list.`, JSON.stringify(data) ?? String(data), { service: 'marketplace' });
      const header = headers.get('x-total-count');
      const total = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
      const items = data.slice(0, max - seen);
      seen += items.length;
      if (items.length) yield { items, totalCount: total, offset, pageSize, total };
      offset += data.length;
      if (data.length === 0 || data.length < limit || (total !== undefined && offset >= total) || seen >= max) return;
    }
  }

  return {
    pages: () => pages(),
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.items;
    },
    async collect(collectOptions: CollectOptions = {}) {
      checkMax(collectOptions.max);
      const out: T[] = [];
      for await (const page of pages(Math.min(optionsMax, collectOptions.max ?? Infinity))) out.push(...page.items);
      return out;
    },
  };
}

function checkMax(max: unknown): void {
  if (max === undefined || max === Infinity) return;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 0) throw new InputError(`max must be a whole number of items (0 or more), got ${String(max)}.`, { service: 'marketplace' });
}
