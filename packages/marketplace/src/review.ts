/**
 * Waiting for the technical and marketing reviews of a submission: polls the package until every
 * flow that was submitted has reached a decision, and reports the outcome by flow. Callback-fed
 * updates (eqp_status_update pushed to a feed) wake it before its next poll, as with the malware scan.
 */
import { AbortError, InputError, TimeoutError, createWakeableDelay } from '@magekit/core';
import type { Package } from './types.ts';

export type ReviewFlow = 'technical' | 'marketing';

/** Where a flow has ended up: `passed` includes approved_with_modifications_pending (see `status`). */
export type FlowVerdict = 'passed' | 'rejected' | 'recalled' | 'pending' | 'not-submitted';

export interface ReviewOutcome {
  submissionId: string;
  /** The package as last read. */
  package: Package;
  technical: { status: string; verdict: FlowVerdict };
  marketing: { status: string; verdict: FlowVerdict };
  /** passed: every submitted flow passed; rejected: a flow was rejected (or recalled); pending: not decided yet. */
  verdict: 'passed' | 'rejected' | 'pending';
}

export interface ReviewProgress {
  submissionId: string;
  technical: string;
  marketing: string;
  overall: string;
  /** ms since the wait began. */
  elapsed: number;
}

/** eqp_status_update callbacks pushed by your receiver, to wake waitForReview before its next poll. */
export interface ReviewFeed {
  subscribe(listener: (submissionId: string) => void): () => void;
}

export function createReviewFeed(): ReviewFeed & { push(update: { submission_id: string }): void } {
  const listeners = new Set<(id: string) => void>();
  return {
    push(update) {
      for (const listener of listeners) listener(update.submission_id);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface WaitForReviewOptions {
  /** Poll interval in ms. Default 30 000 (reviews take minutes in the sandbox, days in production). */
  pollInterval?: number | undefined;
  /** Give up after this many ms with a TimeoutError carrying the last outcome. Default 3 600 000. */
  maxWait?: number | undefined;
  signal?: AbortSignal | undefined;
  feed?: ReviewFeed | undefined;
  /** Called after each read whose statuses differ from the last one (and after the first read). */
  onProgress?: ((progress: ReviewProgress) => void) | undefined;
}

const TECHNICAL_DONE: Record<string, FlowVerdict> = { approved: 'passed', rejected: 'rejected', recalled: 'recalled' };
const MARKETING_DONE: Record<string, FlowVerdict> = { approved: 'passed', approved_with_modifications_pending: 'passed', rejected: 'rejected', recalled: 'recalled' };

function flowVerdict(status: string | undefined, done: Record<string, FlowVerdict>): FlowVerdict {
  if (status === undefined || status === 'draft') return 'not-submitted';
  return done[status] ?? 'pending';
}

/** The review outcome of a package as read now. */
export function reviewOutcome(pkg: Package): ReviewOutcome {
  const status = pkg.eqp_status ?? { overall: 'draft', technical: 'draft', marketing: 'draft' };
  const technical = { status: status.technical, verdict: flowVerdict(status.technical, TECHNICAL_DONE) };
  const marketing = { status: status.marketing, verdict: flowVerdict(status.marketing, MARKETING_DONE) };
  const flows = [technical.verdict, marketing.verdict].filter((v) => v !== 'not-submitted');
  const released = status.overall === 'approved' || status.overall === 'released_to_store';
  const verdict = flows.some((v) => v === 'rejected' || v === 'recalled') ? 'rejected' : released || (flows.length > 0 && flows.every((v) => v === 'passed')) ? 'passed' : 'pending';
  return { submissionId: String(pkg.submission_id ?? ''), package: pkg, technical, marketing, verdict };
}

/** A timeout that still says where the review stood. */
export class ReviewTimeoutError extends TimeoutError {
  override name = 'ReviewTimeoutError';
  readonly outcome: ReviewOutcome;
  constructor(message: string, outcome: ReviewOutcome) {
    super(message, { service: 'marketplace' });
    this.outcome = outcome;
  }
}

export async function waitForReview(getPackage: (id: string, signal: AbortSignal | undefined) => Promise<Package>, submissionId: string, options: WaitForReviewOptions = {}): Promise<ReviewOutcome> {
  if (typeof submissionId !== 'string' || !submissionId) throw new InputError('waitForReview needs a submission_id string.', { service: 'marketplace' });
  const pollInterval = options.pollInterval ?? 30_000;
  const maxWait = options.maxWait ?? 3_600_000;
  const started = Date.now();
  let woken = false;
  const delay = createWakeableDelay();
  const unsubscribe = options.feed?.subscribe((id) => {
    if (id !== submissionId) return;
    woken = true;
    delay.wake();
  });
  let last = '';
  try {
    for (;;) {
      if (options.signal?.aborted) throw new AbortError('waitForReview was aborted by the caller.', { service: 'marketplace', cause: options.signal.reason });
      woken = false;
      const outcome = reviewOutcome(await getPackage(submissionId, options.signal));
      const status = outcome.package.eqp_status;
      const now = `${status?.overall}/${outcome.technical.status}/${outcome.marketing.status}`;
      if (now !== last) {
        last = now;
        options.onProgress?.({ submissionId, technical: outcome.technical.status, marketing: outcome.marketing.status, overall: String(status?.overall ?? ''), elapsed: Date.now() - started });
      }
      if (outcome.verdict !== 'pending') return outcome;
      const left = started + maxWait - Date.now();
      if (left <= 0) {
        throw new ReviewTimeoutError(`waitForReview: submission ${submissionId} is still in review after ${maxWait} ms (technical: ${outcome.technical.status}, marketing: ${outcome.marketing.status}).`, outcome);
      }
      if (!woken) await delay.wait(Math.min(pollInterval, left), options.signal);
    }
  } finally {
    unsubscribe?.();
  }
}
