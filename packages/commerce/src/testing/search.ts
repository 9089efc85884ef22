/**
 * The fake platform's reading of searchCriteria and fields: its own bracket-key parser (independent
 * of the client's serializer, so round-trip tests mean something), filtering, sorting, paging, and
 * partial responses.
 *
 * Semantics follow the platform's SQL: filters in one group are ORed and groups ANDed; string
 * comparisons ignore case (MySQL's default collation); a missing (NULL) value matches only `null`;
 * NULLs sort first ascending; sort orders apply in the order given; a page past the end is empty
 * (2.4) or the last page again (2.3, `pastLastPage: 'repeat'`). A route's table can rename columns
 * and drop sorts (EAV: search-tables.ts), and a live store shuffles ties (`random`).
 */
import { renderPhrase } from '../platform/phrase.ts';
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
    super(renderPhrase(template, parameters));
    this.name = 'SearchCriteriaError';
  }
}

const SORT_FIELD = /^[a-z0-9_]+$/i;

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
    // SortOrder::validateField: a sort names a bare column, so `main_table.x` (or anything SQL) is refused.
    if (!SORT_FIELD.test(field)) throw new SearchCriteriaError('Sort order field %1 contains restricted symbols', [field]);
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

/** What one route's table does beyond the common semantics (see search-tables.ts). */
export interface SearchTable {
  /** Filter and sort names read from another property of the answer: EAV routes filter on `entity_id` and answer `id`. */
  columns?: Readonly<Record<string, string>>;
  /** Sort fields the collection drops without an error: an EAV collection sorts only on attributes, and `id` is none (magento/magento2#39031). */
  ignoredSorts?: ReadonlySet<string>;
}

/**
 * A page past the last one: `'empty'` is 2.4 (no items, total_count kept: the clamp moved into a
 * Magento_Theme plugin that webapi_rest disables), `'repeat'` is 2.3 (the collection clamped
 * current_page, so the last page came again: magento/magento2#3787, #8099, #26986).
 */
export type PastLastPage = 'empty' | 'repeat';

export interface SearchRules extends SearchTable {
  /** Default `'empty'` (2.4). */
  pastLastPage?: PastLastPage | undefined;
  /**
   * A [0, 1) source: rows tied on every sort key (every row, without a sort) come back in a fresh
   * order drawn from it, as MySQL may return them without a unique ORDER BY. Absent: storage order.
   */
  random?: (() => number) | undefined;
}

export interface SearchResult<T> {
  items: T[];
  search_criteria: ParsedSearchCriteria;
  total_count: number;
}

export interface SearchRun<T> {
  result: SearchResult<T>;
  /** Rows the database reads for this page: the COUNT over the filtered set, the rows OFFSET skips, the rows returned. */
  scanned: number;
}

/** The current request's searchCriteria applied to records under the fake's rules (handlers get one in their context). */
export type Searcher = <T extends Record<string, unknown>>(records: T[], table?: SearchTable) => SearchResult<T>;

/** Applies criteria to records: the platform's search-results wrapper. */
export function applySearch<T extends Record<string, unknown>>(records: T[], criteria: ParsedSearchCriteria, rules: SearchRules = {}): SearchResult<T> {
  return runSearch(records, criteria, rules).result;
}

/** applySearch, with the rows the page made the database read. */
export function runSearch<T extends Record<string, unknown>>(records: T[], criteria: ParsedSearchCriteria, rules: SearchRules = {}): SearchRun<T> {
  const column = (field: string): string => rules.columns?.[field] ?? field;
  const groups = criteria.filter_groups.map((group) => group.filters.map((filter) => compileFilter(column(filter.field), filter.condition_type, filter.value)));
  const matching = groups.length === 0 ? records : records.filter(allGroups(groups));
  const orders = criteria.sort_orders.filter((order) => !rules.ignoredSorts?.has(order.field)).map((order) => ({ field: column(order.field), direction: order.direction }));
  const { offset, limit } = window(matching.length, criteria.page_size, criteria.current_page, rules.pastLastPage ?? 'empty');
  // Only the rows up to the page's end need ordering: a keyset page picks its 300 out of 20,000 without sorting them all.
  const items = firstInOrder(matching, orders, limit, rules.random).slice(offset);
  const skipped = Math.min(offset, matching.length);
  return { result: { items, search_criteria: echoOf(criteria), total_count: matching.length }, scanned: matching.length + skipped + items.length };
}

/** The criteria as the answer echoes them: `sort_orders` only when the request sorted (its getter is nullable). */
function echoOf(criteria: ParsedSearchCriteria): ParsedSearchCriteria {
  const { sort_orders: sortOrders, ...rest } = criteria;
  return (sortOrders.length > 0 ? criteria : rest) as ParsedSearchCriteria;
}

/** Groups ANDed, the filters in each ORed. */
function allGroups(groups: ((record: Record<string, unknown>) => boolean)[][]): (record: Record<string, unknown>) => boolean {
  return (record) => {
    for (const group of groups) {
      let any = false;
      for (const test of group) {
        if (test(record)) {
          any = true;
          break;
        }
      }
      if (!any) return false;
    }
    return true;
  };
}

/** A record's value for an attribute code: a top-level field, else a custom attribute. */
function valueOf(record: Record<string, unknown>, field: string): unknown {
  if (field in record) return record[field];
  const custom = record['custom_attributes'];
  if (Array.isArray(custom)) {
    const entry = custom.find((item: unknown) => (item as { attribute_code?: unknown } | null)?.attribute_code === field) as { value?: unknown } | undefined;
    return entry?.value;
  }
  return undefined;
}

/**
 * LIMIT size OFFSET (page - 1) * size as row positions; page below 1 reads as 1; no page size (or 0)
 * is every row (magento/magento2#16536); 2.3 clamped the page to the last one.
 */
function window(count: number, size: number | undefined, current: number | undefined, pastLastPage: PastLastPage): { offset: number; limit: number } {
  if (!size || size <= 0) return { offset: 0, limit: count };
  let index = Math.max(current ?? 1, 1);
  if (pastLastPage === 'repeat') index = Math.min(index, Math.max(1, Math.ceil(count / size)));
  const offset = (index - 1) * size;
  return { offset, limit: offset + size };
}

/** A value as a filter compares it: NULL, a number (when it reads as one), and case-folded text. */
interface SortKey {
  isNull: boolean;
  number: number | undefined;
  text: string;
}

function sortKey(value: unknown): SortKey {
  if (isNull(value)) return NULL_KEY;
  if (typeof value === 'number') return { isNull: false, number: value, text: String(value) };
  const text = scalarText(value);
  return { isNull: false, number: NUMERIC.test(text) ? Number(text) : undefined, text: text.toLowerCase() };
}

const NULL_KEY: SortKey = { isNull: true, number: undefined, text: '' };

/** A sort value: NULL, or a number or case-folded text (one or the other for a whole column). */
type Cell = number | string | null;

/** A column's values as the sort compares them: numbers when every value is one (a numeric column), else case-folded text. */
function columnCells(values: unknown[]): Cell[] {
  const numeric = values.every((value) => isNull(value) || typeof value === 'number' || NUMERIC.test(scalarText(value)));
  return values.map((value) => (isNull(value) ? null : numeric ? Number(typeof value === 'number' ? value : scalarText(value)) : scalarText(value).toLowerCase()));
}

/** NULLs first ascending (MySQL). */
function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The first `limit` rows in the order the sort orders give, in turn; rows equal on all of them in
 * storage order, or in a fresh random order when `random` is given.
 */
function firstInOrder<T extends Record<string, unknown>>(records: T[], orders: ParsedSearchCriteria['sort_orders'], limit: number, random: (() => number) | undefined): T[] {
  if (orders.length === 0 && !random) return records.slice(0, limit);
  const columns = orders.map((order) => columnCells(records.map((record) => valueOf(record, order.field))));
  const signs = orders.map((order) => (order.direction === 'DESC' ? -1 : 1));
  // Among rows equal on every key: storage order, or a fresh random draw (MySQL may return ties in any order).
  let ties: Float64Array | undefined;
  if (random) {
    ties = new Float64Array(records.length);
    for (let i = 0; i < ties.length; i += 1) ties[i] = random();
  }
  const compare = (a: number, b: number): number => {
    for (let i = 0; i < signs.length; i += 1) {
      const result = compareCells(columns[i]![a]!, columns[i]![b]!);
      if (result !== 0) return result * signs[i]!;
    }
    return ties ? ties[a]! - ties[b]! : a - b;
  };
  const rows: number[] = new Array<number>(records.length);
  for (let i = 0; i < rows.length; i += 1) rows[i] = i;
  // A page near the front of a large set: keep the best `limit` in a heap instead of sorting them all.
  const chosen = limit * 4 < rows.length ? smallest(rows, limit, compare) : rows.sort(compare);
  return chosen.slice(0, limit).map((index) => records[index]!);
}

/** The k smallest items, sorted, through a max-heap of k: O(n log k), for a page near the front of a large set. */
function smallest<T>(items: T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  const heap: T[] = [];
  const swap = (i: number, j: number): void => {
    [heap[i], heap[j]] = [heap[j]!, heap[i]!];
  };
  const up = (start: number): void => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compare(heap[i]!, heap[parent]!) <= 0) return;
      swap(i, parent);
      i = parent;
    }
  };
  const down = (): void => {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && compare(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && compare(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === i) return;
      swap(i, largest);
      i = largest;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down();
    }
  }
  return heap.sort(compare);
}

const isNull = (value: unknown): boolean => value === null || value === undefined;

/** NULL below everything; numbers as numbers when both are; else text. */
function compareKeys(a: SortKey, b: SortKey): number {
  if (a.isNull || b.isNull) return a.isNull && b.isNull ? 0 : a.isNull ? -1 : 1;
  if (a.number !== undefined && b.number !== undefined) return Math.sign(a.number - b.number);
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

function scalarText(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  return String(value);
}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** Numbers compare as numbers, everything else as case-insensitive text. */
function compare(a: unknown, b: unknown): number {
  return compareKeys(sortKey(a), sortKey(b));
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

/** One filter as a test on records. */
function compileFilter(field: string, condition: string, filterValue: string): (record: Record<string, unknown>) => boolean {
  const test = compileCondition(condition, filterValue);
  return (record) => test(valueOf(record, field));
}

export function matches(value: unknown, condition: string, filterValue: string): boolean {
  return compileCondition(condition, filterValue)(value);
}

/** A condition with its value read once: a keyset filter runs it on every row of every request. */
function compileCondition(condition: string, filterValue: string): (value: unknown) => boolean {
  if (condition === 'null') return isNull;
  if (condition === 'notnull') return (value) => !isNull(value);
  // SQL: any comparison with NULL is unknown, so no other condition matches a missing value.
  const against = sortKey(filterValue);
  // Numbers against a numeric filter (entity_id gt 4200) skip building a key: a keyset filter runs on every row.
  const order = (value: unknown): number =>
    typeof value === 'number' && against.number !== undefined ? Math.sign(value - against.number) : compareKeys(sortKey(value), against);
  const test = ((): ((value: unknown) => boolean) => {
    switch (condition) {
      case 'eq': return (value) => order(value) === 0;
      case 'neq': return (value) => order(value) !== 0;
      case 'gt': return (value) => order(value) > 0;
      case 'gteq': case 'moreq': case 'from': return (value) => order(value) >= 0;
      case 'lt': return (value) => order(value) < 0;
      case 'lteq': case 'to': return (value) => order(value) <= 0;
      case 'like': return (value) => like(value, filterValue);
      case 'nlike': return (value) => !like(value, filterValue);
      case 'in': return (value) => inSet(value, filterValue);
      case 'nin': return (value) => !inSet(value, filterValue);
      case 'finset': return (value) => findInSet(value, filterValue);
      case 'nfinset': return (value) => !findInSet(value, filterValue);
      default: throw new SearchCriteriaError('Invalid condition type "%1".', [condition]);
    }
  })();
  return (value) => !isNull(value) && test(value);
}

/** Applies a `fields` selector string to a response body; null (or empty) means no selection. */
export function applyFields(body: unknown, fields: string | null): unknown {
  return applyPartialResponse(body, fields);
}
