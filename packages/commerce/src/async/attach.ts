/**
 * The async and bulk features of a client: `async.<method>` and `async.request(route, input)`,
 * `bulk.<method>` next to the four bulk status routes, `bulk.resubmitRetryable`, and `waitForBulk`.
 * The client merges what this returns into itself (commerce.async, commerce.bulk, commerce.waitForBulk).
 */
import type { CallOptions, CommerceRuntime } from '../calls/runtime.ts';
import { buildMethodTree } from '@magekit/core';
import type { MethodTree } from '../generated/method-tree.ts';
import type { RouteKey, Routes } from '../generated/operations.ts';
import type { RouteInfo } from '../routes/info.ts';
import type { AsyncAcceptance } from './acceptance.ts';
import type { BulkJob } from './job.ts';
import { resubmitRetryable } from './resubmit.ts';
import { sendAsync, sendBulk, type BulkOptions } from './submit.ts';
import type { AsyncArgs, AsyncTree, BulkRouteKey, BulkRow, BulkTree, OperationResult, WriteRouteKey } from './types.ts';
import type { WaitOptions } from './waiter/options.ts';
import type { BulkOutcome } from './waiter/outcome.ts';
import type { ReadStatusOptions } from './waiter/read-status.ts';
import type { AsyncParts } from './parts.ts';
import type { WaitTarget } from './waiter/targets.ts';
import { isBulkable, isWriteRoute } from './write-routes.ts';

export interface AsyncNamespace extends AsyncTree {
  /** Any write by its reference string: `async.request('PUT /V1/products/{sku}', { sku, product })`. */
  request<K extends WriteRouteKey>(route: K, ...args: AsyncArgs<K>): Promise<AsyncAcceptance<K>>;
}

export type BulkNamespace = MethodTree['bulk'] &
  BulkTree & {
    /** Any bulkable write by its reference string: `bulk.request('PUT /V1/products/{sku}', rows)`. */
    request<K extends BulkRouteKey>(route: K, rows: readonly BulkRow<K>[], options?: BulkOptions): Promise<BulkJob<K, BulkRow<K>>>;
    /** Sends a finished bulk's retryable (status 2) operations again; undefined when there are none. */
    resubmitRetryable<K extends BulkRouteKey>(outcome: BulkOutcome<K, unknown>, options?: BulkOptions): Promise<BulkJob<K, BulkRow<K>> | undefined>;
  };

export interface WaitForBulk {
  <K extends WriteRouteKey, Row>(target: BulkJob<K, Row> | AsyncAcceptance<K>, options?: WaitOptions): Promise<BulkOutcome<K, OperationResult<K>>>;
  (bulkUuid: string, options?: WaitOptions): Promise<BulkOutcome<undefined, unknown>>;
}

export interface ReadBulkStatus {
  <K extends WriteRouteKey, Row>(target: BulkJob<K, Row> | AsyncAcceptance<K>, options?: ReadStatusOptions): Promise<BulkOutcome<K, OperationResult<K>>>;
  (bulkUuid: string, options?: ReadStatusOptions): Promise<BulkOutcome<undefined, unknown>>;
}

export interface AsyncFeatures {
  async: AsyncNamespace;
  bulk: BulkNamespace;
  waitForBulk: WaitForBulk;
  /** One look at a bulk without waiting: the same outcome as waitForBulk, with operations not closed yet as open. */
  readBulkStatus: ReadBulkStatus;
}

/** Names the helpers add; a generated namespace with one of these names would be shadowed. */
const HELPER_NAMES = ['request', 'resubmitRetryable'];

/** `parts`: zod's acceptance check, the waiter and the status read, imported (`/bulk`) or loaded on first use (the full client). */
export function attachAsync(runtime: CommerceRuntime, parts: AsyncParts): AsyncFeatures {
  // The trees hold the routes the client knows now; async.request and bulk.request look up any
  // route, including those of modules added later, in the client's index.
  const known = runtime.routes.all();
  const asyncTree = buildMethodTree(
    known,
    (route) => (input?: Record<string, unknown>, options?: CallOptions) => sendAsync(runtime, parts, route.key, input, options),
    isWriteRoute,
  );
  const bulkTree = buildMethodTree(
    known,
    (route) => (rows: readonly unknown[], options?: BulkOptions) => sendBulk(runtime, parts, route.key, rows, options),
    isBulkable,
  );
  const statusTree = (buildMethodTree(
    known,
    (route) => (input?: Record<string, unknown>, options?: CallOptions) => runtime.call(route, input, options),
    (route: RouteInfo) => route.id.startsWith('bulk.'),
  )['bulk'] ?? {}) as Record<string, unknown>;

  const asyncNamespace = mergeDisjoint(asyncTree, {
    request: (route: string, input?: Record<string, unknown>, options?: CallOptions) => sendAsync(runtime, parts, route, input, options),
  }, 'async');
  const bulkNamespace = mergeDisjoint(mergeDisjoint(bulkTree, statusTree, 'bulk'), {
    request: (route: string, rows: readonly unknown[], options?: BulkOptions) => sendBulk(runtime, parts, route, rows, options),
    resubmitRetryable: (outcome: BulkOutcome<string | undefined>, options?: BulkOptions) => resubmitRetryable(runtime, parts, outcome, options),
  }, 'bulk');

  return {
    async: asyncNamespace as unknown as AsyncNamespace,
    bulk: bulkNamespace as unknown as BulkNamespace,
    waitForBulk: ((target: WaitTarget, options?: WaitOptions) => parts.waitForBulk(runtime, target, options)) as WaitForBulk,
    readBulkStatus: ((target: WaitTarget, options?: ReadStatusOptions) => parts.readBulkStatus(runtime, target, options)) as ReadBulkStatus,
  };
}

/** Merges two method trees, refusing (at client creation, loudly) any name both define. */
function mergeDisjoint(a: Record<string, unknown>, b: Record<string, unknown>, where: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [name, value] of Object.entries(b)) {
    const existing = out[name];
    if (existing === undefined) out[name] = value;
    else if (isPlainNode(existing) && isPlainNode(value)) out[name] = mergeDisjoint(existing, value, `${where}.${name}`);
    else throw new Error(`magekit: ${where}.${name} is defined twice (a generated method and a helper); rename one in the spec's operationId.`);
  }
  return out;
}

function isPlainNode(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof value !== 'function';
}
