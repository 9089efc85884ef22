/**
 * The errors of asynchronous and bulk writes. Every one carries the per-item detail a caller needs
 * to act (which input position, what the platform said), not just a summary line.
 */
import { MagekitError, TimeoutError, type MagekitErrorOptions } from '@magekit/core';

/** One input the platform refused, or that could not be submitted. */
export interface RejectedItem {
  /** Index in the caller's input (0 for a single async call). */
  position: number;
  message: string;
  errorCode: number | null;
  /** `acceptance`: the platform answered and rejected it; `submit`: its request failed (fate unknown for 5xx and network failures). */
  stage: 'acceptance' | 'submit';
}

export interface BulkCounts {
  total: number;
  complete: number;
  /** Status 2 and 3 together; `retryable` is the status-2 part. */
  failed: number;
  retryable: number;
  rejected: number;
  open: number;
}

/** The platform rejected items at acceptance (or a request carrying them failed). */
export class BulkRejectedError<Job = unknown> extends MagekitError {
  override readonly kind = 'bulk' as const;
  readonly items: RejectedItem[];
  /** For bulk calls: the job with everything that was accepted, so it can still be waited on. */
  readonly job: Job | undefined;
  constructor(message: string, items: RejectedItem[], job: Job | undefined, options: MagekitErrorOptions) {
    super(message, options);
    this.items = items;
    this.job = job;
  }
}

/** A bulk finished with operations that did not complete (thrown by outcome.throwIfFailed()). */
export class BulkFailedError<Outcome = unknown> extends MagekitError {
  override readonly kind = 'bulk' as const;
  readonly counts: BulkCounts;
  readonly outcome: Outcome;
  constructor(message: string, counts: BulkCounts, outcome: Outcome, options: MagekitErrorOptions) {
    super(message, options);
    this.counts = counts;
    this.outcome = outcome;
  }
}

export const STALL_HINT =
  'The operations stay open until a queue consumer works them: check that the async.operations.all consumer is running ' +
  '(bin/magento queue:consumers:start async.operations.all, or the consumers_runner cron job) and that its queue connection is healthy.';

/** A bulk's open count did not move for `stallAfter` ms. */
export class BulkStalledError extends MagekitError {
  override readonly kind = 'stalled' as const;
  readonly counts: BulkCounts;
  readonly bulkUuids: string[];
  readonly stalledForMs: number;
  constructor(message: string, counts: BulkCounts, bulkUuids: string[], stalledForMs: number, options: MagekitErrorOptions) {
    super(message, { ...options, hint: STALL_HINT });
    this.counts = counts;
    this.bulkUuids = bulkUuids;
    this.stalledForMs = stalledForMs;
  }
}

/** `maxWait` passed before every operation closed; `counts` are the last ones seen. */
export class BulkTimeoutError extends TimeoutError {
  readonly counts: BulkCounts;
  readonly bulkUuids: string[];
  constructor(message: string, counts: BulkCounts, bulkUuids: string[], options: MagekitErrorOptions) {
    super(message, options);
    this.counts = counts;
    this.bulkUuids = bulkUuids;
  }
}
