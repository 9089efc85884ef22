/**
 * searchCriteria, checked and put in the one shape that goes on the wire. Everything a caller can
 * get wrong is reported here, before any request: the platform would otherwise answer an unknown
 * condition type or an empty filter group with an SQL error, or quietly ignore a bad page size.
 * The result is still a plain object: query.ts's `appendBracketed` turns it into bracket keys, once.
 */
import { InputError } from '@magekit/core';
import { LIST_CONDITIONS, VALUELESS_CONDITIONS, isConditionType, CONDITION_TYPES } from './conditions.ts';
import type { ConditionType, RawSearchCriteria, WireSearchCriteria } from './types.ts';
import type { QueryEncoder } from '../query/encoders.ts';
import { appendBracketed } from '../query/query.ts';

const fail = (message: string): never => {
  throw new InputError(`searchCriteria: ${message}`, { service: 'commerce' });
};

/**
 * `searchCriteria` on the wire, for a lean client: `createLeanClient({ encoders: [searchCriteriaEncoder] })`.
 * Criteria that put no key on the wire (`{ filter_groups: [] }`) go as the bare `searchCriteria=`,
 * the platform's form for "everything".
 */
export const searchCriteriaEncoder: QueryEncoder = {
  parameter: 'searchCriteria',
  encode(value) {
    const criteria = toRawSearchCriteria(value);
    const probe = new URLSearchParams();
    appendBracketed(probe, 'searchCriteria', criteria);
    return probe.size > 0 ? criteria : '';
  },
};

/** Accepts the platform's raw structure (snake_case or camelCase) or a builder (anything with toSearchCriteria()). */
export function toRawSearchCriteria(value: unknown): WireSearchCriteria {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const source = value as { toSearchCriteria?: () => RawSearchCriteria };
    return normalizeCriteria(typeof source.toSearchCriteria === 'function' ? source.toSearchCriteria() : value);
  }
  return fail('must be an object (the platform\'s { filter_groups, sort_orders, page_size, current_page }) or built with where(...).');
}

const KEYS: Record<string, keyof WireSearchCriteria> = {
  filter_groups: 'filter_groups', filterGroups: 'filter_groups',
  sort_orders: 'sort_orders', sortOrders: 'sort_orders',
  page_size: 'page_size', pageSize: 'page_size',
  current_page: 'current_page', currentPage: 'current_page',
  // GET /V1/search (the storefront search) names its search request: quick_search_container etc.
  request_name: 'request_name', requestName: 'request_name',
};

function normalizeCriteria(input: unknown): WireSearchCriteria {
  if (!input || typeof input !== 'object') return fail('toSearchCriteria() must return an object.');
  const source: Partial<Record<keyof WireSearchCriteria, unknown>> = {};
  for (const [key, item] of Object.entries(input)) {
    const canonical = KEYS[key] ?? fail(`unknown key "${key}"; expected filter_groups, sort_orders, page_size, current_page or request_name.`);
    if (item !== undefined) source[canonical] = item;
  }
  const out: WireSearchCriteria = { filter_groups: filterGroups(source.filter_groups ?? []) };
  if (source.sort_orders !== undefined) out.sort_orders = sortOrders(source.sort_orders);
  if (source.page_size !== undefined) out.page_size = positiveInteger(source.page_size, 'page_size');
  if (source.current_page !== undefined) out.current_page = positiveInteger(source.current_page, 'current_page');
  if (source.request_name !== undefined) {
    if (typeof source.request_name !== 'string' || !source.request_name) return fail('request_name must be a non-empty string, such as "quick_search_container".');
    out.request_name = source.request_name;
  }
  return out;
}

function filterGroups(groups: unknown): WireSearchCriteria['filter_groups'] {
  if (!Array.isArray(groups)) return fail('filter_groups must be an array of { filters: [...] }.');
  return groups.map((group: unknown, g) => {
    const filters = (group as { filters?: unknown } | null)?.filters;
    if (!Array.isArray(filters)) return fail(`filter_groups[${g}] must be { filters: [...] }.`);
    if (filters.length === 0) return fail(`filter_groups[${g}] is empty: a group needs at least one filter (the platform fails on an empty group).`);
    return { filters: filters.map((filter: unknown, f) => normalizeFilter(filter, `filter_groups[${g}].filters[${f}]`)) };
  });
}

function normalizeFilter(input: unknown, where: string): WireSearchCriteria['filter_groups'][number]['filters'][number] {
  if (!input || typeof input !== 'object') return fail(`${where} must be { field, value, condition_type }.`);
  const filter = input as Record<string, unknown>;
  const field = filter['field'];
  if (typeof field !== 'string' || field.trim() === '') return fail(`${where}.field must be a non-empty attribute code.`);
  const condition = filter['condition_type'] ?? filter['conditionType'] ?? 'eq';
  if (!isConditionType(condition)) {
    return fail(`${where} has unknown condition type ${JSON.stringify(condition)}; use one of ${CONDITION_TYPES.join(', ')}.`);
  }
  return { field, value: filterValue(filter['value'], condition, `${where} (${field} ${condition})`), condition_type: condition };
}

/** The value as the platform reads it: a string, lists comma-joined, dates in its UTC `Y-m-d H:i:s`. */
export function filterValue(value: unknown, condition: ConditionType, where: string): string {
  if (VALUELESS_CONDITIONS.has(condition)) {
    // Ignored by the platform, but the filter's `value` is a required member of its schema.
    return value === undefined || value === null ? '1' : scalar(value, where);
  }
  if (value === undefined || value === null) return fail(`${where} needs a value.`);
  if (LIST_CONDITIONS.has(condition) && Array.isArray(value)) {
    if (value.length === 0) return fail(`${where} needs at least one value in its list.`);
    return value
      .map((item: unknown) => {
        const text = scalar(item, where);
        // The platform splits the value on commas; an item containing one cannot be expressed.
        if (text.includes(',')) fail(`${where}: list item ${JSON.stringify(text)} contains a comma, which the platform would split.`);
        return text;
      })
      .join(',');
  }
  return scalar(value, where);
}

function scalar(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : fail(`${where}: ${value} is not a finite number.`);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) fail(`${where}: invalid Date.`);
    return value.toISOString().slice(0, 19).replace('T', ' ');
  }
  return fail(`${where}: a value must be a string, number, boolean or Date${Array.isArray(value) ? ' (lists only with in / nin)' : ''}, got ${Array.isArray(value) ? 'an array' : typeof value}.`);
}

function sortOrders(orders: unknown): NonNullable<WireSearchCriteria['sort_orders']> {
  if (!Array.isArray(orders)) return fail('sort_orders must be an array of { field, direction }.');
  return orders.map((order: unknown, i) => {
    const { field, direction = 'ASC' } = (order ?? {}) as { field?: unknown; direction?: unknown };
    if (typeof field !== 'string' || field.trim() === '') return fail(`sort_orders[${i}].field must be a non-empty attribute code.`);
    const upper = typeof direction === 'string' ? direction.toUpperCase() : direction;
    if (upper !== 'ASC' && upper !== 'DESC') return fail(`sort_orders[${i}].direction must be "ASC" or "DESC", got ${JSON.stringify(direction)}.`);
    return { field, direction: upper };
  });
}

export function positiveInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    return fail(`${name} must be a positive integer, got ${typeof value === "number" ? String(value) : JSON.stringify(value)}.`);
  }
  return value;
}
