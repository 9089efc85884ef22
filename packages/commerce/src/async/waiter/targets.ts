/**
 * What waitForBulk was given (a UUID, an async acceptance, or a bulk job) turned into one plan: the
 * bulks to watch, how many operations each holds, and how operations map back to input positions.
 */
import { InputError } from '@magekit/core';
import type { AsyncAcceptance } from '../acceptance.ts';
import type { RejectedItem } from '../errors.ts';
import { isBulkJob, type BulkJob } from '../job.ts';

export interface TrackedBulk {
  bulkUuid: string;
  /** Operations in it; unknown for a bare UUID until the summary has been read. */
  operations: number | undefined;
  /** Last open count seen (starts at `operations`: everything is open at acceptance; 0 while a bare UUID's size is unknown). */
  open: number;
  /** Verified closed: the closed count (stored rows with status 1, 2, 3 or 5) reached `operations`. */
  done: boolean;
  /**
   * Whether this installation's open counter (`operation-status/4`) can be believed for this bulk:
   * unknown until it first says 0; `false` once the closed count contradicted it (the installation
   * stores operations only once worked), and then the closed count is polled instead.
   */
  counterHolds: boolean | undefined;
  /** request id (the element's index in its request) → input position. */
  positions: Map<number, number> | undefined;
}

export interface WaitPlan {
  route: string | undefined;
  bulks: TrackedBulk[];
  rejectedAtAcceptance: RejectedItem[];
  /** Inputs by position, when known (a job keeps them). */
  inputs: ((position: number) => unknown) | undefined;
}

export type WaitTarget = string | AsyncAcceptance | BulkJob;

function isAcceptance(value: unknown): value is AsyncAcceptance {
  // A primitive has no bulkUuid either: only null and undefined need keeping out.
  return !!value && typeof (value as AsyncAcceptance).bulkUuid === 'string' && Array.isArray((value as AsyncAcceptance).requestItems);
}

export function planFor(target: WaitTarget): WaitPlan {
  if (typeof target === 'string') {
    if (!target.trim()) throw new InputError('waitForBulk needs a bulk UUID, an async acceptance or a bulk job; got an empty string.', { service: 'commerce' });
    return { route: undefined, bulks: [{ bulkUuid: target, operations: undefined, open: 0, done: false, counterHolds: undefined, positions: undefined }], rejectedAtAcceptance: [], inputs: undefined };
  }
  if (isBulkJob(target)) {
    const bulks: TrackedBulk[] = [];
    for (const uuid of target.bulkUuids) {
      const accepted = target.items.filter((item) => item.bulkUuid === uuid && item.status === 'accepted');
      bulks.push({ bulkUuid: uuid, operations: accepted.length, open: accepted.length, done: false, counterHolds: undefined, positions: new Map(accepted.map((item) => [item.requestId, item.position])) });
    }
    const byPosition = new Map<number, number>();
    target.items.forEach((item, index) => byPosition.set(item.position, index));
    // A job rebuilt from a journal has no inputs: the operations' own meta_information stands in.
    const inputs = target.inputs.length ? (position: number) => target.inputs[byPosition.get(position) ?? -1] : undefined;
    return { route: target.route, bulks, rejectedAtAcceptance: [...target.rejected], inputs };
  }
  if (isAcceptance(target)) {
    const accepted = target.requestItems.filter((item) => item.status === 'accepted');
    const rejected = target.requestItems
      .filter((item) => item.status === 'rejected')
      .map((item): RejectedItem => ({ position: item.id, message: item.errorMessage ?? 'rejected without a message', errorCode: item.errorCode, stage: 'acceptance' }));
    return {
      route: target.route,
      bulks: accepted.length ? [{ bulkUuid: target.bulkUuid, operations: accepted.length, open: accepted.length, done: false, counterHolds: undefined, positions: new Map(accepted.map((item) => [item.id, item.id])) }] : [],
      rejectedAtAcceptance: rejected,
      inputs: undefined,
    };
  }
  throw new InputError('waitForBulk needs a bulk UUID string, the acceptance an async call returned, or the job a bulk call returned.', { service: 'commerce' });
}
