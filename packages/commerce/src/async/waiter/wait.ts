/**
 * waitForBulk: watches one or more bulks until every operation has closed, then reads the detailed
 * status once. Polling costs one bare integer per request (`operation-status/4`, the open count),
 * and a multi-chunk job polls the chunk the consumer is working on, not every chunk every time.
 * Completion is derived from counts (open = 0), never from a summary flag, which the platform can
 * report as finished while operations are still open.
 */
import { AbortError, ResponseError, encodePathSegment, isMagekitError, type MagekitError } from '@magekit/core';
import type { CommerceRuntime } from '../../client.ts';
import { BulkStalledError, BulkTimeoutError, STALL_HINT, type BulkCounts } from '../errors.ts';
import { resolveWaitOptions, type ProgressEvent, type ResolvedWaitOptions, type WaitOptions } from './options.ts';
import { buildOutcome, type BulkOutcome, type RawOperation } from './outcome.ts';
import { RateEstimator, nextDelay, sleep } from './schedule.ts';
import { planFor, type TrackedBulk, type WaitPlan, type WaitTarget } from './targets.ts';

/** Failures worth another poll: the server or the network hiccuped, the bulk did not change. */
function isTransient(error: unknown): boolean {
  if (!isMagekitError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && typeof error.status === 'number' && (error.status >= 500 || error.status === 408 || error.status === 429);
}

export async function waitForBulk<Route extends string | undefined, Result>(
  runtime: CommerceRuntime,
  target: WaitTarget,
  options?: WaitOptions,
): Promise<BulkOutcome<Route, Result>> {
  const o = resolveWaitOptions(options);
  const plan = planFor(target);
  const watcher = new BulkWatcher(runtime, plan, o);
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
    private readonly runtime: CommerceRuntime,
    private readonly plan: WaitPlan,
    private readonly o: ResolvedWaitOptions,
  ) {
    this.deadline = this.started + o.maxWait;
  }

  async run(): Promise<BulkOutcome<string | undefined, unknown>> {
    this.checkAborted();
    await this.learnOperationCounts();
    // Everything is open at acceptance, so a job's first observation is "nothing closed yet".
    if (this.plan.bulks.every((b) => b.operations !== undefined)) this.rate.observe(this.started, 0);
    for (let attempt = 0; ; attempt++) {
      const stallDue = Date.now() - this.lastChangeAt >= this.o.stallAfter;
      const moved = await this.pollRound(stallDue);
      if (moved || !this.announced) this.emitProgress(false);
      if (this.plan.bulks.every((b) => b.done)) break;
      const now = Date.now();
      if (!moved && stallDue && this.lastError === undefined) this.stalled(now);
      if (now >= this.deadline) this.timedOut();
      let delay = nextDelay({ attempt, minDelay: this.o.minDelay, maxDelay: this.o.maxDelay, jitter: this.o.jitter, eta: this.rate.eta(this.openTotal()) });
      // Wake up in time to notice a stall or the deadline rather than oversleeping either.
      delay = Math.min(delay, Math.max(0, this.lastChangeAt + this.o.stallAfter - now), Math.max(0, this.deadline - now));
      await this.pause(delay);
    }
    const detailed = [];
    for (const bulk of this.plan.bulks) detailed.push({ bulk, operations: await this.detailedOperations(bulk) });
    const outcome = buildOutcome<string | undefined, unknown>(this.plan, detailed);
    const c = outcome.counts;
    this.o.onProgress?.({ total: c.total, open: c.open, complete: c.complete, failed: c.failed, rejected: c.rejected, final: true });
    return outcome;
  }

  /** A bare UUID says nothing about its size: read the summary once for operation_count. */
  private async learnOperationCounts(): Promise<void> {
    for (const bulk of this.plan.bulks) {
      if (bulk.operations !== undefined) continue;
      const summary = await this.get<{ operation_count?: unknown; operations_list?: unknown[] }>(`/V1/bulk/${encodePathSegment(bulk.bulkUuid)}/status`, true);
      const count = typeof summary?.operation_count === 'number' ? summary.operation_count : Array.isArray(summary?.operations_list) ? summary.operations_list.length : undefined;
      if (count === undefined) throw this.shapeError('status', summary);
      bulk.operations = count;
      bulk.open = count;
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
        if (!isTransient(error)) throw error;
        this.lastError = error; // keep every count we have; try again after the pause
        break;
      }
      const before = bulk.open;
      bulk.open = Math.min(open, bulk.operations ?? open);
      if (bulk.open < before) moved = true;
      if (bulk.open === 0) {
        bulk.done = true;
        continue;
      }
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

  private async countOpen(bulk: TrackedBulk): Promise<number> {
    const value = await this.get<unknown>(`/V1/bulk/${encodePathSegment(bulk.bulkUuid)}/operation-status/4`, false);
    const count = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) throw this.shapeError('operation-status/4', value);
    return count;
  }

  private async detailedOperations(bulk: TrackedBulk): Promise<RawOperation[]> {
    const body = await this.get<{ operations_list?: unknown }>(`/V1/bulk/${encodePathSegment(bulk.bulkUuid)}/detailed-status`, true);
    if (!body || !Array.isArray(body.operations_list)) throw this.shapeError('detailed-status', body);
    return body.operations_list as RawOperation[];
  }

  /** Polls are not retried by the transport: the waiter's own schedule retries them, keeping its state. */
  private get<T>(path: string, transportRetries: boolean): Promise<T> {
    const options = { ...this.o.request, signal: this.o.signal, ...(transportRetries ? {} : { retry: false as const }) };
    return this.runtime.sendRaw<T>({ method: 'GET', path, variant: 'sync', options, expect: 'json' });
  }

  private openTotal(): number {
    return this.plan.bulks.reduce((sum, b) => sum + (b.done ? 0 : b.open), 0);
  }

  private closedTotal(): number {
    return this.plan.bulks.reduce((sum, b) => sum + (b.operations ?? 0) - (b.done ? 0 : b.open), 0);
  }

  counts(): BulkCounts {
    const operations = this.plan.bulks.reduce((sum, b) => sum + (b.operations ?? 0), 0);
    const rejected = this.plan.rejectedAtAcceptance.length;
    const open = this.openTotal();
    return { total: operations + rejected, open, complete: operations - open, failed: 0, retryable: 0, rejected };
  }

  private emitProgress(final: boolean): void {
    this.announced = true;
    if (!this.o.onProgress) return;
    const c = this.counts();
    const event: ProgressEvent = { total: c.total, open: c.open, complete: c.complete, failed: c.failed, rejected: c.rejected, final };
    this.o.onProgress(event);
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

  private stalled(now: number): never {
    const c = this.counts();
    const stalledFor = now - this.lastChangeAt;
    throw new BulkStalledError(
      `Bulk ${this.uuids().join(', ')} has had ${c.open} of ${c.total} operations open without change for ${Math.round(stalledFor / 1000)} s. ${STALL_HINT}`,
      c,
      this.uuids(),
      stalledFor,
      { service: 'commerce' },
    );
  }

  private timedOut(): never {
    const c = this.counts();
    const last = this.lastError instanceof Error ? ` The last poll failed: ${this.lastError.message}` : '';
    throw new BulkTimeoutError(
      `waitForBulk gave up after ${Math.round(this.o.maxWait / 1000)} s (maxWait) with ${c.open} of ${c.total} operations still open (${c.complete} closed).${last} The bulk keeps running; wait again with a longer maxWait.`,
      c,
      this.uuids(),
      { service: 'commerce', ...(this.lastError === undefined ? {} : { cause: this.lastError }) },
    );
  }

  private shapeError(what: string, body: unknown): ResponseError {
    return new ResponseError(`GET /V1/bulk/{bulkUuid}/${what} answered with an unexpected shape.`, JSON.stringify(body) ?? String(body), { service: 'commerce', method: 'GET' });
  }
}
