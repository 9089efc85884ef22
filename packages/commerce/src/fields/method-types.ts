/**
 * Call signatures generic over the `fields` selection, so a call's result type narrows to what was
 * selected. Drop-in replacements for `RouteArgs` / `RouteOutput` / `RouteMethod` in methods.ts: a
 * call without `fields` (or with a raw string) still returns the route's full output type.
 */
import type { CallOptions } from '../platform/call-options.ts';
import type { RouteKey, Routes } from '../generated/operations.ts';
import type { CheckSelection, FieldSelection, ItemOf, ListSelectionFor, Selected, SelectedList, SelectionFor } from './types.ts';

type Output<K extends RouteKey> = Routes[K]['output'];
/** What a selection applies to: the response, or each element when the response is an array. */
type Subject<T> = T extends readonly (infer E)[] ? E : T;
type IsList<K extends RouteKey> = Routes[K]['list'] extends true ? true : false;

/** The selections route `K` accepts: item fields on search routes, response fields elsewhere. */
type FieldsFor<K extends RouteKey> = IsList<K> extends true ? ListSelectionFor<ItemOf<Output<K>>> : SelectionFor<Subject<Output<K>>>;

/** The constraint on a call's `fields`: a valid selection (checked for unknown names) or a raw string. */
export type FieldsArgument<K extends RouteKey, F> =
  | (FieldsFor<K> & CheckSelection<IsList<K> extends true ? ItemOf<Output<K>> : Subject<Output<K>>, F>)
  | string
  | undefined;

/** The route's output narrowed to `F`; raw strings are not parsed at the type level. */
export type SelectedOutput<K extends RouteKey, F> = F extends FieldSelection
  ? IsList<K> extends true
    ? SelectedList<Output<K>, F>
    : Selected<Output<K>, F>
  : Output<K>;

type RouteInputWith<K extends RouteKey, F> = Omit<Routes[K]['input'], 'fields'> & { fields?: F };

export type RouteArgsWith<K extends RouteKey, F> = Routes[K]['required'] extends true
  ? [input: RouteInputWith<K, F>, options?: CallOptions]
  : [input?: RouteInputWith<K, F>, options?: CallOptions];

/**
 * Arguments of a call without a typed selection (no `fields`, or a raw string). The first overload
 * takes these: most calls match it, and the checker never evaluates the selection types for them
 * (with the selection overload alone, 200 calls cost over a million instantiations).
 */
export type PlainRouteArgs<K extends RouteKey> = Routes[K]['required'] extends true
  ? [input: Routes[K]['input'] & { fields?: string }, options?: CallOptions]
  : [input?: Routes[K]['input'] & { fields?: string }, options?: CallOptions];

/** A named method: `commerce.products.get({ sku, fields: ['sku', 'price'] })` returns `{ sku; price? }`. */
export interface RouteMethod<K extends RouteKey> {
  (...args: PlainRouteArgs<K>): Promise<Output<K>>;
  <const F extends FieldsArgument<K, F>>(...args: RouteArgsWith<K, F>): Promise<SelectedOutput<K, F>>;
}

/** The route-string call, for `CommerceClient.request`. */
export type RequestMethod = <K extends RouteKey, const F extends FieldsArgument<K, F> = undefined>(
  route: K,
  ...args: RouteArgsWith<K, F>
) => Promise<SelectedOutput<K, F>>;
