/**
 * readBulkStatus: one look at a bulk, without waiting. The same counts and outcome as waitForBulk
 * (open = accepted − closed, failures with their messages and inputs), for a status command or a
 * dashboard; operations the platform has not reported yet count as open.
 */
import type { CallOptions, CommerceRuntime } from '../../calls/runtime.ts';
import type { BulkOutcome } from './outcome.ts';
import { createBulkReads } from './reads.ts';
import { readOutcome } from './snapshot.ts';
import { planFor, type WaitTarget } from './targets.ts';

export interface ReadStatusOptions {
  signal?: AbortSignal | undefined;
  /** Store code and other per-request options for the status requests. */
  request?: Omit<CallOptions, 'signal' | 'retry'> | undefined;
}

export async function readBulkStatus<Route extends string | undefined, Result>(runtime: CommerceRuntime, target: WaitTarget, options?: ReadStatusOptions): Promise<BulkOutcome<Route, Result>> {
  const plan = planFor(target);
  const reads = createBulkReads(runtime, options?.request ?? {}, options?.signal, true);
  for (const bulk of plan.bulks) {
    bulk.operations ??= await reads.operationCount(bulk.bulkUuid);
    const closed = await reads.closedCount(bulk.bulkUuid);
    bulk.open = Math.max(0, bulk.operations - closed);
    bulk.done = bulk.open === 0;
  }
  return readOutcome<Route, Result>(reads, plan, plan.bulks.every((b) => b.done) ? 'complete' : 'open');
}
