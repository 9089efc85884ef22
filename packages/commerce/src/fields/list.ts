/**
 * `fields` on search routes. A search answers `{ items, search_criteria, total_count }`, and a bare
 * item selector there (`sku,price`) selects nothing of that wrapper: the platform returns empty items
 * (magento/magento2#3463). So callers select item fields and the SDK writes `items[...]`, keeping
 * `total_count` / `search_criteria` only when they are named.
 */
import { InputError } from '@magekit/core';
import type { FieldSelection, FieldSelector, WrapperField } from './types.ts';

const WRAPPER_FIELDS: ReadonlySet<string> = new Set<WrapperField>(['total_count', 'search_criteria']);

function namesOf(entry: FieldSelector): string[] {
  return typeof entry === 'string' ? [entry] : Object.keys(entry);
}

/** Whether a raw selector names `items` at its top level, i.e. is already written for the wrapper. */
function selectsWrapper(selection: FieldSelection): boolean {
  return selection.some((entry) => namesOf(entry).includes('items'));
}

/**
 * Wraps an item selection for a search route: item fields go inside `items[...]`, `total_count` and
 * `search_criteria` stay outside. An `items` entry is an item field here (orders and carts have one).
 */
export function wrapListSelection(selection: FieldSelection, options: { totalCount?: boolean } = {}): FieldSelection {
  const items: FieldSelector[] = [];
  const wrapper: FieldSelector[] = [];
  for (const entry of selection) {
    if (typeof entry === 'string') (WRAPPER_FIELDS.has(entry) ? wrapper : items).push(entry);
    else {
      // An object entry may mix names: `{ search_criteria: [...], extension_attributes: [...] }`.
      for (const [name, members] of Object.entries(entry)) (WRAPPER_FIELDS.has(name) ? wrapper : items).push({ [name]: members });
    }
  }
  if (options.totalCount) wrapper.push('total_count');
  if (items.length === 0 && wrapper.length === 0) throw new InputError('fields selects nothing.', { service: 'commerce' });
  return items.length > 0 ? [{ items }, ...wrapper] : wrapper;
}

/**
 * The wire selection for a search route. Selections built in code are item selections, always
 * wrapped. A raw string that names `items` at its top level is taken as written in the platform's
 * own syntax (`items[sku],total_count`) and sent as is; any other raw string is wrapped too.
 */
export function listSelection(value: unknown, selection: FieldSelection, options: { totalCount?: boolean } = {}): FieldSelection {
  if (typeof value === 'string' && selectsWrapper(selection)) return options.totalCount ? [...selection, 'total_count'] : selection;
  return wrapListSelection(selection, options);
}
