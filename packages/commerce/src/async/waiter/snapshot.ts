/**
 * Reading a bulk's outcome: the failed operations only when every operation is known to be closed
 * (the rest are complete by count), or, for a bulk that is not finished, the failures plus the ids
 * and statuses of the others, so each accepted operation is placed as complete, open or unlisted.
 */
import type { BulkReads } from './reads.ts';
import { buildOutcome, type BulkOutcome, type RawOperation, type Unlisted } from './outcome.ts';
import type { WaitPlan } from './targets.ts';

/** What a failed operation's entry needs: its message, and its input (meta_information) when ids do not place it. */
const FAILURE_FIELDS = ['id', 'bulk_uuid', 'status', 'result_message', 'error_code', 'serialized_data'];
const STATUS_FIELDS = ['id', 'bulk_uuid', 'status'];
const RESULT_FIELDS = ['id', 'bulk_uuid', 'status', 'result_serialized_data', 'serialized_data'];

/**
 * `allClosed`: the closed counts of every bulk reached its operation count. Otherwise operations
 * not listed at all count as `unlisted` (open for a status read, unaccounted when a wait ended).
 * `resultReads` serve outcome.results() later, outside any schedule of the caller's: give them
 * transport retries.
 */
export async function readOutcome<Route extends string | undefined, Result>(reads: BulkReads, plan: WaitPlan, allClosed: boolean, unlisted: Exclude<Unlisted, 'complete'>, resultReads: BulkReads = reads): Promise<BulkOutcome<Route, Result>> {
  const uuids = plan.bulks.map((b) => b.bulkUuid);
  let listed: RawOperation[] = [];
  if (uuids.length) {
    listed = await reads.list(uuids, 'failed', FAILURE_FIELDS);
    if (!allClosed) listed = listed.concat(await reads.list(uuids, 'not-failed', STATUS_FIELDS));
  }
  return buildOutcome<Route, Result>(plan, listed, allClosed ? 'complete' : unlisted, (page, pageSize, signal) => resultReads.page(uuids, 'complete', RESULT_FIELDS, page, pageSize, signal));
}
