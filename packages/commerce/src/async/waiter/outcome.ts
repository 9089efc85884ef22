/**
 * The typed outcome of a bulk: every accepted operation at its input position with its state, the
 * platform's message for those that did not complete, and the input it came from. Results of
 * complete operations are read only when asked for (`outcome.results()`), page by page: most
 * callers need the failures, and the full detailed status of a large bulk is megabytes.
 */
import { smallerPageSize } from '../../platform/errors.ts';
import { BulkFailedError, type BulkCounts, type RejectedItem } from '../errors.ts';
import { parseJson, placeOperations, positionsOf, queuedInput } from './positions.ts';
import type { WaitPlan } from './targets.ts';

export type OperationStatus = 1 | 2 | 3 | 4 | 5;
export const OPERATION_STATUS = { complete: 1, retryable: 2, failed: 3, open: 4, rejected: 5 } as const;
/** The platform's five states, plus `unaccounted`: accepted, but the platform never reported it. */
export type OperationState = keyof typeof OPERATION_STATUS | 'unaccounted';
const STATE_OF: Record<number, keyof typeof OPERATION_STATUS> = { 1: 'complete', 2: 'retryable', 3: 'failed', 4: 'open', 5: 'rejected' };

/** One operation as the platform lists it (`asynchronous-operations-data-operation-interface`), trimmed by `fields`. */
export interface RawOperation {
  id: number;
  bulk_uuid?: string;
  topic_name?: string;
  serialized_data?: string | null;
  result_serialized_data?: string | null;
  status: number;
  result_message?: string | null;
  error_code?: number | null;
}

export interface OperationOutcome<Result = unknown> {
  /** Index in the caller's input; for a bare UUID, the operation's index in its bulk. */
  position: number;
  bulkUuid: string | null;
  /** The platform's operation id; null when the operation was not read (complete ones, see results()) or never became one. */
  operationId: number | null;
  /** 1 complete, 2 failed and retryable, 3 failed (needs a change), 4 open, 5 rejected; null when unaccounted. */
  status: OperationStatus | null;
  state: OperationState;
  resultMessage: string | null;
  errorCode: number | null;
  /** `result_serialized_data` parsed: what the sync route would have answered. Filled by results() only. */
  result: Result | undefined;
  /** The element that was queued (from the job, or the operation's meta_information). */
  input: unknown;
  topicName: string | null;
  stage: 'acceptance' | 'processing';
}

export interface ResultsOptions {
  /** Operations per request. Default 300 (the platform's default page cap when its input limits are on; a lower cap it names is followed). */
  pageSize?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface BulkOutcome<Route extends string | undefined = string | undefined, Result = unknown> {
  readonly route: Route;
  readonly bulkUuids: readonly string[];
  readonly counts: BulkCounts;
  /** Every accepted or rejected element, by input position. */
  readonly operations: readonly OperationOutcome<Result>[];
  /** Every operation completed: nothing failed, was rejected, is open or unaccounted. */
  readonly ok: boolean;
  /** Status-2 operations: the platform says trying again may work (see bulk.resubmitRetryable). */
  retryable(): OperationOutcome<Result>[];
  /** Everything that did not complete (failed, rejected, open, unaccounted). */
  failures(): OperationOutcome<Result>[];
  throwIfFailed(): void;
  /**
   * The complete operations with their results (the sync route's response), read from the platform
   * a page at a time as you iterate: `for await (const op of outcome.results()) ...`.
   */
  results(options?: ResultsOptions): AsyncIterable<OperationOutcome<Result>>;
}

/** What an operation not in the listing is: complete (closed count verified), still open, or unaccounted. */
export type Unlisted = 'complete' | 'open' | 'unaccounted';

/** Reads one page of a bulk's complete operations (with result_serialized_data): one bulk per search. */
export type ResultPages = (bulkUuid: string, page: number, pageSize: number, signal: AbortSignal | undefined) => Promise<{ items: RawOperation[]; total: number }>;

/** `listed`: each bulk's operations, read by a search on that bulk alone. */
export function buildOutcome<Route extends string | undefined, Result>(plan: WaitPlan, listed: ReadonlyMap<string, readonly RawOperation[]>, unlisted: Unlisted, resultPages: ResultPages): BulkOutcome<Route, Result> {
  const operations: OperationOutcome<Result>[] = [];
  for (const bulk of plan.bulks) {
    const placed = placeOperations(plan, bulk, listed.get(bulk.bulkUuid) ?? []);
    const byPosition = new Map([...placed].map(([op, position]) => [position, op]));
    for (const position of positionsOf(bulk)) {
      const op = byPosition.get(position);
      operations.push(op ? fromListing<Result>(plan, bulk.bulkUuid, op, position) : notListed<Result>(plan, bulk.bulkUuid, position, unlisted));
    }
  }
  for (const item of plan.rejectedAtAcceptance) operations.push(rejectedAtAcceptance(plan, item));
  operations.sort((a, b) => a.position - b.position);
  const counts = countOf(operations);
  const outcome: BulkOutcome<Route, Result> = {
    route: plan.route as Route,
    bulkUuids: plan.bulks.map((b) => b.bulkUuid),
    counts,
    operations,
    ok: counts.complete === counts.total,
    retryable: () => operations.filter((op) => op.status === 2),
    failures: () => operations.filter((op) => op.status !== 1),
    throwIfFailed() {
      if (outcome.ok) return;
      const sample = outcome.failures().slice(0, 3).map((op) => `#${op.position} ${op.state}: ${op.resultMessage ?? 'no message'}`).join('; ');
      throw new BulkFailedError(
        `${counts.total - counts.complete} of ${counts.total} operations did not complete (${counts.failed} failed, ${counts.retryable} of them retryable; ${counts.rejected} rejected; ${counts.open} open; ${counts.unaccounted} unaccounted): ${sample}`,
        counts,
        outcome,
        { service: 'commerce' },
      );
    },
    results: (options) => completeResults<Result>(plan, resultPages, options),
  };
  return outcome;
}

function fromListing<Result>(plan: WaitPlan, bulkUuid: string, op: RawOperation, position: number): OperationOutcome<Result> {
  const status = (op.status >= 1 && op.status <= 5 ? op.status : 4) as OperationStatus;
  return {
    position,
    bulkUuid,
    operationId: op.id,
    status,
    state: STATE_OF[status]!,
    resultMessage: op.result_message ?? null,
    errorCode: op.error_code ?? null,
    result: parseJson(op.result_serialized_data) as Result | undefined,
    input: plan.inputs?.(position) ?? queuedInput(op),
    topicName: op.topic_name ?? null,
    stage: 'processing',
  };
}

function notListed<Result>(plan: WaitPlan, bulkUuid: string, position: number, unlisted: Unlisted): OperationOutcome<Result> {
  const status = unlisted === 'complete' ? 1 : unlisted === 'open' ? 4 : null;
  return {
    position,
    bulkUuid,
    operationId: null,
    status,
    state: unlisted,
    resultMessage: unlisted === 'unaccounted' ? 'accepted, but the platform never reported this operation' : null,
    errorCode: null,
    result: undefined,
    input: plan.inputs?.(position),
    topicName: null,
    stage: 'processing',
  };
}

function rejectedAtAcceptance<Result>(plan: WaitPlan, item: RejectedItem): OperationOutcome<Result> {
  return {
    position: item.position,
    bulkUuid: null,
    operationId: null,
    status: 5,
    state: 'rejected',
    resultMessage: item.message,
    errorCode: item.errorCode,
    result: undefined,
    input: plan.inputs?.(item.position),
    topicName: null,
    stage: 'acceptance',
  };
}

async function* completeResults<Result>(plan: WaitPlan, pages: ResultPages, options: ResultsOptions | undefined): AsyncGenerator<OperationOutcome<Result>> {
  let pageSize = options?.pageSize ?? 300;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`results(): pageSize must be a whole number of at least 1, got ${String(pageSize)}.`);
  // Bulk by bulk, in the job's order: a search on one bulk is the only one the platform can answer.
  for (const bulk of plan.bulks) {
    const taken = new Set<number>();
    const seen = new Set<number>(); // ids are unique within a bulk: a row that moved between pages comes once
    for (let page = 1; ; page++) {
      let answer: { items: RawOperation[]; total: number };
      try {
        answer = await pages(bulk.bulkUuid, page, pageSize, options?.signal);
      } catch (error) {
        // The installation's input limits cap pages lower: read this bulk again at its maximum (ids dedupe).
        pageSize = smallerPageSize(error, pageSize);
        page = 0;
        continue;
      }
      const { items, total } = answer;
      const fresh = items.filter((op) => !seen.has(op.id) && seen.add(op.id));
      for (const [op, position] of placeOperations(plan, bulk, fresh, taken)) yield fromListing<Result>(plan, bulk.bulkUuid, op, position);
      // Stop on total_count: past the end 2.3 answers the last page again (#3787), 2.4 an empty one (#26986).
      if (page * pageSize >= total || items.length === 0) break;
    }
  }
}

function countOf(operations: readonly Pick<OperationOutcome, 'status'>[]): BulkCounts {
  const counts: BulkCounts = { total: operations.length, complete: 0, failed: 0, retryable: 0, rejected: 0, open: 0, unaccounted: 0 };
  for (const op of operations) {
    if (op.status === 1) counts.complete += 1;
    else if (op.status === 2) (counts.failed += 1), (counts.retryable += 1);
    else if (op.status === 3) counts.failed += 1;
    else if (op.status === 5) counts.rejected += 1;
    else if (op.status === 4) counts.open += 1;
    else counts.unaccounted += 1;
  }
  return counts;
}
