/**
 * `fields` (partial responses): a selector serialized to the platform's syntax,
 * `sku,price,extension_attributes[category_links,stock_item[item_id,qty]]`.
 *
 * Platform quirk: only the last `custom_attributes[...]` entry of a selector is honoured
 * (magento/magento2#25175), like any name written twice. The SDK merges repeated names before
 * sending, so `[{ custom_attributes: ['color'] }, { custom_attributes: ['size'] }]` (or the raw
 * `custom_attributes[color],custom_attributes[size]`) goes out as `custom_attributes[color,size]`.
 */
import { InputError } from '@magekit/core';
import { listSelection } from './list.ts';
import { checkSelection, serializeSelection } from './serialize.ts';
import { parseSelection } from './syntax.ts';
import type { FieldSelection } from './types.ts';
import type { QueryEncoder } from '../query/encoders.ts';

export { FieldsSyntaxError, parseSelection } from './syntax.ts';
export { normalizeSelection, serializeSelection } from './serialize.ts';
export { listSelection, wrapListSelection } from './list.ts';
export type * from './types.ts';

/** Reads a call's `fields`: an array selection (checked) or a raw string (parsed, so checked too). */
export function toSelection(value: unknown): FieldSelection {
  if (typeof value === 'string') return parseSelection(value);
  if (Array.isArray(value)) return checkSelection(value);
  throw new InputError('fields must be an array selector such as ["sku", "price"] or a string such as "sku,price".', { service: 'commerce' });
}

/**
 * The `fields` query value for a call: list routes select inside `items[...]` (see `listSelection`). Raw strings are
 * validated and re-written with repeated names merged (which is what makes the custom_attributes
 * quirk harmless); a canonical string goes out unchanged.
 */
export function fieldsQueryValue(value: unknown, listRoute: boolean): string {
  const selection = toSelection(value);
  return serializeSelection(listRoute ? listSelection(value, selection) : selection);
}

/** `fields` on the wire, for a lean client: `createLeanClient({ encoders: [fieldsEncoder] })`. */
export const fieldsEncoder: QueryEncoder = { parameter: 'fields', encode: (value, route) => fieldsQueryValue(value, route.searchResults) };
