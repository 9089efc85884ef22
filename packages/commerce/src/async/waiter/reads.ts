/**
 * The bulk status reads the waiter and readBulkStatus make, each as small as the platform allows:
 *
 * - the operation count from the summary, trimmed by `fields` to that one number;
 * - the open counter (`operation-status/4`, a bare integer): it counts stored rows with status 4
 *   (`AsynchronousOperations/Model/BulkOperationsStatus::getOperationsCountByBulkIdAndStatus`), so it
 *   is right on installations that store every operation at acceptance (MassSchedule) and 0 from
 *   the start for bulks whose rows are stored only once worked (magento/magento2#31213);
 * - the closed count: an operation search on the bulk for stored rows whose status is not 4, page
 *   size 1, `fields=total_count`. Closed rows are stored on every installation, so
 *   `operation_count - closed` is the open count that holds everywhere;
 * - listings: the operation search filtered by ONE bulk UUID and a status, `fields` keeping only
 *   what the outcome needs, paged and stopped on `total_count` (past the end 2.3 repeats the last
 *   page, magento/magento2#3787; 2.4 answers an empty one, #26986).
 *
 * One bulk per search, never several ORed: since 2.4 an operation's id is its element's index in
 * its request (`WebapiAsync/Model/OperationRepository::create` sets `ID => $operationId`), unique
 * only within its bulk, and the search loads each page into a collection keyed by that id, so a
 * page holding two bulks' operation 0 fails with `Item (…\Operation) with the same ID "0" already
 * exists.`, a 500 in production mode (magento/magento2#29579, open). Within one bulk the ids are
 * unique on every version.
 */
import { InputError, ResponseError, encodePathSegment } from '@magekit/core';
import type { CallOptions, CommerceRuntime } from '../../calls/runtime.ts';
import { smallerPageSize } from '../../platform/errors.ts';
import type { RawOperation } from './outcome.ts';

function needRoute(runtime: CommerceRuntime, key: string): void {
  try {
    runtime.route(key);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(`waitForBulk and readBulkStatus read ${key}, which this client does not know: add bulkRoutes (exported by @magekit/commerce/modules) with the routes option or addRoutes(client, bulkRoutes). Nothing was sent.`, { service: 'commerce' });
  }
}

/**
 * Operations per page of a listing: the platform's `maximum_page_size` default when its input
 * limits are on (`Framework/Webapi/Validator/SearchCriteriaValidator`, 300).
 */
const LISTING_PAGE_SIZE = 300;

/** Which stored operations a listing asks for. */
type StatusFilter = 'failed' | 'complete' | 'not-failed';

interface Filter {
  field: string;
  value: string;
  condition_type: string;
}

/** The filter groups (ANDed; filters within one ORed) of a status. Built per call, not a module constant: mutation testing reaches it. */
function statusFilters(status: StatusFilter): Filter[][] {
  const is = (value: string, condition_type: string): Filter => ({ field: 'status', value, condition_type });
  // 2, 3 and 5: above 1 and not 4.
  if (status === 'failed') return [[is('1', 'gt')], [is('4', 'neq')]];
  if (status === 'complete') return [[is('1', 'eq')]];
  // 1 and 4: what a partial read lists besides the failures (ids and statuses only).
  return [[is('1', 'eq'), is('4', 'eq')]];
}

export interface BulkReads {
  operationCount(bulkUuid: string): Promise<number>;
  openCounter(bulkUuid: string): Promise<number>;
  closedCount(bulkUuid: string): Promise<number>;
  /** Every stored operation of this bulk matching `status`, with only `fields` of each. */
  list(bulkUuid: string, status: StatusFilter, fields: readonly string[]): Promise<RawOperation[]>;
  /** One page of a bulk's listing (for outcome.results()). */
  page(bulkUuid: string, status: StatusFilter, fields: readonly string[], page: number, pageSize: number, signal?: AbortSignal): Promise<{ items: RawOperation[]; total: number }>;
}

/**
 * `transportRetries`: false for the waiter (its own schedule retries, keeping its state and its
 * deadline); true for a one-off status read, where the transport's retries of a GET are welcome.
 */
export function createBulkReads(runtime: CommerceRuntime, request: Omit<CallOptions, 'retry' | 'signal'>, signal: AbortSignal | undefined, transportRetries = false): BulkReads {
  // These reads are routes of the bulk module: a client without it is refused here, before anything is sent.
  for (const key of ['GET /V1/bulk', 'GET /V1/bulk/{bulkUuid}/status', 'GET /V1/bulk/{bulkUuid}/operation-status/{status}']) needRoute(runtime, key);
  const get = <T>(path: string, query?: Record<string, unknown>, callSignal = signal): Promise<T> =>
    runtime.sendRaw<T>({ method: 'GET', path, query, variant: 'sync', options: { ...request, signal: callSignal, ...(transportRetries ? {} : { retry: false as const }) } });

  let listingPageSize = LISTING_PAGE_SIZE;
  const search = (criteria: Record<string, unknown>, fields: string, callSignal?: AbortSignal) => get<unknown>('/V1/bulk', { searchCriteria: criteria, fields }, callSignal ?? signal);

  function criteriaFor(bulkUuid: string, status: Filter[][], pageSize: number, currentPage: number): Record<string, unknown> {
    const byBulk = { field: 'bulk_uuid', value: bulkUuid, condition_type: 'eq' };
    return { filter_groups: [{ filters: [byBulk] }, ...status.map((filters) => ({ filters }))], page_size: pageSize, current_page: currentPage };
  }

  async function page(bulkUuid: string, status: StatusFilter, fields: readonly string[], currentPage: number, pageSize: number, callSignal?: AbortSignal) {
    const body = await search(criteriaFor(bulkUuid, statusFilters(status), pageSize, currentPage), `items[${fields.join(',')}],total_count`, callSignal);
    const record = body as { items?: unknown; total_count?: unknown } | null;
    if (!record || typeof record.total_count !== 'number') throw shapeError('/V1/bulk', 'an operation search ({items, total_count})', body);
    // With `fields`, an empty match can come back without `items` or with `items: null`.
    const items = record.items ?? [];
    if (!Array.isArray(items) || !items.every(isOperation)) throw shapeError('/V1/bulk', 'operations with a numeric id and status', body);
    return { items: items as RawOperation[], total: record.total_count };
  }

  return {
    async operationCount(bulkUuid) {
      const path = `/V1/bulk/${encodePathSegment(bulkUuid)}/status`;
      const body = await get<{ operation_count?: unknown } | null>(path, { fields: 'operation_count' });
      const count = body?.operation_count;
      if (!isCount(count)) throw shapeError(path, 'a bulk summary with operation_count', body);
      return count;
    },
    async openCounter(bulkUuid) {
      const path = `/V1/bulk/${encodePathSegment(bulkUuid)}/operation-status/4`;
      const value = await get<unknown>(path);
      const count = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
      if (!isCount(count)) throw shapeError(path, 'a bare integer', value);
      return count;
    },
    async closedCount(bulkUuid) {
      const criteria = criteriaFor(bulkUuid, [[{ field: 'status', value: '4', condition_type: 'neq' }]], 1, 1);
      const body = (await search(criteria, 'total_count')) as { total_count?: unknown } | null;
      if (!isCount(body?.total_count)) throw shapeError('/V1/bulk', 'an operation search with total_count', body);
      return body.total_count;
    },
    async list(bulkUuid, status, fields) {
      const out: RawOperation[] = [];
      // Ids are unique within one bulk: they key out a row that moved between pages.
      const seen = new Set<number>();
      for (let current = 1; ; current++) {
        let answer: { items: RawOperation[]; total: number };
        try {
          answer = await page(bulkUuid, status, fields, current, listingPageSize);
        } catch (error) {
          // An installation whose input limits cap pages lower: list again at its maximum (ids dedupe).
          listingPageSize = smallerPageSize(error, listingPageSize);
          current = 0;
          continue;
        }
        const { items, total } = answer;
        for (const op of items) if (!seen.has(op.id)) (seen.add(op.id), out.push(op));
        // Stop on total_count: past the end 2.3 answers the last page again, 2.4 an empty one.
        if (current * listingPageSize >= total || items.length === 0) break;
      }
      return out;
    },
    page,
  };
}

function isCount(value: unknown): value is number {
  // Number.isInteger is false for anything that is not a number.
  return Number.isInteger(value) && (value as number) >= 0;
}

function isOperation(value: unknown): boolean {
  // A primitive has no numeric id either: only null and undefined need keeping out.
  return !!value && typeof (value as RawOperation).id === 'number' && typeof (value as RawOperation).status === 'number';
}

function shapeError(path: string, expected: string, body: unknown): ResponseError {
  return new ResponseError(`GET ${path} answered with an unexpected shape (expected ${expected}).`, JSON.stringify(body) ?? String(body), { service: 'commerce', method: 'GET' });
}
