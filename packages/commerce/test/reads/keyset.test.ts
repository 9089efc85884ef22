/**
 * Keyset order: "after this position" written as searchCriteria (CNF) selects exactly the records that
 * follow it in the sort, NULLs first ascending, for any mix of directions, ties and NULLs; checked
 * against the fake platform's own filter semantics and an independent lexicographic comparison.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterPosition, keysetOrder, keyWindow, positionOf, walkKeyOf, type SortKey } from '../../src/reads/keyset.ts';
import { matches } from '../../src/testing/search.ts';

type Row = Record<string, number | string | null>;

/** The fake's reading of ANDed groups of ORed filters. */
const selects = (groups: ReturnType<typeof afterPosition>, row: Row) => groups.every((g) => g.filters.some((f) => matches(row[f.field], f.condition_type, f.value)));

/** SQL order: NULL first ascending (last descending), numbers by value. */
function compare(order: readonly SortKey[], a: Row, b: Row): number {
  for (const { field, direction } of order) {
    const x = a[field] ?? null;
    const y = b[field] ?? null;
    const c = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    if (c !== 0) return direction === 'ASC' ? c : -c;
  }
  return 0;
}

describe('afterPosition', () => {
  it('selects exactly the records after the position, for any sort of tied and missing values', () => {
    const value = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 30 }),
        fc.shuffledSubarray(['a', 'b'] as const),
        fc.array(fc.constantFrom('ASC' as const, 'DESC' as const), { minLength: 2, maxLength: 2 }),
        (values, fields, directions) => {
          const rows: Row[] = values.map(([a, b], i) => ({ entity_id: i + 1, a, b }));
          const order = keysetOrder(
            fields.map((field, i) => ({ field, direction: directions[i]! })),
            { field: 'entity_id', item: 'entity_id' },
          );
          for (const at of rows) {
            const groups = afterPosition(order, positionOf(order, at, 'test'));
            const expected = rows.filter((row) => compare(order, row, at) > 0).map((r) => r['entity_id']);
            expect(rows.filter((row) => selects(groups, row)).map((r) => r['entity_id'])).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes NULL positions as null / notnull filters, with the value the platform requires of every filter', () => {
    const order = keysetOrder([{ field: 'color', direction: 'ASC' }], { field: 'entity_id', item: 'entity_id' });
    expect(afterPosition(order, [null, 7])).toEqual([{ filters: [{ field: 'color', condition_type: 'notnull', value: '1' }, { field: 'entity_id', condition_type: 'gt', value: '7' }] }]);
  });

  it('writes the two-key case as the platform documents it: (t >= v) AND (t > v OR key > k)', () => {
    const order = keysetOrder([{ field: 'updated_at', direction: 'ASC' }], { field: 'entity_id', item: 'entity_id' });
    expect(afterPosition(order, ['2024-01-01 00:00:00', 7])).toEqual([
      { filters: [{ field: 'updated_at', condition_type: 'gteq', value: '2024-01-01 00:00:00' }] },
      { filters: [{ field: 'updated_at', condition_type: 'gt', value: '2024-01-01 00:00:00' }, { field: 'entity_id', condition_type: 'gt', value: '7' }] },
    ]);
  });
});

describe('keysetOrder and the route key', () => {
  it("adds the route's unique key last, and keeps a sort on the key (by either of its names) as the last key", () => {
    const key = walkKeyOf('GET /V1/products', 'test');
    expect(key).toEqual({ field: 'entity_id', item: 'id' });
    expect(keysetOrder([{ field: 'price', direction: 'DESC' }], key).map((k) => [k.field, k.direction])).toEqual([['price', 'DESC'], ['entity_id', 'ASC']]);
    expect(keysetOrder([{ field: 'id', direction: 'DESC' }, { field: 'price', direction: 'ASC' }], key).map((k) => [k.field, k.direction])).toEqual([['entity_id', 'DESC']]);
    expect(keysetOrder(undefined, walkKeyOf('GET /V1/orders', 'test'))).toEqual([{ field: 'entity_id', item: 'entity_id', direction: 'ASC' }]);
    expect(keysetOrder([{ field: 'entity_id', direction: 'DESC' }], key)).toEqual([{ field: 'entity_id', item: 'id', direction: 'DESC' }]);
  });

  it('refuses routes without a unique key with the reason, and takes a key the caller names', () => {
    expect(() => walkKeyOf('GET /V1/bulk', 'paginate: GET /V1/bulk')).toThrow(/paginate: GET \/V1\/bulk cannot be walked by key: operation ids are numbered per bulk.*\{ paging: 'offset' \}/);
    expect(() => walkKeyOf('GET /V1/acme/claims', 'x')).toThrow(expect.objectContaining({ kind: 'input', service: 'commerce', message: expect.stringContaining('no unique key on record') }));
    expect(walkKeyOf('GET /V1/acme/claims', 'x', 'claim_id')).toEqual({ field: 'claim_id', item: 'claim_id' });
    expect(() => walkKeyOf('GET /V1/acme/claims', 'x', 'main_table.id')).toThrow(/key must be an attribute code/);
    expect(walkKeyOf('GET /V1/acme/claims', 'x', { field: 'entity_id', item: 'id' })).toEqual({ field: 'entity_id', item: 'id' });
    // Both names are needed, each an attribute code (a missing one is not read as the text "undefined").
    for (const bad of [{ item: 'id' }, { field: 'entity_id' }, { field: 'entity_id', item: 'a b' }, { field: '', item: 'id' }, null]) {
      expect(() => walkKeyOf('GET /V1/acme/claims', 'x', bad as never), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ service: 'commerce', message: `x: key must be an attribute code or { field, item } (the filter field and the item's name for it), got ${JSON.stringify(bad)}.` }),
      );
    }
  });

  it('reads positions from top-level fields or custom attributes; the unique key must be there', () => {
    const order = keysetOrder([{ field: 'color', direction: 'ASC' }], { field: 'entity_id', item: 'id' });
    expect(positionOf(order, { id: 3, custom_attributes: [{ attribute_code: 'color', value: 'red' }] }, 'x')).toEqual(['red', 3]);
    expect(positionOf(order, { id: 3 }, 'x')).toEqual([null, 3]);
    expect(() => positionOf(order, { sku: 'a' }, 'walk')).toThrow('walk: an item has no id');
    expect(() => positionOf(order, { id: null }, 'walk')).toThrow(expect.objectContaining({ kind: 'input', service: 'commerce', message: "walk: an item has no id, the walk's unique key; a walk cannot go on from it." }));
    expect(() => positionOf(order, 'SKU-001', 'walk')).toThrow('walk: an item has no id');
    // Flags sort as 0 and 1; a value that is not a scalar cannot be compared in a filter.
    const byFlag = keysetOrder([{ field: 'is_active', direction: 'DESC' }], { field: 'entity_id', item: 'id' });
    expect(positionOf(byFlag, { id: 3, is_active: true }, 'x')).toEqual([1, 3]);
    expect(positionOf(byFlag, { id: 4, is_active: false }, 'x')).toEqual([0, 4]);
    expect(() => positionOf(byFlag, { id: 5, is_active: { value: 1 } }, 'walk')).toThrow(expect.objectContaining({ service: 'commerce', message: 'walk: cannot walk sorted by is_active: its values are not scalars ({"value":1}).' }));
    // An item that is not a record has no key; custom attributes that are not a list hold no value.
    expect(() => positionOf(order, null, 'walk')).toThrow('walk: an item has no id');
    expect(positionOf(order, { id: 6, custom_attributes: { color: 'red' } }, 'x')).toEqual([null, 6]);
    expect(positionOf(order, { id: 7, custom_attributes: [null, { attribute_code: 'size', value: 'm' }] }, 'x')).toEqual([null, 7]);
  });

  it('bounds a window on the key: lo < key <= hi', () => {
    expect(keyWindow({ field: 'entity_id', item: 'id' }, 10, 20)).toEqual([
      { filters: [{ field: 'entity_id', condition_type: 'gt', value: '10' }] },
      { filters: [{ field: 'entity_id', condition_type: 'lteq', value: '20' }] },
    ]);
    expect(keyWindow({ field: 'entity_id', item: 'id' }, null, undefined)).toEqual([]);
    expect(keyWindow({ field: 'entity_id', item: 'id' }, undefined, null)).toEqual([]);
    expect(keyWindow({ field: 'entity_id', item: 'id' }, undefined, 'B')).toEqual([{ filters: [{ field: 'entity_id', condition_type: 'lteq', value: 'B' }] }]);
  });
});
