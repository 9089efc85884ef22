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
import type { CommerceRuntime } from '../../runtime.ts';
import { BulkStalledError, BulkTimeoutError, STALL_HINT, type BulkCounts } from '../errors.ts';
import { resolveWaitOptions, type ProgressEvent, type ResolvedWaitOptions, type WaitOptions } from './options.ts';
import type { BulkOutcome } from './outcome.ts';
import { createBulkReads, type BulkReads } from './reads.ts';
import { RateEstimator, nextDelay, sleep } from './schedule.ts';
import { readOutcome } from './snapshot.ts';
import { planFor, type TrackedBulk, type WaitPlan, type WaitTarget } from './targets.ts';

/** Failures worth another try: the server or the network hiccuped, the bulk did not change. */
function isTransient(error: unknown): boolean {
  if (!isMagekitError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && typeof error.status === 'number' && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/** How long past maxWait a read may still run (the read that reports the state at the deadline). */
const DEADLINE_GRACE_MS = 5000;

/** `0.6 s`, `12 s`: the durations the messages state. */
function seconds(ms: number): string {
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
  const watcher = new BulkWatcher(createBulkReads(runtime, o.request, signal), createBulkReads(runtime, o.request, undefined, true), plan, o, deadline);
  return watcher.run() as Promise<BulkOutcome<Route, Result>>;
}

class BulkWatcher {
  private readonly started = Date.now();
  private readonly deadline: number;
  private readonly rate = new RateEstimator();
  private lastChangeAt = this.started;
  private roundsWithoutMovement = 0;
  private cursor: TrackedBulk | undefined;
  private lastError: unknown;
  private announced = false;

  constructor(
    private readonly reads: BulkReads,
    private readonly resultReads: BulkReads,
    private readonly plan: WaitPlan,
    private readonly o: ResolvedWaitOptions,
    private readonly deadlineSignal: AbortSignal,
  ) {
    this.deadline = this.started + o.maxWait;
  }

  async run(): Promise<BulkOutcome<string | undefined, unknown>> {
    this.checkAborted();
    await this.learnOperationCounts();
    // Everything is open at acceptance, so a job's first observation is "nothing closed yet".
    this.rate.observe(this.started, 0);
    for (let attempt = 0; ; attempt++) {
      const stallDue = Date.now() - this.lastChangeAt >= this.o.stallAfter;
      const moved = await this.pollRound(stallDue);
      if (moved || !this.announced) this.emitProgress();
      if (this.plan.bulks.every((b) => b.done)) break;
      const now = Date.now();
      if (!moved && stallDue && this.lastError === undefined) await this.stalled(now);
      if (now >= this.deadline) await this.timedOut();
      let delay = nextDelay({ attempt, minDelay: this.o.minDelay, maxDelay: this.o.maxDelay, jitter: this.o.jitter, eta: this.rate.eta(this.openTotal()) });
      // Wake up in time to notice a stall or the deadline rather than oversleeping either.
      delay = Math.min(delay, Math.max(0, this.lastChangeAt + this.o.stallAfter - now), Math.max(0, this.deadline - now));
      await this.pause(delay);
    }
    const outcome = await this.persist(() => readOutcome(this.reads, this.plan, true, 'unaccounted', this.resultReads));
    const c = outcome.counts;
    this.o.onProgress?.({ ...progressOf(c), final: true });
    return outcome;
  }

  /** A bare UUID says nothing about its size: read the summary's operation_count once. */
  private async learnOperationCounts(): Promise<void> {
    for (const bulk of this.plan.bulks) {
      if (bulk.operations !== undefined) continue;
      const count = await this.persist(() => this.reads.operationCount(bulk.bulkUuid));
      bulk.operations = count;
      bulk.open = count;
    }
  }

  /**
   * Runs one read until it succeeds, pausing on the waiter's schedule after each transient failure;
   * past the deadline it gives up with BulkTimeoutError (the last failure as its cause).
   */
  private async persist<T>(read: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const value = await read();
        this.lastError = undefined;
        return value;
      } catch (error) {
        if (!isTransient(error)) {
          if (this.deadlineCut()) await this.timedOut();
          throw error;
        }
        this.lastError = error;
        const now = Date.now();
        if (now >= this.deadline) await this.timedOut();
        const delay = nextDelay({ attempt, minDelay: this.o.minDelay, maxDelay: this.o.maxDelay, jitter: this.o.jitter });
        await this.pause(Math.min(delay, Math.max(0, this.deadline - now)));
      }
    }
  }

  /**
   * One round: poll the chunk being worked on; finished chunks hand over to the next. When the
   * cursor stops moving (the consumer went elsewhere, or stopped) sweep the other chunks once, and
   * again before calling the bulk stalled.
   */
  private async pollRound(sweepAll: boolean): Promise<boolean> {
    const pending = this.plan.bulks.filter((b) => !b.done);
    const order = this.cursor && !this.cursor.done ? [this.cursor, ...pending.filter((b) => b !== this.cursor)] : pending;
    const sweep = sweepAll || this.roundsWithoutMovement === 0;
    let moved = false;
    this.lastError = undefined;
    for (const bulk of order) {
      let open: number;
      try {
        open = await this.countOpen(bulk);
      } catch (error) {
        if (!isTransient(error)) {
          if (this.deadlineCut()) await this.timedOut();
          throw error;
        }
        this.lastError = error; // keep every count we have; try again after the pause
        break;
      }
      const before = bulk.open;
      bulk.open = open;
      if (bulk.open < before) moved = true;
      if (bulk.done) continue;
      if (bulk.open < before) {
        this.cursor = bulk;
        break;
      }
      if (!sweep) break;
    }
    const now = Date.now();
    if (moved) {
      this.lastChangeAt = now;
      this.roundsWithoutMovement = 0;
    } else if (this.lastError === undefined) this.roundsWithoutMovement += 1;
    this.rate.observe(now, this.closedTotal());
    return moved;
  }

  /**
   * The bulk's open count. A positive open counter is believed; a zero is checked against the
   * closed count before the bulk is called done, and once the two disagree the closed count alone
   * is polled for this bulk (one search answering only total_count).
   */
  private async countOpen(bulk: TrackedBulk): Promise<number> {
    const operations = bulk.operations ?? 0;
    if (bulk.counterHolds !== false) {
      const counter = await this.reads.openCounter(bulk.bulkUuid);
      if (counter > 0) return Math.min(counter, operations);
    }
    const closed = await this.reads.closedCount(bulk.bulkUuid);
    const open = Math.max(0, operations - closed);
    if (open === 0) bulk.done = true;
    else bulk.counterHolds = false;
    return open;
  }

  private openTotal(): number {
    return this.plan.bulks.reduce((sum, b) => sum + (b.done ? 0 : b.open), 0);
  }

  private closedTotal(): number {
    return this.plan.bulks.reduce((sum, b) => sum + (b.operations ?? 0) - (b.done ? 0 : b.open), 0);
  }

  /** Between polls only how many closed is known, so every closed operation counts as complete until the final event. */
  counts(): BulkCounts {
    const operations = this.plan.bulks.reduce((sum, b) => sum + (b.operations ?? 0), 0);
    const rejected = this.plan.rejectedAtAcceptance.length;
    const open = this.openTotal();
    return { total: operations + rejected, open, complete: operations - open, failed: 0, retryable: 0, rejected, unaccounted: 0 };
  }

  private emitProgress(): void {
    this.announced = true;
    this.o.onProgress?.({ ...progressOf(this.counts()), final: false });
  }

  /** A read was cut off by the deadline, not by the caller. */
  private deadlineCut(): boolean {
    return this.deadlineSignal.aborted && !this.o.signal?.aborted;
  }

  private pause(ms: number): Promise<void> {
    return sleep(ms, this.o.signal).catch((reason: unknown) => {
      throw this.abortError(reason);
    });
  }

  private checkAborted(): void {
    if (this.o.signal?.aborted) throw this.abortError(this.o.signal.reason);
  }

  private abortError(reason: unknown): MagekitError {
    if (isMagekitError(reason)) return reason;
    const c = this.counts();
    return new AbortError(`waitForBulk was aborted by the caller with ${c.open} of ${c.total} operations still open. The bulk keeps running on the platform.`, { service: 'commerce', cause: reason });
  }

  private uuids(): string[] {
    return this.plan.bulks.map((b) => b.bulkUuid);
  }

  /**
   * The outcome as the platform last reported it, for the error a wait ends with: one attempt, no
   * retries (the wait is over); undefined when that read fails as well.
   */
  private async lastOutcome(): Promise<BulkOutcome | undefined> {
    if (this.plan.bulks.some((b) => b.operations === undefined)) return undefined;
    try {
      return await readOutcome(this.reads, this.plan, this.plan.bulks.every((b) => b.done), 'unaccounted', this.resultReads);
    } catch {
      return undefined;
    }
  }

  private async stalled(now: number): Promise<never> {
    const stalledFor = now - this.lastChangeAt;
    const outcome = await this.lastOutcome();
    const c = outcome?.counts ?? this.counts();
    throw new BulkStalledError(
      `Bulk ${this.uuids().join(', ')} has had ${this.counts().open} of ${c.total} operations open without change for ${seconds(this.o.stallAfter)} (stallAfter). ${STALL_HINT}`,
      c,
      this.uuids(),
      stalledFor,
      { service: 'commerce' },
      outcome,
    );
  }

  private async timedOut(): Promise<never> {
    const lastError = this.lastError;
    const live = this.counts(); // every closed operation counted as complete: what polling knows
    const outcome = await this.lastOutcome();
    const last = this.deadlineCut() ? ' The last read was cut off at the deadline (it did not finish).' : lastError instanceof Error ? ` The last read failed: ${lastError.message}` : '';
    throw new BulkTimeoutError(
      `waitForBulk gave up after ${seconds(this.o.maxWait)} (maxWait) with ${live.open} of ${live.total} operations still open (${live.complete} closed).${last} The bulk keeps running; wait again with a longer maxWait.`,
      outcome?.counts ?? live,
      this.uuids(),
      { service: 'commerce', ...(lastError === undefined ? {} : { cause: lastError }) },
      outcome,
    );
  }
}

function progressOf(c: BulkCounts): Omit<ProgressEvent, 'final'> {
  return { total: c.total, open: c.open, complete: c.complete, failed: c.failed, retryable: c.retryable, rejected: c.rejected, unaccounted: c.unaccounted };
}
