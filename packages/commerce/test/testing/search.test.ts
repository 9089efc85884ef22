/**
 * The fake platform's searchCriteria: its own bracket-key parser and the platform's semantics for
 * every condition type, group logic, sorting and paging (a page past the end is empty on 2.4, the last
 * page again on 2.3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySearch, matches, parseSearchCriteria, SearchCriteriaError, type ParsedSearchCriteria } from '../../src/testing/search.ts';
import { product } from '../search-harness.ts';

const records = [
  { id: 1, sku: 'MB-01', name: 'Joust Duffle Bag', price: 34, color: 'red', category_ids: '3,4,15', special_price: null },
  { id: 2, sku: 'mb-02', name: 'Strive Shoulder Pack', price: 32, color: 'blue', category_ids: '4', special_price: 30 },
  { id: 3, sku: 'MB-03', name: 'Crown Summit Backpack', price: 38, color: 'red', category_ids: '5,15' },
  { id: 4, sku: 'WB-04', name: '100% Cotton Tee', price: 9.5, color: 'green', category_ids: '' },
];

const search = (filters: ParsedSearchCriteria['filter_groups'], extra: Partial<ParsedSearchCriteria> = {}) =>
  applySearch(records, { filter_groups: filters, sort_orders: [], ...extra }).items.map((r) => r.id);
const one = (field: string, condition_type: string, value: string) => search([{ filters: [{ field, condition_type, value }] }]);

describe('condition types', () => {
  it.each<[string, string, string, number[]]>([
    ['sku', 'eq', 'mb-01', [1]], // MySQL's default collation ignores case
    ['price', 'eq', '34.0', [1]],
    ['sku', 'neq', 'MB-01', [2, 3, 4]],
    ['price', 'gt', '32', [1, 3]],
    ['price', 'gteq', '32', [1, 2, 3]],
    ['price', 'lt', '32', [4]],
    ['price', 'lteq', '32', [2, 4]],
    ['price', 'moreq', '34', [1, 3]],
    ['price', 'from', '34', [1, 3]],
    ['price', 'to', '32', [2, 4]],
    ['price', 'gt', '9', [1, 2, 3, 4]], // numbers compare as numbers, not text ("9.5" > "32" as text)
    ['name', 'like', '%back%', [3]],
    ['name', 'like', '100\\%%', [4]],
    ['sku', 'like', 'mb-0_', [1, 2, 3]],
    ['name', 'nlike', '%Bag', [2, 3, 4]],
    ['sku', 'in', 'MB-01,WB-04', [1, 4]],
    ['sku', 'nin', 'MB-01,WB-04', [2, 3]],
    ['category_ids', 'finset', '15', [1, 3]],
    ['category_ids', 'finset', '1', []],
    ['category_ids', 'nfinset', '4', [3, 4]],
    ['special_price', 'null', '1', [1, 3, 4]],
    ['special_price', 'notnull', '1', [2]],
    ['special_price', 'neq', '30', []], // NULL never matches a comparison
  ])('%s %s %j', (field, condition, value, expected) => {
    expect(one(field, condition, value)).toEqual(expected);
  });

  it('reads custom attributes by attribute code, finset on list values', () => {
    const products = [product(1), product(2), product(3)];
    expect(applySearch(products, { filter_groups: [{ filters: [{ field: 'color', condition_type: 'eq', value: 'red' }] }], sort_orders: [] }).items.map((p) => p['id'])).toEqual([3]);
    expect(applySearch(products, { filter_groups: [{ filters: [{ field: 'category_ids', condition_type: 'finset', value: '3' }] }], sort_orders: [] }).items.map((p) => p['id'])).toEqual([2, 3]);
  });

  it('refuses an unknown condition type the way the platform refuses input', () => {
    expect(() => matches(1, 'between', '1')).toThrow(SearchCriteriaError);
  });
});

describe('groups, sorting, paging', () => {
  it('ORs filters in a group and ANDs groups', () => {
    const red = { field: 'color', condition_type: 'eq', value: 'red' };
    const blue = { field: 'color', condition_type: 'eq', value: 'blue' };
    const cheap = { field: 'price', condition_type: 'lt', value: '35' };
    expect(search([{ filters: [red, blue] }])).toEqual([1, 2, 3]);
    expect(search([{ filters: [red, blue] }, { filters: [cheap] }])).toEqual([1, 2]);
  });

  it('sorts by several orders, numbers as numbers, NULLs first ascending', () => {
    expect(search([], { sort_orders: [{ field: 'color', direction: 'ASC' }, { field: 'price', direction: 'DESC' }] })).toEqual([2, 4, 3, 1]);
    expect(search([], { sort_orders: [{ field: 'price', direction: 'ASC' }] })).toEqual([4, 2, 1, 3]);
    expect(search([], { sort_orders: [{ field: 'special_price', direction: 'ASC' }, { field: 'id', direction: 'ASC' }] })).toEqual([1, 3, 4, 2]);
  });

  it('pages; past the end 2.4 answers no items and 2.3 the last page again, total_count unchanged', () => {
    const page = (current_page: number, pastLastPage?: 'empty' | 'repeat') => applySearch(records, { filter_groups: [], sort_orders: [], page_size: 3, current_page }, { pastLastPage });
    expect(page(1).items.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(page(2).items.map((r) => r.id)).toEqual([4]);
    expect(page(3).items).toEqual([]);
    expect(page(99)).toMatchObject({ items: [], total_count: 4 });
    expect(page(3, 'repeat').items.map((r) => r.id)).toEqual([4]);
    expect(page(99, 'repeat')).toMatchObject({ items: [{ id: 4 }], total_count: 4 });
    // A page number below 1 reads as 1, on both.
    expect(page(0).items.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe('pages of a sorted search (property)', () => {
  it('every page is its slice of the whole result, ties in storage order, whether the page is picked from a heap or a full sort', () => {
    const row = fc.record({ a: fc.integer({ min: 0, max: 5 }), b: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 120 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 15 }), fc.constantFrom<'ASC' | 'DESC'>('ASC', 'DESC'), (rows, size, current, direction) => {
        const records = rows.map((r, id) => ({ id, ...r }));
        const sort_orders = [{ field: 'a', direction }, { field: 'b', direction: 'ASC' as const }];
        const nullsFirst = (x: number | null, y: number | null) => (x === y ? 0 : x === null ? -1 : y === null ? 1 : x - y);
        const expected = [...records].sort((x, y) => (direction === 'ASC' ? 1 : -1) * (x.a - y.a) || nullsFirst(x.b, y.b)).map((r) => r.id);
        const page = applySearch(records, { filter_groups: [], sort_orders, page_size: size, current_page: current }).items.map((r) => r.id);
        expect(page).toEqual(expected.slice((current - 1) * size, current * size));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseSearchCriteria', () => {
  it('reads snake_case and camelCase bracket keys, defaulting the condition to eq', () => {
    const snake = new URLSearchParams(
      'searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=a%2Cb&searchCriteria[filter_groups][0][filters][0][condition_type]=in' +
        '&searchCriteria[filter_groups][1][filters][0][field]=price&searchCriteria[filter_groups][1][filters][0][value]=5' +
        '&searchCriteria[sort_orders][0][field]=price&searchCriteria[sort_orders][0][direction]=desc&searchCriteria[page_size]=20&searchCriteria[current_page]=2',
    );
    const camel = new URLSearchParams(
      'searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=a%2Cb&searchCriteria[filterGroups][0][filters][0][conditionType]=in' +
        '&searchCriteria[filterGroups][1][filters][0][field]=price&searchCriteria[filterGroups][1][filters][0][value]=5' +
        '&searchCriteria[sortOrders][0][field]=price&searchCriteria[sortOrders][0][direction]=DESC&searchCriteria[pageSize]=20&searchCriteria[currentPage]=2',
    );
    const expected = {
      filter_groups: [{ filters: [{ field: 'sku', value: 'a,b', condition_type: 'in' }] }, { filters: [{ field: 'price', value: '5', condition_type: 'eq' }] }],
      sort_orders: [{ field: 'price', direction: 'DESC' }],
      page_size: 20,
      current_page: 2,
    };
    expect(parseSearchCriteria(snake)).toEqual(expected);
    expect(parseSearchCriteria(camel)).toEqual(expected);
  });

  it('ignores other parameters and answers an empty criteria without searchCriteria', () => {
    expect(parseSearchCriteria(new URLSearchParams('fields=items[sku]'))).toEqual({ filter_groups: [], sort_orders: [] });
  });

  it('refuses an unknown condition type and a filter without a field', () => {
    expect(() => parseSearchCriteria(new URLSearchParams('searchCriteria[filter_groups][0][filters][0][field]=a&searchCriteria[filter_groups][0][filters][0][condition_type]=bogus'))).toThrow(
      'Invalid condition type "bogus".',
    );
    expect(() => parseSearchCriteria(new URLSearchParams('searchCriteria[filter_groups][0][filters][0][value]=1'))).toThrow('"field" is required.');
  });
});
