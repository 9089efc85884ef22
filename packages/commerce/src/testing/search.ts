/**
 * The fake platform's reading of searchCriteria and fields: its own bracket-key parser (independent
 * of the client's serializer, so round-trip tests mean something), filtering, sorting, paging, and
 * partial responses. The fake core calls only `parseSearchCriteria`, `applySearch` and `applyFields`.
 *
 * Semantics follow the platform's SQL: filters in one group are ORed and groups ANDed; string
 * comparisons ignore case (MySQL's default collation); a missing (NULL) value matches only `null`;
 * NULLs sort first ascending; a page past the end answers the last page again
 * (magento/magento2#3787), which is why clients must stop on total_count.
 */
import { applyPartialResponse } from './partial-response.ts';

export interface ParsedSearchCriteria {
  filter_groups: { filters: { field: string; value: string; condition_type: string }[] }[];
  sort_orders: { field: string; direction: 'ASC' | 'DESC' }[];
  page_size?: number;
  current_page?: number;
}

/**
 * A searchCriteria the platform refuses; `template` / `parameters` are its error body's message and
 * parameters (positional for `%1`, named for `%fieldName`), `status` its HTTP status.
 */
export class SearchCriteriaError extends Error {
  readonly status = 400;
  constructor(
    readonly template: string,
    readonly parameters: Record<string, string> | string[] = [],
  ) {
    super(template.replace(/%(\w+)/g, (match, key: string) => (Array.isArray(parameters) ? parameters[Number(key) - 1] : parameters[key]) ?? match));
    this.name = 'SearchCriteriaError';
  }
}

const CONDITIONS = new Set(['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like', 'nlike', 'in', 'nin', 'finset', 'nfinset', 'from', 'to', 'moreq', 'null', 'notnull']);

/** The schema spells keys in camelCase, the docs in snake_case; the platform accepts both. */
const SNAKE: Record<string, string> = {
  filterGroups: 'filter_groups',
  sortOrders: 'sort_orders',
  pageSize: 'page_size',
  currentPage: 'current_page',
  conditionType: 'condition_type',
};

/** A PHP-style nested array built from bracket keys: insertion order kept, later duplicates win. */
type Tree = Map<string, Tree | string>;

/** Parses `searchCriteria[...]` keys (snake_case or camelCase) out of a URL's query. */
export function parseSearchCriteria(params: URLSearchParams): ParsedSearchCriteria {
  const tree = readTree(params, 'searchCriteria');
  const out: ParsedSearchCriteria = { filter_groups: [], sort_orders: [] };
  for (const group of children(tree.get('filter_groups'))) {
    const filters = children(sub(group, 'filters')).map(readFilter);
    if (filters.length > 0) out.filter_groups.push({ filters });
  }
  for (const order of children(tree.get('sort_orders'))) {
    const field = text(sub(order, 'field'));
    if (!field) throw new SearchCriteriaError('"%fieldName" is required. Enter and try again.', { fieldName: 'field' });
    const direction = (text(sub(order, 'direction')) ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw new SearchCriteriaError('Sort order "%1" is not supported.', [direction]);
    }
    out.sort_orders.push({ field, direction });
  }
  const size = text(tree.get('page_size'));
  const page = text(tree.get('current_page'));
  if (size !== undefined && size !== '') out.page_size = Math.trunc(Number(size)) || 0;
  if (page !== undefined && page !== '') out.current_page = Math.trunc(Number(page)) || 0;
  return out;
}

function readFilter(node: Tree | string): ParsedSearchCriteria['filter_groups'][number]['filters'][number] {
  const field = text(sub(node, 'field'));
  if (!field) throw new SearchCriteriaError('"%fieldName" is required. Enter and try again.', { fieldName: 'field' });
  const condition = text(sub(node, 'condition_type')) || 'eq';
  if (!CONDITIONS.has(condition)) throw new SearchCriteriaError('Invalid condition type "%1".', [condition]);
  return { field, value: text(sub(node, 'value')) ?? '', condition_type: condition };
}

/** Builds the nested tree under `root[...]`, reading each key's bracket segments. */
function readTree(params: URLSearchParams, root: string): Tree {
  const tree: Tree = new Map();
  for (const [key, value] of params) {
    if (!key.startsWith(`${root}[`)) continue;
    const segments = [...key.slice(root.length).matchAll(/\[([^\]]*)\]/g)].map((m) => SNAKE[m[1]!] ?? m[1]!);
    let node = tree;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) {
        node.set(segment, value);
        return;
      }
      let next = node.get(segment);
      if (!(next instanceof Map)) node.set(segment, (next = new Map()));
      node = next;
    });
  }
  return tree;
}

function children(node: Tree | string | undefined): (Tree | string)[] {
  return node instanceof Map ? [...node.values()] : [];
}
function sub(node: Tree | string, key: string): Tree | string | undefined {
  return node instanceof Map ? node.get(key) : undefined;
}
function text(node: Tree | string | undefined): string | undefined {
  return typeof node === 'string' ? node : undefined;
}

/** Applies criteria to records: the platform's search-results wrapper. */
export function applySearch<T extends Record<string, unknown>>(
  records: T[],
  criteria: ParsedSearchCriteria,
): { items: T[]; search_criteria: ParsedSearchCriteria; total_count: number } {
  const matching = records.filter((record) =>
    criteria.filter_groups.every((group) => group.filters.some((filter) => matches(valueOf(record, filter.field), filter.condition_type, filter.value))),
  );
  const sorted = sortRecords(matching, criteria.sort_orders);
  return { items: page(sorted, criteria.page_size, criteria.current_page), search_criteria: criteria, total_count: matching.length };
}

/** A record's value for an attribute code: a top-level field, else a custom attribute. */
export function valueOf(record: Record<string, unknown>, field: string): unknown {
  if (field in record) return record[field];
  const custom = record['custom_attributes'];
  if (Array.isArray(custom)) {
    const entry = custom.find((item: unknown) => (item as { attribute_code?: unknown } | null)?.attribute_code === field) as { value?: unknown } | undefined;
    return entry?.value;
  }
  return undefined;
}

/** A page past the end answers the last page again, as the platform's collections do. */
function page<T>(records: T[], size: number | undefined, current: number | undefined): T[] {
  if (!size || size <= 0) return records;
  const last = Math.max(1, Math.ceil(records.length / size));
  const index = Math.min(Math.max(current ?? 1, 1), last);
  return records.slice((index - 1) * size, index * size);
}

function sortRecords<T extends Record<string, unknown>>(records: T[], orders: ParsedSearchCriteria['sort_orders']): T[] {
  if (orders.length === 0) return records;
  return [...records].sort((a, b) => {
    for (const { field, direction } of orders) {
      const result = compareForSort(valueOf(a, field), valueOf(b, field));
      if (result !== 0) return direction === 'DESC' ? -result : result;
    }
    return 0;
  });
}

const isNull = (value: unknown): boolean => value === null || value === undefined;

function compareForSort(a: unknown, b: unknown): number {
  if (isNull(a) || isNull(b)) return isNull(a) && isNull(b) ? 0 : isNull(a) ? -1 : 1;
  return compare(a, b);
}

function scalarText(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  return String(value);
}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** Numbers compare as numbers, everything else as case-insensitive text. */
function compare(a: unknown, b: unknown): number {
  const left = scalarText(a);
  const right = scalarText(b);
  if (NUMERIC.test(left) && NUMERIC.test(right)) return Math.sign(Number(left) - Number(right));
  const l = left.toLowerCase();
  const r = right.toLowerCase();
  return l < r ? -1 : l > r ? 1 : 0;
}

/** SQL LIKE: `%` any run, `_` one character, `\` escapes; case-insensitive. */
function like(value: unknown, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]!);
    else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 'i').test(scalarText(value));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function inSet(value: unknown, list: string): boolean {
  return list.split(',').some((item) => compare(value, item) === 0);
}

/** FIND_IN_SET(needle, column): the column holds a comma-separated list. */
function findInSet(column: unknown, needle: string): boolean {
  return scalarText(column)
    .split(',')
    .some((item) => item.toLowerCase() === needle.toLowerCase());
}

export function matches(value: unknown, condition: string, filterValue: string): boolean {
  if (condition === 'null') return isNull(value);
  if (condition === 'notnull') return !isNull(value);
  // SQL: any comparison with NULL is unknown, so no other condition matches a missing value.
  if (isNull(value)) return false;
  switch (condition) {
    case 'eq': return compare(value, filterValue) === 0;
    case 'neq': return compare(value, filterValue) !== 0;
    case 'gt': return compare(value, filterValue) > 0;
    case 'gteq': case 'moreq': case 'from': return compare(value, filterValue) >= 0;
    case 'lt': return compare(value, filterValue) < 0;
    case 'lteq': case 'to': return compare(value, filterValue) <= 0;
    case 'like': return like(value, filterValue);
    case 'nlike': return !like(value, filterValue);
    case 'in': return inSet(value, filterValue);
    case 'nin': return !inSet(value, filterValue);
    case 'finset': return findInSet(value, filterValue);
    case 'nfinset': return !findInSet(value, filterValue);
    default: throw new SearchCriteriaError('Invalid condition type "%1".', [condition]);
  }
}

/** Applies a `fields` selector string to a response body; null (or empty) means no selection. */
export function applyFields(body: unknown, fields: string | null): unknown {
  return applyPartialResponse(body, fields);
}
