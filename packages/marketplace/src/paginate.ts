/**
 * Offset/limit pagination with X-Total-Count. Stops on the total when the service sends it, and
 * otherwise on a short or empty page (the header is documented, but a proxy may strip it).
 */
import { InputError, ResponseError, createPaginator, type CollectOptions, type Paginator as CorePaginator } from '@magekit/core';
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

export type { CollectOptions };

/** An async iterable of items with `.pages()` and `.collect({ max })` (core's paginator, marketplace pages). */
export interface Paginator<T> extends CorePaginator<T, Page<T>> {}

export interface PaginateOptions extends CallOptions {
  /** Records per request. Default 100 (the service's default is 20). */
  pageSize?: number | undefined;
  /** Stop after this many items. */
  max?: number | undefined;
}

export function paginate<T>(runtime: MarketplaceRuntime, route: RouteInfo, input: Record<string, unknown> | undefined, options: PaginateOptions = {}): Paginator<T> {
  const { pageSize = 100, max, ...callOptions } = options;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new InputError(`pageSize must be a positive integer, got ${pageSize}.`, { service: 'marketplace' });
  const start = Number(input?.['offset'] ?? 0);

  return createPaginator<T, Page<T>>(
    async ({ fetched, remaining }) => {
      const offset = start + fetched;
      // Never ask for more than is still wanted: no item past `max` is transferred.
      const limit = Math.min(pageSize, remaining);
      const { data, headers } = await runtime.call<T[]>(route, { ...input, offset, limit }, callOptions);
      if (!Array.isArray(data)) throw new ResponseError(`paginate: ${route.key} at offset ${offset} did not answer with a list.`, JSON.stringify(data) ?? String(data), { service: 'marketplace' });
      const header = headers.get('x-total-count');
      const total = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
      const last = data.length < limit || (total !== undefined && offset + data.length >= total);
      return { page: { items: data, totalCount: total, offset, pageSize, total }, last };
    },
    { service: 'marketplace', label: `paginate: ${route.key}`, max, signal: callOptions.signal },
  );
}
