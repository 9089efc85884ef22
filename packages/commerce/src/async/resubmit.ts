/** Sending a finished bulk's retryable (status 2) operations again, keeping their input positions. */
import { InputError } from '@magekit/core';
import type { CommerceRuntime } from '../calls/runtime.ts';
import type { BulkJob } from './job.ts';
import { sendBulk, type AcceptanceParts, type BulkOptions } from './submit.ts';
import type { BulkOutcome } from './waiter/outcome.ts';

/** Resolves to undefined when nothing is retryable. */
export async function resubmitRetryable<K extends string>(
  runtime: CommerceRuntime,
  parts: AcceptanceParts,
  outcome: BulkOutcome<K | undefined>,
  options?: BulkOptions,
): Promise<BulkJob<K> | undefined> {
  const retryable = outcome.retryable();
  if (retryable.length === 0) return undefined;
  if (!outcome.route) {
    throw new InputError('This outcome came from a bare bulk UUID, so the SDK does not know its route; wait with the job or acceptance the call returned, or resubmit the inputs of outcome.retryable() yourself.', { service: 'commerce' });
  }
  const missing = retryable.find((op) => !op.input || typeof op.input !== 'object');
  if (missing) throw new InputError(`Operation #${missing.position} of the outcome has no input to resubmit (its meta_information could not be read).`, { service: 'commerce' });
  return sendBulk(runtime, parts, outcome.route, retryable.map((op) => op.input), options, retryable.map((op) => op.position));
}
