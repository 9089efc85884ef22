/**
 * The fake platform's partial responses: the platform's own filter, quirks included, so tests that
 * pass against the fake meet the same answers in production.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSelection, serializeSelection } from '../../src/fields/index.ts';
import { parseFilter } from '../../src/testing/partial-response.ts';
import { applyFields } from '../../src/testing/search.ts';
import { product } from '../search-harness.ts';

const wrapper = { items: [product(1), product(2)], search_criteria: { filter_groups: [] }, total_count: 2 };

describe('applyFields', () => {
  it('keeps selected fields of an object, nested objects and arrays of objects', () => {
    expect(applyFields(product(1), 'sku,price,extension_attributes[category_links[category_id],stock_item[qty]]')).toEqual({
      sku: 'SKU-001',
      price: 5,
      extension_attributes: { category_links: [{ category_id: '1' }], stock_item: { qty: 2 } },
    });
  });

  it('filters each element of a top-level list', () => {
    expect(applyFields([{ a: 1, b: 2 }, { a: 3, b: 4 }], 'a')).toEqual([{ a: 1 }, { a: 3 }]);
  });

  it('selects items[...] on a search wrapper; a bare item selector keeps nothing', () => {
    expect(applyFields(wrapper, 'items[sku],total_count')).toEqual({ items: [{ sku: 'SKU-001' }, { sku: 'SKU-002' }], total_count: 2 });
    expect(applyFields(wrapper, 'sku,price')).toEqual([]);
  });

  it('returns the body unchanged without a selector, and scalars unchanged', () => {
    expect(applyFields(wrapper, null)).toBe(wrapper);
    expect(applyFields(wrapper, '')).toBe(wrapper);
    expect(applyFields(true, 'sku')).toBe(true);
  });

  it('answers an unreadable selector with an empty body, as the platform does', () => {
    expect(applyFields(product(1), 'sku,price[')).toEqual([]);
    expect(applyFields(product(1), 'sku, price')).toEqual([]);
    expect(applyFields(product(1), 'sku]')).toEqual([]);
  });

  it('custom_attributes[...] selects by attribute code; a repeated entry keeps only the last (magento/magento2#25175)', () => {
    expect(applyFields(product(1), 'custom_attributes[color,size]')).toEqual({
      custom_attributes: [{ attribute_code: 'color', value: 'green' }, { attribute_code: 'size', value: 'm' }],
    });
    // The last entry wins, and the kept entry keeps its position: PHP encodes the list as an object.
    expect(applyFields(product(1), 'custom_attributes[color],custom_attributes[size]')).toEqual({
      custom_attributes: { 1: { attribute_code: 'size', value: 'm' } },
    });
    expect(applyFields(product(1), 'custom_attributes[attribute_code]')).toEqual({
      custom_attributes: [{ attribute_code: 'color' }, { attribute_code: 'size' }, { attribute_code: 'category_ids' }],
    });
  });

  it('turns an empty list under a bracketed name into null, and an object with nothing selected into []', () => {
    expect(applyFields({ items: [], total_count: 0 }, 'items[sku],total_count')).toEqual({ items: null, total_count: 0 });
    expect(applyFields({ a: { b: 1 } }, 'a[c]')).toEqual({ a: [] });
  });

  it('does not change the stored record', () => {
    const record = product(1);
    const copy = structuredClone(record);
    applyFields(record, 'sku,custom_attributes[color]');
    expect(record).toEqual(copy);
  });
});

describe('the fake reads what the client writes (property)', () => {
  const name = fc.stringMatching(/^\w{1,6}$/);
  const selection = fc.letrec<{ list: (string | Record<string, unknown>)[] }>((tie) => ({
    list: fc
      .uniqueArray(fc.tuple(name, fc.oneof({ depthSize: 'small' }, fc.constant(null), tie('list'))), { minLength: 1, maxLength: 4, selector: ([n]) => n })
      .map((entries) => entries.map(([n, members]) => (members === null ? n : { [n]: members }))),
  })).list;

  /** The platform's reading as plain data: `1` for a bare name, nested objects for brackets. */
  const asTree = (filter: ReturnType<typeof parseFilter>): unknown =>
    filter && Object.fromEntries([...filter].map(([key, value]) => [key, value === 1 ? 1 : asTree(value)]));
  const expected = (list: readonly unknown[]): unknown =>
    Object.fromEntries(list.map((entry) => (typeof entry === 'string' ? [entry, 1] : Object.entries(entry as object).map(([k, v]) => [k, expected(v as unknown[])])[0]!)));

  it('the fake parses every serialized selection into the same tree', () => {
    fc.assert(
      fc.property(selection, (s) => {
        const text = serializeSelection(s as never);
        expect(asTree(parseFilter(text))).toEqual(expected(parseSelection(text)));
      }),
      { numRuns: 1000 },
    );
  });
});
