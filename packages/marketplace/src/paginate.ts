/**
 * Offset/limit pagination with X-Total-Count. Stops on the total when the service sends it, and
 * otherwise on a short or empty page (the header is documented, but a proxy may strip it).
 */
import { InputError } from '@magekit/core';
import type { CallOptions, MarketplaceRuntime } from './client.ts';
import type { RouteInfo } from './route-table.ts';

export interface Page<T> {
  items: T[];
  offset: number;
  /** X-Total-Count, when the service sent it. */
  total: number | undefined;
}

export interface Paginator<T> extends AsyncIterable<T> {
  /** Page by page, for progress bars or batch processing. */
  pages(): AsyncIterable<Page<T>>;
  /** Every item of every page, in order. */
  collect(): Promise<T[]>;
}

export interface PaginateOptions extends CallOptions {
  /** Records per request. Default 100 (the service's default is 20). */
  pageSize?: number | undefined;
  /** Stop after this many items. */
  max?: number | undefined;
}

export function paginate<T>(runtime: MarketplaceRuntime, route: RouteInfo, input: Record<string, unknown> | undefined, options: PaginateOptions = {}): Paginator<T> {
  const { pageSize = 100, max = Infinity, ...callOptions } = options;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new InputError(`pageSize must be a positive integer, got ${pageSize}.`, { service: 'marketplace' });
  const start = Number(input?.['offset'] ?? 0);

  async function* pages(): AsyncGenerator<Page<T>> {
    let offset = start;
    let seen = 0;
    for (;;) {
      const limit = Math.min(pageSize, max - seen);
      if (limit <= 0) return;
      const { data, headers } = await runtime.call<T[]>(route, { ...input, offset, limit }, callOptions);
      if (!Array.isArray(data)) throw new InputError(`${route.key} did not answer with a list.`, { service: 'marketplace' });
      const header = headers.get('x-total-count');
      const total = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
      const items = data.slice(0, max - seen);
      seen += items.length;
      if (items.length) yield { items, offset, total };
      offset += data.length;
      if (data.length === 0 || data.length < limit || (total !== undefined && offset >= total) || seen >= max) return;
    }
  }

  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.items;
    },
    async collect() {
      const out: T[] = [];
      for await (const page of pages()) out.push(...page.items);
      return out;
    },
  };
}
