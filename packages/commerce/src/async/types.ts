/**
 * The types of the async and bulk trees: the same names as the sync methods, writes only. The trees
 * and the route unions are written out by the generator (generated/variant-trees.ts) rather than
 * derived here: a mapped type over every route is paid for by every user who checks libraries.
 */
import type { CallOptions } from '../calls/runtime.ts';
import type { RouteKey, Routes } from '../generated/operations.ts';
import type { AsyncAcceptance } from './acceptance.ts';
import type { BulkJob } from './job.ts';
import type { BulkOptions } from './submit.ts';

export type { AsyncTree, BulkRouteKey, BulkTree, WriteRouteKey } from '../generated/variant-trees.ts';

/** A bulk element: exactly the sync route's flat input, path parameters included (`{ sku, product }`). */
export type BulkRow<K extends RouteKey> = Routes[K]['input'];
/** What a completed operation's result_serialized_data holds: the sync route's response. */
export type OperationResult<K extends RouteKey> = Routes[K]['output'];

export type AsyncArgs<K extends RouteKey> = Routes[K]['required'] extends true
  ? [input: Routes[K]['input'], options?: CallOptions]
  : [input?: Routes[K]['input'], options?: CallOptions];

export type AsyncMethod<K extends RouteKey> = (...args: AsyncArgs<K>) => Promise<AsyncAcceptance<K>>;
export type BulkMethod<K extends RouteKey> = (rows: readonly BulkRow<K>[], options?: BulkOptions) => Promise<BulkJob<K, BulkRow<K>>>;
