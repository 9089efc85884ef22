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

/**
 * How a bulk's elements stand. Every element is in exactly one of complete, failed, rejected, open
 * and unaccounted, so those five add up to `total`; `retryable` is a part of `failed`.
 */
export interface BulkCounts {
  /** Elements submitted: the operations accepted plus the elements rejected at acceptance. */
  total: number;
  /** Status 1: the operation ran and succeeded. */
  complete: number;
  /** Status 2 and 3 together: the operation ran and failed. */
  failed: number;
  /** The status-2 part of `failed`: the platform says trying again may work (bulk.resubmitRetryable). */
  retryable: number;
  /** Status 5 (the consumer refused the message) plus elements rejected at acceptance. */
  rejected: number;
  /** Accepted and not closed yet: status 4, or not stored yet on installations that store an operation once worked. */
  open: number;
  /** Accepted, but the platform never reported it by the time the wait ended (lost, or still unstored at the deadline). */
  unaccounted: number;
}

/** The platform rejected items at acceptance (or a request carrying them failed). */
export class BulkRejectedError<Job = unknown> extends MagekitError {
  override name = 'BulkRejectedError';
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
  override name = 'BulkFailedError';
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
  'The operations stay open until a queue consumer works them: check that the async.operations.all consumer runs ' +
  '(bin/magento queue:consumers:start async.operations.all, or the consumers_runner cron) and its queue connection is healthy.';

/** A bulk's open count did not move for `stallAfter` ms. */
export class BulkStalledError<Outcome = unknown> extends MagekitError {
  override name = 'BulkStalledError';
  override readonly kind = 'stalled' as const;
  readonly counts: BulkCounts;
  readonly bulkUuids: string[];
  readonly stalledForMs: number;
  /**
   * Every operation as the platform last reported it (failures with their messages, the rest open
   * or unaccounted); undefined when that last read failed too. Not serialized with the error.
   */
  declare readonly outcome: Outcome | undefined;
  constructor(message: string, counts: BulkCounts, bulkUuids: string[], stalledForMs: number, options: MagekitErrorOptions, outcome?: Outcome) {
    super(message, { ...options, hint: STALL_HINT });
    this.counts = counts;
    this.bulkUuids = bulkUuids;
    this.stalledForMs = stalledForMs;
    hidden(this, 'outcome', outcome);
  }
}

/** `maxWait` passed before every operation closed; `counts` are the last ones seen. */
export class BulkTimeoutError<Outcome = unknown> extends TimeoutError {
  override name = 'BulkTimeoutError';
  readonly counts: BulkCounts;
  readonly bulkUuids: string[];
  /** As on BulkStalledError: the operations as last reported, accepted ones never reported as `unaccounted`. */
  declare readonly outcome: Outcome | undefined;
  constructor(message: string, counts: BulkCounts, bulkUuids: string[], options: MagekitErrorOptions, outcome?: Outcome) {
    super(message, options);
    this.counts = counts;
    this.bulkUuids = bulkUuids;
    hidden(this, 'outcome', outcome);
  }
}

/** A property left out of JSON.stringify(error): outcomes carry every input, which logs should not. */
function hidden(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: false, writable: false, configurable: true });
}
