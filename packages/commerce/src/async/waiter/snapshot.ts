/**
 * Reading a bulk's outcome: the failed operations only when every operation is known to be closed
 * (the rest are complete by count), or, for a bulk that is not finished, the failures plus the ids
 * and statuses of the others, so each accepted operation is placed as complete, open or unlisted.
 */
import type { BulkReads } from './reads.ts';
import { buildOutcome, type BulkOutcome, type RawOperation, type Unlisted } from './outcome.ts';
import type { WaitPlan } from './targets.ts';


/**
 * `unlisted`: what an operation no listing names is. `complete` when the closed counts of every
 * bulk reached its operation count (then the failures are all there is to list); otherwise `open`
 * for a status read, `unaccounted` when a wait ended, and the others are listed too, so each
 * stored one is placed. `resultReads` serve outcome.results() later, outside any schedule of the
 * caller's: give them transport retries.
 */
export async function readOutcome<Route extends string | undefined, Result>(reads: BulkReads, plan: WaitPlan, unlisted: Unlisted, resultReads: BulkReads = reads): Promise<BulkOutcome<Route, Result>> {
  // The fields each listing keeps (here, not module constants, so mutation testing reaches them).
  // A failed operation's entry needs its message, and its input (meta_information) to check or find its position.
  const failureFields = ['id', 'bulk_uuid', 'status', 'result_message', 'error_code', 'serialized_data'];
  // With the inputs known, a placement by id is checked against meta_information, so the listing carries it.
  const statusFields = plan.inputs ? ['id', 'bulk_uuid', 'status', 'serialized_data'] : ['id', 'bulk_uuid', 'status'];
  const resultFields = ['id', 'bulk_uuid', 'status', 'result_serialized_data', 'serialized_data'];
  // One search per bulk (see reads.ts: ids repeat across bulks since 2.4).
  const listed = new Map<string, RawOperation[]>();
  for (const bulk of plan.bulks) {
    let ops = await reads.list(bulk.bulkUuid, 'failed', failureFields);
    if (unlisted !== 'complete') ops = ops.concat(await reads.list(bulk.bulkUuid, 'not-failed', statusFields));
    listed.set(bulk.bulkUuid, ops);
  }
  return buildOutcome<Route, Result>(plan, listed, unlisted, (bulkUuid, page, pageSize, signal) => resultReads.page(bulkUuid, 'complete', resultFields, page, pageSize, signal));
}
