/**
 * What queued writes use besides the submit code: zod's check of an acceptance, the waiter and the
 * status read. `asyncFeatures()` (the `/bulk` entry) imports them with itself (bundled-parts.ts); the
 * full client loads each on first use (lazy-parts.ts), so an app that never queues a write never loads
 * zod. The two sets live apart because a dynamic import anywhere in an app's module graph makes a
 * bundler wrap the loaded modules (and keep every export they have), which costs an app that imports
 * them anyway more than it saves.
 */
import type { CommerceRuntime } from '../calls/runtime.ts';
import type { AcceptanceCheck } from './acceptance.ts';
import type { ReadStatusOptions } from './waiter/read-status.ts';
import type { WaitOptions } from './waiter/options.ts';
import type { BulkOutcome } from './waiter/outcome.ts';
import type { WaitTarget } from './waiter/targets.ts';

export interface AsyncParts {
  /** zod's check of a 202 body (acceptance-schema.ts). */
  checkAcceptance(body: unknown): AcceptanceCheck | Promise<AcceptanceCheck>;
  waitForBulk(runtime: CommerceRuntime, target: WaitTarget, options?: WaitOptions): Promise<BulkOutcome<string | undefined, unknown>>;
  readBulkStatus(runtime: CommerceRuntime, target: WaitTarget, options?: ReadStatusOptions): Promise<BulkOutcome<string | undefined, unknown>>;
}
