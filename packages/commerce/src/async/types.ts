/**
 * The types of the async and bulk trees, derived from the generated Routes and MethodTree: the same
 * names as the sync methods, writes only. Kept shallow on purpose: one mapped type over the method
 * tree (a handful of levels deep) and flat lookups keyed by literal route keys.
 */
import type { CallOptions } from '../client.ts';
import type { MethodTree } from '../generated/method-tree.ts';
import type { RouteKey, Routes } from '../generated/operations.ts';
import type { AsyncAcceptance } from './acceptance.ts';
import type { BulkJob } from './job.ts';
import type { BulkOptions } from './submit.ts';

/** Routes with an asynchronous variant: every write. */
export type WriteRouteKey = { [K in RouteKey]: K extends `GET ${string}` ? never : K }[RouteKey];
/** Writes whose path parameters are whole segments (all but the `{provider}-guest-carts` route). */
export type BulkRouteKey = { [K in WriteRouteKey]: K extends `${string}-{${string}` | `${string}}-${string}` ? never : K }[WriteRouteKey];

type IdToKey = { [K in RouteKey as Routes[K]['id']]: K };
type WriteId = Routes[WriteRouteKey]['id'];
type BulkId = Routes[BulkRouteKey]['id'];

/** A bulk element: exactly the sync route's flat input, path parameters included (`{ sku, product }`). */
export type BulkRow<K extends RouteKey> = Routes[K]['input'];
/** What a completed operation's result_serialized_data holds: the sync route's response. */
export type OperationResult<K extends RouteKey> = Routes[K]['output'];

export type AsyncArgs<K extends RouteKey> = Routes[K]['required'] extends true
  ? [input: Routes[K]['input'], options?: CallOptions]
  : [input?: Routes[K]['input'], options?: CallOptions];

export type AsyncMethod<K extends RouteKey> = (...args: AsyncArgs<K>) => Promise<AsyncAcceptance<K>>;
export type BulkMethod<K extends RouteKey> = (rows: readonly BulkRow<K>[], options?: BulkOptions) => Promise<BulkJob<K, BulkRow<K>>>;

type Leaf<Id extends string, Kind extends 'async' | 'bulk'> = Kind extends 'async' ? AsyncMethod<IdToKey[Id & keyof IdToKey]> : BulkMethod<IdToKey[Id & keyof IdToKey]>;

/** The sub-tree of `T` whose leaves are in `Ids`; namespaces without any such leaf disappear. */
type Subtree<T, Prefix extends string, Ids extends string, Kind extends 'async' | 'bulk'> = {
  [N in keyof T & string as `${Prefix}${N}` extends Ids ? N : [Extract<Ids, `${Prefix}${N}.${string}`>] extends [never] ? never : N]: `${Prefix}${N}` extends Ids
    ? Leaf<`${Prefix}${N}`, Kind>
    : Subtree<T[N], `${Prefix}${N}.`, Ids, Kind>;
};

/** `commerce.async.products.update({ sku, product })` → the acceptance (bulk UUID, request items). */
export type AsyncTree = Subtree<MethodTree, '', WriteId, 'async'>;
/** `commerce.bulk.products.update([{ sku, product }, ...])` → one job over as many chunks as needed. */
export type BulkTree = Subtree<MethodTree, '', BulkId, 'bulk'>;
