/**
 * The typed outcome of a bulk: every operation with its status and the platform's messages, its
 * result parsed as the sync route's response, and the input position it came from.
 */
import { BulkFailedError, type BulkCounts, type RejectedItem } from '../errors.ts';
import type { TrackedBulk, WaitPlan } from './targets.ts';

export type OperationStatus = 1 | 2 | 3 | 4 | 5;
export const OPERATION_STATUS = { complete: 1, retryable: 2, failed: 3, open: 4, rejected: 5 } as const;
export type OperationState = keyof typeof OPERATION_STATUS;
const STATE_OF: Record<number, OperationState> = { 1: 'complete', 2: 'retryable', 3: 'failed', 4: 'open', 5: 'rejected' };

/** One operation of the platform's detailed status (`asynchronous-operations-data-operation-interface`). */
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
  /** The platform's operation id; null for elements rejected at acceptance (they never became operations). */
  operationId: number | null;
  /** 1 complete, 2 failed and retryable, 3 failed (needs a change), 4 open, 5 rejected. */
  status: OperationStatus;
  state: OperationState;
  resultMessage: string | null;
  errorCode: number | null;
  /** `result_serialized_data` parsed: what the sync route would have answered. */
  result: Result | undefined;
  /** The element that was queued (from the job, or the operation's meta_information). */
  input: unknown;
  topicName: string | null;
  stage: 'acceptance' | 'processing';
}

export interface BulkOutcome<Route extends string | undefined = string | undefined, Result = unknown> {
  readonly route: Route;
  readonly bulkUuids: readonly string[];
  readonly counts: BulkCounts;
  /** By input position. */
  readonly operations: readonly OperationOutcome<Result>[];
  /** Every operation completed and nothing was rejected. */
  readonly ok: boolean;
  /** Status-2 operations: the platform says trying again may work (see bulk.resubmitRetryable). */
  retryable(): OperationOutcome<Result>[];
  /** Everything that did not complete. */
  failures(): OperationOutcome<Result>[];
  throwIfFailed(): void;
}

function parseJson(text: string | null | undefined): unknown {
  if (typeof text !== 'string' || !text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The queued element: `serialized_data` is a JSON envelope whose `meta_information` is the element's JSON. */
function queuedInput(op: RawOperation): unknown {
  const envelope = parseJson(op.serialized_data);
  const meta = envelope && typeof envelope === 'object' ? (envelope as { meta_information?: unknown }).meta_information : undefined;
  return typeof meta === 'string' ? parseJson(meta) ?? meta : meta;
}

/**
 * Maps a bulk's operations to input positions. The platform numbers operations by the element's
 * index in the request; when ids do not look like that (another version, say), rank order is used.
 */
function positionsFor(bulk: TrackedBulk, ops: RawOperation[]): Map<RawOperation, number> {
  const out = new Map<RawOperation, number>();
  const known = bulk.positions;
  const ids = new Set(ops.map((op) => op.id));
  const idsAreRequestIds = ids.size === ops.length && ops.every((op) => (known ? known.has(op.id) : op.id >= 0 && op.id < ops.length));
  if (idsAreRequestIds) {
    for (const op of ops) out.set(op, known ? known.get(op.id)! : op.id);
    return out;
  }
  const requestIds = known ? [...known.keys()].sort((a, b) => a - b) : ops.map((_, i) => i);
  [...ops].sort((a, b) => a.id - b.id).forEach((op, rank) => {
    const requestId = requestIds[rank] ?? rank;
    out.set(op, known?.get(requestId) ?? requestId);
  });
  return out;
}

export function buildOutcome<Route extends string | undefined, Result>(
  plan: WaitPlan,
  detailed: { bulk: TrackedBulk; operations: RawOperation[] }[],
): BulkOutcome<Route, Result> {
  const operations: OperationOutcome<Result>[] = [];
  for (const { bulk, operations: ops } of detailed) {
    const positions = positionsFor(bulk, ops);
    for (const op of ops) {
      const status = (op.status >= 1 && op.status <= 5 ? op.status : 4) as OperationStatus;
      const position = positions.get(op)!;
      operations.push({
        position,
        bulkUuid: bulk.bulkUuid,
        operationId: op.id,
        status,
        state: STATE_OF[status]!,
        resultMessage: op.result_message ?? null,
        errorCode: op.error_code ?? null,
        result: parseJson(op.result_serialized_data) as Result | undefined,
        input: plan.inputs?.(position) ?? queuedInput(op),
        topicName: op.topic_name ?? null,
        stage: 'processing',
      });
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
        `${counts.total - counts.complete} of ${counts.total} operations did not complete (${counts.failed} failed, ${counts.retryable} of them retryable; ${counts.rejected} rejected; ${counts.open} open): ${sample}`,
        counts,
        outcome,
        { service: 'commerce' },
      );
    },
  };
  return outcome;
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

export function countOf(operations: readonly Pick<OperationOutcome, 'status'>[]): BulkCounts {
  const counts: BulkCounts = { total: operations.length, complete: 0, failed: 0, retryable: 0, rejected: 0, open: 0 };
  for (const op of operations) {
    if (op.status === 1) counts.complete += 1;
    else if (op.status === 2) (counts.failed += 1), (counts.retryable += 1);
    else if (op.status === 3) counts.failed += 1;
    else if (op.status === 5) counts.rejected += 1;
    else counts.open += 1;
  }
  return counts;
}
