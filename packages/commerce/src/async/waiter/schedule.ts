/**
 * When to poll next: the AWS SDK v3 waiter schedule (exponential from minDelay to maxDelay, full
 * jitter), capped by the estimated time to completion once the bulk is visibly moving, so a long
 * backoff never oversleeps a bulk that is about to finish.
 */
export interface ScheduleInput {
  attempt: number;
  minDelay: number;
  maxDelay: number;
  jitter: boolean;
  /** Estimated ms until the last operation closes, when a rate has been observed. */
  eta?: number | undefined;
  random?: () => number;
}

export function nextDelay({ attempt, minDelay, maxDelay, jitter, eta, random = Math.random }: ScheduleInput): number {
  const ceiling = Math.min(maxDelay, minDelay * 2 ** Math.min(attempt, 30));
  let delay = jitter ? minDelay + random() * (ceiling - minDelay) : ceiling;
  // Number.isFinite is false for undefined as well.
  if (Number.isFinite(eta)) delay = Math.min(delay, Math.max(minDelay, eta!));
  return Math.round(delay);
}

/** Throughput between the first and the latest observation; undefined until something moved. */
export class RateEstimator {
  private span: { first: { at: number; closed: number }; last: { at: number; closed: number } } | undefined;

  observe(at: number, closed: number): void {
    this.span = { first: this.span?.first ?? { at, closed }, last: { at, closed } };
  }

  eta(open: number): number | undefined {
    if (!this.span) return undefined;
    const { first, last } = this.span;
    const moved = last.closed - first.closed;
    const elapsed = last.at - first.at;
    if (moved <= 0 || elapsed <= 0) return undefined;
    return (open / moved) * elapsed;
  }
}

/** A pause that ends early, with the signal's reason, when the caller aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    // An aborted signal never fires again: the listener needs no `once`.
    signal?.addEventListener('abort', onAbort);
  });
}
