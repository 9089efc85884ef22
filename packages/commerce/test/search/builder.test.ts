/**
 * searchCriteria on the client side: the builder, the checks made before any request, the bracket
 * keys on the wire (encoded once), and a property test against the fake's independent parser.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../../src/client.ts';
import { buildQuery } from '../../src/query/query.ts';
import { CONDITION_TYPES, searchCriteria, toRawSearchCriteria, where, type ConditionType, type RawSearchCriteria } from '../../src/search/index.ts';
import { parseSearchCriteria } from '../../src/testing/search.ts';
import { BASE, installSearchPlatform, product, thrown } from '../search-harness.ts';

describe('builder', () => {
  it('ORs inside a group, ANDs across groups, and carries sort and paging', () => {
    const criteria = where('price', 'gt', 10).or('special_price', 'gt', 10).and('status', 'eq', 1).sortBy('price', 'DESC').sortBy('sku').pageSize(50).page(2);
    expect(criteria.toSearchCriteria()).toEqual({
      filter_groups: [
        { filters: [{ field: 'price', condition_type: 'gt', value: '10' }, { field: 'special_price', condition_type: 'gt', value: '10' }] },
        { filters: [{ field: 'status', condition_type: 'eq', value: '1' }] },
      ],
      sort_orders: [{ field: 'price', direction: 'DESC' }, { field: 'sku', direction: 'ASC' }],
      page_size: 50,
      current_page: 2,
    });
  });

  it('is immutable: extending a base query leaves it as it was', () => {
    const base = where('status', 'eq', 1);
    const narrower = base.where('price', 'lt', 5);
    expect(base.toSearchCriteria().filter_groups).toHaveLength(1);
    expect(narrower.toSearchCriteria().filter_groups).toHaveLength(2);
  });

  it('joins in / nin lists with commas, sends booleans and dates the platform way, fills null / notnull', () => {
    const criteria = searchCriteria()
      .where('sku', 'in', ['a', 'b', 3])
      .where('sku', 'nin', 'x,y')
      .where('is_active', 'eq', true)
      .where('created_at', 'from', new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))
      .where('special_price', 'null')
      .where('name', 'notnull')
      .toSearchCriteria();
    expect(criteria.filter_groups.map((g) => g.filters[0]!.value)).toEqual(['a,b,3', 'x,y', '1', '2024-01-02 03:04:05', '1', '1']);
  });

  it('between() puts from and to in two groups, so they are ANDed', () => {
    expect(searchCriteria().between('price', 10, 20).toSearchCriteria().filter_groups).toEqual([
      { filters: [{ field: 'price', condition_type: 'from', value: '10' }] },
      { filters: [{ field: 'price', condition_type: 'to', value: '20' }] },
    ]);
  });

  it.each<[string, () => unknown, string]>([
    ['unknown condition type', () => where('price', 'greater' as ConditionType, 1 as never), 'unknown condition type "greater"'],
    ['or() without a group', () => searchCriteria().or('price', 'gt', 1), '.or() needs a filter to OR with'],
    ['empty field', () => where('', 'eq', 1), 'a filter needs a field name'],
    ['zero page size', () => searchCriteria().pageSize(0), 'page_size must be a positive integer, got 0'],
    ['negative page size', () => searchCriteria().pageSize(-5), 'page_size must be a positive integer, got -5'],
    ['fractional page size', () => searchCriteria().pageSize(2.5), 'page_size must be a positive integer, got 2.5'],
    ['page 0', () => searchCriteria().page(0), 'current_page must be a positive integer'],
    ['empty in list', () => where('sku', 'in', []), 'needs at least one value in its list'],
    ['comma inside an in item', () => where('sku', 'in', ['a,b']), 'contains a comma'],
    ['missing value', () => where('sku', 'eq', undefined as never), 'needs a value'],
    ['list for eq', () => where('sku', 'eq', ['a'] as never), 'lists only with in / nin'],
    ['bad direction', () => searchCriteria().sortBy('sku', 'UP' as never), 'must be "ASC" or "DESC"'],
  ])('refuses %s', (_, run, message) => {
    const error = thrown(run);
    expect(error.kind).toBe('input');
    expect(error.message).toContain(message);
  });
});

describe('raw searchCriteria', () => {
  it('accepts snake_case and camelCase and normalizes both to snake_case', () => {
    const snake = toRawSearchCriteria({ filter_groups: [{ filters: [{ field: 'sku', value: 'a%', condition_type: 'like' }] }], sort_orders: [{ field: 'sku', direction: 'desc' as never }], page_size: 5, current_page: 1 });
    const camel = toRawSearchCriteria({ filterGroups: [{ filters: [{ field: 'sku', value: 'a%', conditionType: 'like' }] }], sortOrders: [{ field: 'sku', direction: 'DESC' }], pageSize: 5, currentPage: 1 });
    expect(camel).toEqual(snake);
    expect(snake.sort_orders).toEqual([{ field: 'sku', direction: 'DESC' }]);
  });

  it('defaults the condition to eq', () => {
    expect(toRawSearchCriteria({ filter_groups: [{ filters: [{ field: 'sku', value: 'x' }] }] }).filter_groups[0]!.filters[0]!.condition_type).toBe('eq');
  });

  it.each<[string, unknown, string]>([
    ['an empty filter group', { filter_groups: [{ filters: [] }] }, 'filter_groups[0] is empty'],
    ['a group without filters', { filter_groups: [{}] }, 'filter_groups[0] must be { filters: [...] }'],
    ['an unknown condition type', { filter_groups: [{ filters: [{ field: 'a', value: 1, condition_type: 'between' }] }] }, 'unknown condition type "between"'],
    ['a zero page size', { page_size: 0 }, 'page_size must be a positive integer'],
    ['a string page size', { pageSize: '10' }, 'page_size must be a positive integer, got "10"'],
    ['an unknown key', { filters: [] }, 'unknown key "filters"'],
    ['a non-object', 'price>10', 'must be an object'],
    ['an array', [], 'must be an object'],
  ])('refuses %s', (_, value, message) => {
    const error = thrown(() => toRawSearchCriteria(value));
    expect(error.kind).toBe('input');
    expect(error.message).toContain(message);
  });
});

describe('on the wire', () => {
  it('writes bracket keys encoded exactly once', () => {
    const query = buildQuery({ searchCriteria: toRawSearchCriteria(where('name', 'like', '%50% off & more').pageSize(10)) });
    expect(query).toBe(
      '?searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bfield%5D=name' +
        '&searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=%2550%25+off+%26+more' +
        '&searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bcondition_type%5D=like' +
        '&searchCriteria%5Bpage_size%5D=10',
    );
    expect(query).not.toMatch(/%25(5B|5D|25)/);
  });

  it('refuses bad criteria before any request and searches with good ones', async () => {
    const store = installSearchPlatform({ products: [product(1), product(2), product(3)] });
    const commerce = createCommerceClient({ baseUrl: BASE });
    const error = await commerce.products.list({ searchCriteria: { filter_groups: [{ filters: [] }] } }).catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('input');
    expect(store.requests).toHaveLength(0);
    const found = await commerce.products.list({ searchCriteria: where('price', 'gteq', 10).sortBy('price', 'DESC') });
    expect(found.items!.map((p) => p.sku)).toEqual(['SKU-003', 'SKU-002']);
    expect(found.total_count).toBe(2);
  });
});

// -------------------------------------------------------------------------------------------------
// Property: whatever the client sends, the fake's own parser reads back the same structure.

const text = fc.string({ unit: fc.oneof(fc.constantFrom('%', '&', '=', '+', '[', ']', ' ', '#', '?', 'ä', '/', '\\'), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })), maxLength: 12 });
const listItem = fc.oneof(fc.string({ maxLength: 8 }).filter((s) => !s.includes(',')), fc.integer());
const fieldName = fc.stringMatching(/^[a-z_][a-z0-9_]{0,12}$/);
const scalarValue = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
const listValue = fc.array(listItem, { minLength: 1, maxLength: 4 });
// One arbitrary per condition type, built once (chain() would rebuild them for every sample).
const filter = fc.oneof(
  ...CONDITION_TYPES.map((condition) =>
    fc.record({
      field: fieldName,
      condition_type: fc.constant(condition),
      value: condition === 'in' || condition === 'nin' ? listValue : condition === 'null' || condition === 'notnull' ? fc.constant(undefined) : scalarValue,
    }),
  ),
);
const rawCriteria: fc.Arbitrary<RawSearchCriteria> = fc.record(
  {
    filter_groups: fc.array(fc.record({ filters: fc.array(filter, { minLength: 1, maxLength: 3 }) }), { maxLength: 4 }),
    sort_orders: fc.array(fc.record({ field: fc.stringMatching(/^[a-z_]{1,10}$/), direction: fc.constantFrom('ASC' as const, 'DESC' as const) }), { maxLength: 3 }),
    page_size: fc.integer({ min: 1, max: 300 }),
    current_page: fc.integer({ min: 1, max: 1000 }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<RawSearchCriteria>;

/** What the platform should read: every value a string, lists comma-joined, null/notnull valued. */
function expectedReading(criteria: RawSearchCriteria) {
  const stringify = (value: unknown): string =>
    Array.isArray(value) ? value.map(String).join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : value === undefined ? '1' : String(value);
  return {
    filter_groups: (criteria.filter_groups ?? []).map((g) => ({ filters: g.filters.map((f) => ({ field: f.field, value: stringify(f.value), condition_type: f.condition_type ?? 'eq' })) })),
    sort_orders: criteria.sort_orders ?? [],
    ...(criteria.page_size === undefined ? {} : { page_size: criteria.page_size }),
    ...(criteria.current_page === undefined ? {} : { current_page: criteria.current_page }),
  };
}

/** The same query spelled as the schema does (camelCase keys). */
function toCamelKeys(query: string): URLSearchParams {
  const camel = { filter_groups: 'filterGroups', sort_orders: 'sortOrders', page_size: 'pageSize', current_page: 'currentPage', condition_type: 'conditionType' };
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) params.append(key.replace(/\[(\w+)\]/g, (m, k: string) => (k in camel ? `[${camel[k as keyof typeof camel]}]` : m)), value);
  return params;
}

describe('client ↔ fake (property)', () => {
  it('the fake decodes exactly what the client encoded, snake_case and camelCase', () => {
    fc.assert(
      fc.property(rawCriteria, (criteria) => {
        const query = buildQuery({ searchCriteria: toRawSearchCriteria(criteria) }).slice(1);
        const expected = expectedReading(criteria);
        expect(parseSearchCriteria(new URLSearchParams(query))).toEqual(expected);
        expect(parseSearchCriteria(toCamelKeys(query))).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('the builder and the raw structure send the same query', () => {
    fc.assert(
      fc.property(rawCriteria, (criteria) => {
        let builder = searchCriteria();
        for (const group of criteria.filter_groups ?? []) {
          group.filters.forEach((f, i) => {
            // The raw arbitrary pairs each condition with a value of the right kind; the builder's
            // per-condition value types cannot see that through a union, hence the cast.
            const add = (i === 0 ? builder.where : builder.or).bind(builder) as (field: string, condition: string, value: unknown) => typeof builder;
            builder = add(f.field, f.condition_type!, f.value);
          });
        }
        for (const order of criteria.sort_orders ?? []) builder = builder.sortBy(order.field, order.direction);
        if (criteria.page_size !== undefined) builder = builder.pageSize(criteria.page_size);
        if (criteria.current_page !== undefined) builder = builder.page(criteria.current_page);
        expect(buildQuery({ searchCriteria: toRawSearchCriteria(builder) })).toBe(buildQuery({ searchCriteria: toRawSearchCriteria(criteria) }));
      }),
      { numRuns: 1000 },
    );
  });
});
