/**
 * The async and bulk features as functions that take a client (full or lean), for apps that
 * import them on their own (`@magekit/commerce/bulk`) instead of using the full client's members.
 */
import { runtimeOf, type CallOptions } from '../calls/runtime.ts';
import type { RuntimeHolder } from '../calls/runtime.ts';
import type { AsyncAcceptance } from './acceptance.ts';
import { attachAsync, type AsyncFeatures } from './attach.ts';
import { bundledParts } from './bundled-parts.ts';
import type { BulkJob } from './job.ts';
import { checkAcceptanceBody } from './acceptance-schema.ts';
import { sendAsync, sendBulk, type BulkOptions } from './submit.ts';
import type { AsyncArgs, BulkRouteKey, BulkRow, OperationResult, WriteRouteKey } from './types.ts';
import type { WaitOptions } from './waiter/options.ts';
import type { BulkOutcome } from './waiter/outcome.ts';
import { readBulkStatus as readStatus, type ReadStatusOptions } from './waiter/read-status.ts';
import { waitForBulk as wait } from './waiter/wait.ts';

/** `{ async, bulk, waitForBulk, readBulkStatus }` for a client: the same members the full client has. */
export function asyncFeatures(client: RuntimeHolder): AsyncFeatures {
  return attachAsync(runtimeOf(client), bundledParts);
}

/**
 * One bulk write on its own: `bulkRequest(client, 'PUT /V1/products/{sku}', rows)`, the same as the full
 * client's `bulk.request(...)`. An app that only submits bulks and waits ships this and `waitForBulk`,
 * not the method trees and the async variant `asyncFeatures` builds.
 */
export function bulkRequest<K extends BulkRouteKey>(client: RuntimeHolder, route: K, rows: readonly BulkRow<K>[], options?: BulkOptions): Promise<BulkJob<K, BulkRow<K>>> {
  return sendBulk(runtimeOf(client), { checkAcceptance: checkAcceptanceBody }, route, rows, options);
}

/** One asynchronous write on its own: `asyncRequest(client, 'PUT /V1/products/{sku}', { sku, product })`, the same as `async.request(...)`. */
export function asyncRequest<K extends WriteRouteKey>(client: RuntimeHolder, route: K, ...args: AsyncArgs<K>): Promise<AsyncAcceptance<K>> {
  const [input, options] = args as [Record<string, unknown> | undefined, CallOptions | undefined];
  return sendAsync(runtimeOf(client), { checkAcceptance: checkAcceptanceBody }, route, input, options);
}

/** Waits until a bulk (or async write) is done: `waitForBulk(client, job)`. See the full client's `waitForBulk`. */
export function waitForBulk<K extends WriteRouteKey, Row>(client: RuntimeHolder, target: BulkJob<K, Row> | AsyncAcceptance<K>, options?: WaitOptions): Promise<BulkOutcome<K, OperationResult<K>>>;
export function waitForBulk(client: RuntimeHolder, bulkUuid: string, options?: WaitOptions): Promise<BulkOutcome<undefined, unknown>>;
export function waitForBulk(client: RuntimeHolder, target: Parameters<typeof wait>[1], options?: WaitOptions): Promise<BulkOutcome<string | undefined, unknown>> {
  return wait(runtimeOf(client), target, options);
}

/** One look at a bulk without waiting: `readBulkStatus(client, job)`. */
export function readBulkStatus<K extends WriteRouteKey, Row>(client: RuntimeHolder, target: BulkJob<K, Row> | AsyncAcceptance<K>, options?: ReadStatusOptions): Promise<BulkOutcome<K, OperationResult<K>>>;
export function readBulkStatus(client: RuntimeHolder, bulkUuid: string, options?: ReadStatusOptions): Promise<BulkOutcome<undefined, unknown>>;
export function readBulkStatus(client: RuntimeHolder, target: Parameters<typeof readStatus>[1], options?: ReadStatusOptions): Promise<BulkOutcome<string | undefined, unknown>> {
  return readStatus(runtimeOf(client), target, options);
}
