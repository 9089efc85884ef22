/**
 * Keyset order for search routes: the route's unique key, the caller's sort kept in front of it, and
 * the searchCriteria that asks for "everything after this position" in that order.
 *
 * Offset paging (`current_page`) skips or repeats records when rows are written between two requests
 * or tie on the sort (MySQL may order tied rows differently per LIMIT; magento/magento2#25001,
 * #38461, #39031). A position is the sort values of the last record delivered, the unique key last,
 * so "after it" names exactly the records not yet seen, whatever was written meanwhile.
 *
 * searchCriteria ORs filters inside a group and ANDs groups, so "after (v1, ..., vn)" is written in
 * conjunctive form: group i says "strictly after on one of the first i-1 fields, or at or after on
 * field i"; the last group says "strictly after on some field". NULLs sort first ascending (MySQL),
 * so they take `null` / `notnull` filters instead of comparisons.
 */
import { InputError } from '@magekit/core';
import { walkKeyOfRoute } from '../generated/walk-keys.ts';
import type { WireSearchCriteria } from '../search/types.ts';

/** A route's unique key: the field filters and sorts use, and the item's name for it (products: entity_id, id). */
export interface WalkKey {
  field: string;
  item: string;
}

/** `key` as callers give it: one name for both, or both names. */
export type WalkKeyOption = string | WalkKey;

export type FilterGroup = WireSearchCriteria['filter_groups'][number];
type Filter = FilterGroup['filters'][number];

export interface SortKey extends WalkKey {
  direction: 'ASC' | 'DESC';
}

/** A scalar sort value as an item carries it; null where the item has none. */
export type KeyValue = string | number | null;

/** The sort values of the last record delivered, in the order's order (the unique key last). */
export type Position = readonly KeyValue[];


/**
 * The route's unique key: the caller's `key` when given, else the route's `x-walk-key` (generated/walk-keys.ts).
 * A route without one (ids that repeat, composite keys, answers that are not table rows) is refused
 * with the reason, before anything is sent: paging it by offset could lose records silently.
 */
export function walkKeyOf(route: string, label: string, option?: WalkKeyOption): WalkKey {
  const isName = (value: unknown): boolean => typeof value === 'string' && /^[a-z0-9_]+$/i.test(value);
  if (option !== undefined) {
    const key = typeof option === 'string' ? { field: option, item: option } : option;
    // A caller's null is refused on its field (the item's name is read only after).
    if (!isName(key?.field) || !isName(key.item)) {
      throw new InputError(`${label}: key must be an attribute code or { field, item } (the filter field and the item's name for it), got ${JSON.stringify(option)}.`, { service: 'commerce' });
    }
    return { field: key.field, item: key.item };
  }
  const known = walkKeyOfRoute(route);
  if (Array.isArray(known)) return { field: known[0]!, item: known[1]! };
  const why = typeof known === 'string' ? known : 'the route has no unique key on record (a route added at run time, or not a search route of the spec)';
  throw new InputError(
    `${label} cannot be walked by key: ${why}. Pass { key: { field, item } } if you know a unique key of its records, or { paging: 'offset' } to page by offset knowing that records written during the walk can be skipped or repeated.`,
    { service: 'commerce' },
  );
}

/** The caller's sort orders with the unique key last (kept where the caller already sorts by it). */
export function keysetOrder(sorts: WireSearchCriteria['sort_orders'], key: WalkKey): SortKey[] {
  const order: SortKey[] = [];
  for (const { field, direction } of sorts ?? []) {
    // Products answer `id` but sort on entity_id (an `id` sort is silently ignored there, #39031).
    const isKey = field === key.field || field === key.item;
    order.push(isKey ? { ...key, direction } : { field, item: field, direction });
    if (isKey) return order;
  }
  order.push({ ...key, direction: 'ASC' });
  return order;
}

/** The position of an item: its values for each sort key (top-level field, else a custom attribute). */
export function positionOf(order: readonly SortKey[], item: unknown, label: string): KeyValue[] {
  return order.map((key, index) => {
    const value = valueOf(item, key.item);
    if (value === undefined || value === null) {
      if (index === order.length - 1) throw new InputError(`${label}: an item has no ${key.item}, the walk's unique key; a walk cannot go on from it.`, { service: 'commerce' });
      return null;
    }
    if (typeof value === 'number' || typeof value === 'string') return value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    throw new InputError(`${label}: cannot walk sorted by ${key.field}: its values are not scalars (${JSON.stringify(value)}).`, { service: 'commerce' });
  });
}

function valueOf(item: unknown, name: string): unknown {
  if (!item || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  if (name in record) return record[name];
  const custom = record['custom_attributes'];
  if (!Array.isArray(custom)) return undefined;
  return (custom.find((entry: unknown) => (entry as { attribute_code?: unknown } | null)?.attribute_code === name) as { value?: unknown } | undefined)?.value;
}

const text = (value: string | number): string => String(value);
const filter = (field: string, condition_type: Filter['condition_type'], value = '1'): Filter => ({ field, value, condition_type });

/** Records strictly after `value` on one key, as ORed filters; [] when none can be, 'all' when every record is. */
function strictlyAfter(key: SortKey, value: KeyValue): Filter[] {
  if (key.direction === 'ASC') return value === null ? [filter(key.field, 'notnull')] : [filter(key.field, 'gt', text(value))];
  // Descending, NULLs come last.
  return value === null ? [] : [filter(key.field, 'lt', text(value)), filter(key.field, 'null')];
}

/** Records at or after `value` on one key; 'all' when every record is. */
function atOrAfter(key: SortKey, value: KeyValue): Filter[] | 'all' {
  if (key.direction === 'ASC') return value === null ? 'all' : [filter(key.field, 'gteq', text(value))];
  return value === null ? [filter(key.field, 'null')] : [filter(key.field, 'lteq', text(value)), filter(key.field, 'null')];
}

/** Filter groups (ANDed) that select exactly the records after `position` in `order`. */
export function afterPosition(order: readonly SortKey[], position: Position): FilterGroup[] {
  const groups: FilterGroup[] = [];
  const strict: Filter[] = [];
  order.forEach((key, index) => {
    const value = position[index] ?? null;
    const last = index === order.length - 1;
    const here = last ? strictlyAfter(key, value) : atOrAfter(key, value);
    if (here !== 'all') groups.push({ filters: [...strict, ...here] });
    strict.push(...strictlyAfter(key, value));
  });
  return groups;
}

/** The window `lo < key <= hi` on the unique key (ascending), as two ANDed groups; either bound may be absent. */
export function keyWindow(key: WalkKey, lo: KeyValue | undefined, hi: KeyValue | undefined): FilterGroup[] {
  const groups: FilterGroup[] = [];
  if (lo !== undefined && lo !== null) groups.push({ filters: [filter(key.field, 'gt', text(lo))] });
  if (hi !== undefined && hi !== null) groups.push({ filters: [filter(key.field, 'lteq', text(hi))] });
  return groups;
}
