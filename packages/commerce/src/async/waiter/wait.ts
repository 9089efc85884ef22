/**
 * waitForBulk: watches one or more bulks until every operation has closed, then reads the failed
 * operations once. Polling costs one bare integer per request (`operation-status/4`), and a
 * multi-chunk job polls the chunk the consumer is working on, not every chunk every time.
 *
 * Completion is decided from counts that hold on every installation: open = accepted − closed.
 * The open counter is only a hint (it is 0 from the start where operations are stored once
 * worked), so a bulk is done only when its closed count (stored rows with status 1, 2, 3 or 5)
 * reaches its operation count; where the counter was contradicted, the closed count is polled
 * instead. Operations missing from every listing stay open until the deadline, and are reported
 * as `unaccounted` if the wait ends without them. Every read, the first summary read of a bare
 * UUID and the final read included, rides out transient failures on the waiter's own schedule.
 */
import { AbortError, isMagekitError, type MagekitError } from '@magekit/core';
import type { CommerceRuntime } from '../../calls/runtime.ts';
import { BulkStalledError, BulkTimeoutError, STALL_HINT, type BulkCounts } from '../errors.ts';
import { resolveWaitOptions, type ProgressEvent, type ResolvedWaitOptions, type WaitOptions } from './options.ts';
import type { BulkOutcome } from './outcome.ts';
import { createBulkReads, type BulkReads } from './reads.ts';
import { RateEstimator, nextDelay, sleep } from './schedule.ts';
import { readOutcome } from './snapshot.ts';
import { planFor, type TrackedBulk, type WaitPlan, type WaitTarget } from './targets.ts';

/** Failures worth another try: the server or the network hiccuped, the bulk did not change. */
function isTransient(error: unknown): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: every error a read raises is a MagekitError (the transport's, the shape checks'), so this guard only types it
  if (!isMagekitError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  // A status is an HTTP answer's: 5xx, request timeout, too many requests.
  const status = error.status ?? 0;
  return status >= 500 || status === 408 || status === 429;
}

/** How long past maxWait a read may still run (the read that reports the state at the deadline). */
const DEADLINE_GRACE_MS = 5000;

/** `0.6 s`, `12 s`: the durations the messages state. */
function seconds(ms: number): string {
  // Stryker disable next-line EqualityOperator: at exactly 10 000 ms both forms read "10 s"
  return `${ms < 10_000 ? String(Math.round(ms / 100) / 10) : String(Math.round(ms / 1000))} s`;
}

export async function waitForBulk<Route extends string | undefined, Result>(
  runtime: CommerceRuntime,
  target: WaitTarget,
  options?: WaitOptions,
): Promise<BulkOutcome<Route, Result>> {
  const o = resolveWaitOptions(options);
  const plan = planFor(target);
  // Every read ends by the deadline, even one whose body stalls halfway (a per-attempt timeout may
  // not cover the body); the grace leaves room for the last read that reports the state at the end.
  const deadline = AbortSignal.timeout(o.maxWait + DEADLINE_GRACE_MS);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline;
  // The waiter's reads leave retrying to its own schedule; results() pages, read later at the
  // caller's pace, get the transport's retries of a GET.
  return watch(createBulkReads(runtime, o.request, signal), createBulkReads(runtime, o.request, undefined, true), plan, o, deadline) as Promise<BulkOutcome<Route, Result>>;
}

/** The watch itself: one closure per wait (its state is the variables below). */
async function watch(reads: BulkReads, resultReads: BulkReads, plan: WaitPlan, o: ResolvedWaitOptions, deadlineSignal: AbortSignal): Promise<BulkOutcome<string | undefined, unknown>> {
  const { bulks } = plan;
  const { minDelay, maxDelay, jitter, stallAfter, maxWait, signal: callerSignal, onProgress } = o;
  const started = Date.now();
  const deadline = started + maxWait;
  const rate = new RateEstimator();
  let lastChangeAt = started;
  /** Whether the next round looks past the cursor: after a movement (or at the start), until a round finds nothing moved. */
  let sweepNext = true;
  let cursor: TrackedBulk | undefined;
  let lastError: unknown;
  let announced = false;

  /**
   * Runs one read until it succeeds, pausing on the waiter's schedule after each transient failure;
   * past the deadline it gives up with BulkTimeoutError (the last failure as its cause).
   */
  async function persist<T>(read: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const value = await read();
        lastError = undefined;
        return value;
      } catch (error) {
        await rethrowUnlessTransient(error);
        lastError = error;
        const now = Date.now();
        if (now >= deadline) await timedOut();
        await pause(Math.min(nextDelay({ attempt, minDelay, maxDelay, jitter }), deadline - now));
      }
    }
  }

  /** A failure that is not transient ends the wait (as a timeout when the deadline cut the read off). */
  async function rethrowUnlessTransient(error: unknown): Promise<void> {
    if (isTransient(error)) return;
    if (deadlineCut()) await timedOut();
    throw error;
  }

  /**
   * One round: poll the chunk being worked on; finished chunks hand over to the next. When the
   * cursor stops moving (the consumer went elsewhere, or stopped) sweep the other chunks once, and
   * again before calling the bulk stalled.
   */
  async function pollRound(sweepAll: boolean): Promise<boolean> {
    const pending = bulks.filter((b) => !b.done);
    const order = cursor && !cursor.done ? [cursor, ...pending.filter((b) => b !== cursor)] : pending;
    const sweep = sweepAll || sweepNext;
    let moved = false;
    lastError = undefined;
    for (const bulk of order) {
      let open: number;
      try {
        open = await countOpen(bulk);
      } catch (error) {
        await rethrowUnlessTransient(error);
        lastError = error; // keep every count we have; try again after the pause
        break;
      }
      const before = bulk.open;
      bulk.open = open;
      if (bulk.open < before) moved = true;
      if (bulk.done) continue;
      if (bulk.open < before) {
        cursor = bulk;
        break;
      }
      if (!sweep) break;
    }
    const now = Date.now();
    if (moved) {
      lastChangeAt = now;
      sweepNext = true;
    } else if (lastError === undefined) sweepNext = false; // a failed round saw nothing: it does not count
    rate.observe(now, closedTotal());
    return moved;
  }

  /**
   * The bulk's open count. A positive open counter is believed; a zero is checked against the
   * closed count before the bulk is called done, and once the two disagree the closed count alone
   * is polled for this bulk (one search answering only total_count).
   */
  async function countOpen(bulk: TrackedBulk): Promise<number> {
    const operations = bulk.operations ?? 0;
    if (bulk.counterHolds !== false) {
      const counter = await reads.openCounter(bulk.bulkUuid);
      if (counter > 0) return Math.min(counter, operations);
    }
    const closed = await reads.closedCount(bulk.bulkUuid);
    const open = Math.max(0, operations - closed);
    if (open === 0) bulk.done = true;
    else bulk.counterHolds = false;
    return open;
  }

  const openTotal = () => bulks.reduce((sum, b) => sum + (b.done ? 0 : b.open), 0);
  const operationsTotal = () => bulks.reduce((sum, b) => sum + (b.operations ?? 0), 0);
  const closedTotal = () => operationsTotal() - openTotal();
  const uuids = () => bulks.map((b) => b.bulkUuid);
  // Stryker disable next-line MethodExpression: only a bare UUID's size is unknown, and its plan holds that one bulk
  const sizeUnknown = () => bulks.some((b) => b.operations === undefined);

  /** Between polls only how many closed is known, so every closed operation counts as complete until the final event. */
  function counts(): BulkCounts {
    const operations = operationsTotal();
    const rejected = plan.rejectedAtAcceptance.length;
    const open = openTotal();
    return { total: operations + rejected, open, complete: operations - open, failed: 0, retryable: 0, rejected, unaccounted: 0 };
  }

  /** A read was cut off by the deadline, not by the caller. */
  const deadlineCut = () => deadlineSignal.aborted && !callerSignal?.aborted;

  const pause = (ms: number): Promise<void> =>
    sleep(ms, callerSignal).catch((reason: unknown) => {
      throw abortError(reason);
    });

  /** Where the wait stood, for the message it ends with: what is open, or that a bare UUID's size was never read. */
  function standing(c: BulkCounts): string {
    if (sizeUnknown()) return 'before it could read how many operations the bulk holds';
    return `with ${c.open} of ${c.total} operations still open (${c.complete} closed)`;
  }

  function abortError(reason: unknown): MagekitError {
    if (isMagekitError(reason)) return reason;
    return new AbortError(`waitForBulk was aborted by the caller ${standing(counts())}. The bulk keeps running on the platform.`, { service: 'commerce', cause: reason });
  }

  /**
   * The outcome as the platform last reported it, for the error a wait ends with: one attempt, no
   * retries (the wait is over); undefined when that read fails as well.
   */
  async function lastOutcome(): Promise<BulkOutcome | undefined> {
    if (sizeUnknown()) return undefined;
    try {
      return await readOutcome(reads, plan, bulks.every((b) => b.done) ? 'complete' : 'unaccounted', resultReads);
    } catch {
      // that read failed as well: no outcome, below
    }
    return undefined;
  }

  async function stalled(now: number): Promise<never> {
    const stalledFor = now - lastChangeAt;
    const outcome = await lastOutcome();
    const c = outcome?.counts ?? counts();
    throw new BulkStalledError(
      `Bulk ${uuids().join(', ')} has had ${counts().open} of ${c.total} operations open without change for ${seconds(stallAfter)} (stallAfter). ${STALL_HINT}`,
      c,
      uuids(),
      stalledFor,
      { service: 'commerce' },
      outcome,
    );
  }

  async function timedOut(): Promise<never> {
    const failure = lastError;
    const live = counts(); // every closed operation counted as complete: what polling knows
    const outcome = await lastOutcome();
    const last = deadlineCut() ? ' The last read was cut off at the deadline (it did not finish).' : failure instanceof Error ? ` The last read failed: ${failure.message}` : '';
    throw new BulkTimeoutError(
      `waitForBulk gave up after ${seconds(maxWait)} (maxWait) ${standing(live)}.${last} The bulk keeps running; wait again with a longer maxWait.`,
      outcome?.counts ?? live,
      uuids(),
      { service: 'commerce', cause: failure },
      outcome,
    );
  }

  if (callerSignal?.aborted) throw abortError(callerSignal.reason);
  // A bare UUID says nothing about its size: read the summary's operation_count once.
  for (const bulk of bulks) {
    if (bulk.operations !== undefined) continue;
    const count = await persist(() => reads.operationCount(bulk.bulkUuid));
    bulk.operations = count;
    bulk.open = count;
  }
  // The rate is measured from the first poll: a job waited on long after it was submitted (or a bare
  // UUID) may have closed much already, which says nothing of the pace from now on.
  for (let attempt = 0; ; attempt++) {
    const stallDue = Date.now() - lastChangeAt >= stallAfter;
    const moved = await pollRound(stallDue);
    if (moved || !announced) {
      announced = true;
      onProgress?.({ ...progressOf(counts()), final: false });
    }
    if (bulks.every((b) => b.done)) break;
    const now = Date.now();
    if (!moved && stallDue && lastError === undefined) await stalled(now);
    if (now >= deadline) await timedOut();
    const delay = nextDelay({ attempt, minDelay, maxDelay, jitter, eta: rate.eta(openTotal()) });
    // Wake up in time to notice a stall or the deadline rather than oversleeping either. A stall
    // already due was not called because this round's read failed: keep the pace, don't spin.
    const untilStall = lastChangeAt + stallAfter - now;
    await pause(Math.min(delay, untilStall > 0 ? untilStall : delay, deadline - now));
  }
  const outcome = await persist(() => readOutcome(reads, plan, 'complete', resultReads));
  onProgress?.({ ...progressOf(outcome.counts), final: true });
  return outcome;
}

function progressOf(c: BulkCounts): Omit<ProgressEvent, 'final'> {
  return { total: c.total, open: c.open, complete: c.complete, failed: c.failed, retryable: c.retryable, rejected: c.rejected, unaccounted: c.unaccounted };
}
