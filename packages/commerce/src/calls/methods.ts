/** The call signatures shared by `request`, the named methods and their async/bulk variants. */
import type { CallOptions } from './runtime.ts';
import type { FieldSelection } from '../fields/index.ts';
import type { RouteKey, Routes } from '../generated/operations.ts';

export type { RouteKey, Routes };

/** Options every route accepts inside its input. */
interface CommonInput {
  /** Partial response: `['sku', 'price']` or the raw `"sku,price"`. */
  fields?: FieldSelection | string;
}

export type RouteInput<K extends RouteKey> = Routes[K]['input'] & CommonInput;
export type RouteOutput<K extends RouteKey> = Routes[K]['output'];

export type RouteArgs<K extends RouteKey> = Routes[K]['required'] extends true
  ? [input: RouteInput<K>, options?: CallOptions]
  : [input?: RouteInput<K>, options?: CallOptions];

export type { RouteMethod } from '../fields/method-types.ts';
