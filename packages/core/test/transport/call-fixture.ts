/**
 * A transport call as send.ts starts one (first attempt, no retries yet, no credential, no deadline),
 * for unit tests of the steps that take a call: the retry policy, the redirect rules.
 */
import type { Call } from '../../src/transport/call.ts';
import { resolveRetry } from '../../src/transport/policy.ts';

export function callFixture(overrides: Partial<Call> & Pick<Call, 'request'>): Call {
  return {
    method: overrides.request.method,
    policy: resolveRetry(undefined),
    idempotent: true,
    body: undefined,
    timeout: 1_000,
    deadlineAt: Infinity,
    credential: undefined,
    authorization: null,
    attempt: 1,
    attemptStartedAt: 0,
    retries: 0,
    ...overrides,
  };
}
