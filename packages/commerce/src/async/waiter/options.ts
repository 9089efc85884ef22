/** The waiter's options and their defaults, checked once before the first request. */
import { InputError } from '@magekit/core';
import type { CallOptions } from '../../calls/runtime.ts';

/**
 * What onProgress receives. Between polls the waiter knows only how many operations have closed
 * (polling stays at one bare integer per request), so until the final event every closed
 * operation is counted as `complete` and `failed`, `retryable` and `unaccounted` are 0; the final
 * event, built from the final read, splits them exactly. `complete + failed + rejected + open +
 * unaccounted = total` in every event.
 */
export interface ProgressEvent {
  /** Operations in the bulk(s), plus elements rejected at acceptance. */
  total: number;
  /** Accepted and not closed yet (accepted − closed, right on every installation). Exact at every event. */
  open: number;
  /** Closed operations that completed (status 1); before the final event, every closed operation. */
  complete: number;
  /** Status 2 and 3 (retryable ones included). Exact in the final event, 0 before. */
  failed: number;
  /** The status-2 part of `failed`. Exact in the final event, 0 before. */
  retryable: number;
  /** Status 5 plus elements rejected at acceptance. */
  rejected: number;
  /** Accepted but never reported by the platform (final event of a wait that ended without them). */
  unaccounted: number;
  /** True for the last event, built from the final read. */
  final: boolean;
}

export interface WaitOptions {
  /** Shortest pause between polls, ms. Default 1000. */
  minDelay?: number | undefined;
  /** Longest pause between polls, ms. Default 30 000. */
  maxDelay?: number | undefined;
  /** Randomise each pause between minDelay and its exponential ceiling (AWS "full jitter"). Default true. */
  jitter?: boolean | undefined;
  /** Give up (BulkTimeoutError, with the last counts) after this many ms. Default 1 800 000 (30 min). */
  maxWait?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Raise BulkStalledError when the open count has not moved for this many ms. Default 300 000. */
  stallAfter?: number | undefined;
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  /** Store code and other per-request options for the status requests. */
  request?: Omit<CallOptions, 'signal' | 'retry'> | undefined;
}

export interface ResolvedWaitOptions {
  minDelay: number;
  maxDelay: number;
  jitter: boolean;
  maxWait: number;
  stallAfter: number;
  signal: AbortSignal | undefined;
  onProgress: ((event: ProgressEvent) => void) | undefined;
  request: Omit<CallOptions, 'signal' | 'retry'>;
}

function positive(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  // Number.isFinite is false for anything that is not a number.
  if (!Number.isFinite(value) || !((value as number) > 0)) {
    throw new InputError(`waitForBulk: ${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}.`, { service: 'commerce' });
  }
  return value as number;
}

export function resolveWaitOptions(options: WaitOptions | undefined): ResolvedWaitOptions {
  const o = options ?? {};
  const minDelay = positive(o.minDelay, 'minDelay', 1000);
  const maxDelay = positive(o.maxDelay, 'maxDelay', Math.max(30_000, minDelay));
  if (maxDelay < minDelay) throw new InputError(`waitForBulk: maxDelay (${maxDelay}) is shorter than minDelay (${minDelay}).`, { service: 'commerce' });
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') throw new InputError('waitForBulk: onProgress must be a function.', { service: 'commerce' });
  return {
    minDelay,
    maxDelay,
    jitter: o.jitter ?? true,
    maxWait: positive(o.maxWait, 'maxWait', 1_800_000),
    stallAfter: positive(o.stallAfter, 'stallAfter', 300_000),
    signal: o.signal,
    onProgress: o.onProgress,
    request: o.request ?? {},
  };
}
