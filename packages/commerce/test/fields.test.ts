/**
 * `fields`: the selector syntax (serialize, parse, their round trip), raw-string checks that point
 * at the problem, the merge that defuses the platform's last-entry-wins quirk, list wrapping, and
 * calls on GET / POST / PUT against the stand-in platform.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMagekitError } from '@magekit/core';
import { createCommerceClient } from '../src/client.ts';
import {
  FieldsSyntaxError,
  fieldsQueryValue,
  normalizeSelection,
  parseSelection,
  serializeSelection,
  listSelection,
  wrapListSelection,
  type FieldSelection,
  type FieldSelector,
} from '../src/fields/index.ts';
import { BASE, installSearchPlatform, product, thrown } from './search-harness.ts';

describe('serializeSelection', () => {
  it('writes names, nested objects and several nested names in the platform syntax', () => {
    expect(serializeSelection(['sku', 'price', { extension_attributes: ['category_links', { stock_item: ['item_id', 'qty'] }] }])).toBe(
      'sku,price,extension_attributes[category_links,stock_item[item_id,qty]]',
    );
    expect(serializeSelection([{ a: ['x'], b: ['y', { c: ['z'] }] }])).toBe('a[x],b[y,c[z]]');
  });

  it('merges a repeated custom_attributes[...] (the platform honours only the last one)', () => {
    expect(serializeSelection(['sku', { custom_attributes: ['color'] }, { custom_attributes: ['size'] }])).toBe('sku,custom_attributes[color,size]');
  });

  it('lets a bare name win over the same name bracketed, wherever it appears', () => {
    expect(serializeSelection([{ extension_attributes: ['stock_item'] }, 'sku', 'extension_attributes'])).toBe('extension_attributes,sku');
    expect(normalizeSelection(['a', 'a', { b: ['x'] }, { b: [{ c: ['y'] }] }, { b: [{ c: ['z'] }] }])).toEqual(['a', { b: ['x', { c: ['y', 'z'] }] }]);
  });

  it.each([
    [[], 'selects nothing'],
    [['sku', 'bad name'], 'fields[1]: "bad name" is not a field name'],
    [['sku', ''], 'fields[1]: "" is not a field name'],
    [[{ extension_attributes: [] }], 'fields[0].extension_attributes selects nothing'],
    [[{}], 'fields[0] is an empty object'],
    [[42], 'fields[0] must be a field name or { name: [...fields] }'],
    [[{ 'a[b]': ['c'] }], 'fields[0] key: "a[b]" is not a field name'],
    [[{ a: 'b' }], 'fields[0].a must be an array'],
  ])('refuses %j: %s', (selection, message) => {
    const error = thrown(() => serializeSelection(selection as unknown as FieldSelection));
    expect(isMagekitError(error) && error.kind).toBe('input');
    expect(error.message).toContain(message);
  });
});

describe('parseSelection', () => {
  it('reads the platform syntax into a selection', () => {
    expect(parseSelection('sku,extension_attributes[category_links,stock_item[qty]],name')).toEqual([
      'sku',
      { extension_attributes: ['category_links', { stock_item: ['qty'] }] },
      'name',
    ]);
  });

  it.each([
    ['', 0, 'the selector is empty'],
    ['sku,extension_attributes[stock_item[qty]', 24, 'this "[" is never closed'],
    ['sku,price]', 9, '"]" closes no "["'],
    ['sku,,price', 4, 'a field name is missing'],
    ['sku,', 4, 'a field name is missing'],
    ['a[]', 2, 'a field name is missing'],
    ['[a]', 0, 'a field name is missing'],
    ['sku, price', 4, '" " cannot appear in a field name'],
    ['items[sku]total_count', 10, 'expected "," or "]" but found "t"'],
    ['sku;price', 3, '";" cannot appear in a field name'],
  ])('refuses %j at position %i (%s)', (text, position, problem) => {
    const error = thrown(() => parseSelection(text));
    expect(error).toBeInstanceOf(FieldsSyntaxError);
    expect(error.kind).toBe('input');
    expect(error.position).toBe(position);
    expect(error.message).toContain(problem);
    expect(error.message).toContain(`position ${position}`);
    // The caret line points at the offending character.
    expect(error.message.split('\n')[2]).toBe(`  ${' '.repeat(position)}^`);
  });
});

describe('list routes', () => {
  it('wraps item fields in items[...] and keeps total_count / search_criteria when named', () => {
    expect(fieldsQueryValue(['sku', 'price'], true)).toBe('items[sku,price]');
    expect(fieldsQueryValue(['sku', 'total_count'], true)).toBe('items[sku],total_count');
    expect(fieldsQueryValue(['sku', { search_criteria: ['page_size'] }], true)).toBe('items[sku],search_criteria[page_size]');
    expect(fieldsQueryValue('sku,total_count', true)).toBe('items[sku],total_count');
    expect(fieldsQueryValue(['total_count'], true)).toBe('total_count');
  });

  it('sends a raw string that names items as written, and does not wrap on other routes', () => {
    expect(fieldsQueryValue('items[sku],total_count', true)).toBe('items[sku],total_count');
    // In code, `items` is an item field (orders have one); only a raw string can name the wrapper's items.
    expect(fieldsQueryValue([{ items: ['sku'] }], true)).toBe('items[items[sku]]');
    expect(fieldsQueryValue(['sku', 'total_count'], false)).toBe('sku,total_count');
  });

  it('adds total_count on request (paginate needs it)', () => {
    expect(serializeSelection(wrapListSelection(['sku'], { totalCount: true }))).toBe('items[sku],total_count');
    expect(serializeSelection(wrapListSelection(['sku', 'total_count'], { totalCount: true }))).toBe('items[sku],total_count');
    expect(serializeSelection(listSelection('items[sku]', [{ items: ['sku'] }], { totalCount: true }))).toBe('items[sku],total_count');
  });

  it('re-writes raw strings with repeated names merged, and refuses bad ones before sending', () => {
    expect(fieldsQueryValue('sku,custom_attributes[color],custom_attributes[size]', false)).toBe('sku,custom_attributes[color,size]');
    expect(thrown(() => fieldsQueryValue('items[sku', true))).toBeInstanceOf(FieldsSyntaxError);
    expect(thrown(() => fieldsQueryValue(42, false)).message).toContain('fields must be an array selector');
  });
});

// Canonical selections: no name twice at one level (the form the serializer produces).
const name = fc.stringMatching(/^\w{1,8}$/);
const selection: fc.Arbitrary<FieldSelector[]> = fc.letrec<{ list: FieldSelector[] }>((tie) => ({
  list: fc
    .uniqueArray(fc.tuple(name, fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant(null), tie('list'))), {
      minLength: 1,
      maxLength: 5,
      selector: ([n]) => n,
    })
    .map((entries) => entries.map(([n, members]) => (members === null ? n : { [n]: members }))),
})).list;

describe('round trip (property)', () => {
  it('parse(serialize(s)) is s for canonical selections, and serialize(parse(t)) is t', () => {
    fc.assert(
      fc.property(selection, (s) => {
        const text = serializeSelection(s);
        expect(parseSelection(text)).toEqual(s);
        expect(serializeSelection(parseSelection(text))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('any selection, duplicates included, comes back as its merged form', () => {
    const withDuplicates = fc.array(fc.oneof(fc.constantFrom('a', 'b'), fc.constantFrom('a', 'b').chain((n) => selection.map((m) => ({ [n]: m })))), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(withDuplicates, (s) => {
        const text = serializeSelection(s);
        expect(parseSelection(text)).toEqual(normalizeSelection(s));
        // Merged output names each key once per level: nothing for the platform to drop.
        expect(new Set(parseSelection(text).map((e) => (typeof e === 'string' ? e : Object.keys(e)[0]))).size).toBe(parseSelection(text).length);
      }),
      { numRuns: 1000 },
    );
  });

  it('any string the parser accepts is a well-formed selector, and anything else raises FieldsSyntaxError', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '_', '1', ',', '[', ']', ' '), maxLength: 16 }), (text) => {
        let parsed: FieldSelection | undefined;
        try {
          parsed = parseSelection(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FieldsSyntaxError);
          expect((error as FieldsSyntaxError).position).toBeGreaterThanOrEqual(0);
          expect((error as FieldsSyntaxError).position).toBeLessThanOrEqual(text.length);
          return;
        }
        expect(serializeSelection(parsed)).toBe(serializeSelection(parseSelection(serializeSelection(parsed))));
        expect(text).toMatch(/^[\w[\],]+$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('calls', () => {
  const commerce = () => createCommerceClient({ baseUrl: BASE });

  it('GET: sends the selector once-encoded and answers only what was selected', async () => {
    const store = installSearchPlatform({ products: [product(1)] });
    const result = await commerce().request('GET /V1/products/{sku}', {
      sku: 'SKU-001',
      fields: ['sku', 'price', { extension_attributes: [{ stock_item: ['qty'] }] }],
    });
    expect(result).toEqual({ sku: 'SKU-001', price: 5, extension_attributes: { stock_item: { qty: 2 } } });
    expect(store.requests[0]!.search).toBe('?fields=sku%2Cprice%2Cextension_attributes%5Bstock_item%5Bqty%5D%5D');
  });

  it('GET on a search route: items[...] is written for the caller', async () => {
    const store = installSearchPlatform({ products: [product(1), product(2)] });
    const result = await commerce().products.list({ fields: ['sku', 'total_count'] });
    expect(result).toEqual({ items: [{ sku: 'SKU-001' }, { sku: 'SKU-002' }], total_count: 2 });
    expect(store.requests[0]!.searchParams.get('fields')).toBe('items[sku],total_count');
  });

  it('custom_attributes: both attributes come back because the SDK merges the entries', async () => {
    installSearchPlatform({ products: [product(1)] });
    const merged = await commerce().request('GET /V1/products/{sku}', { sku: 'SKU-001', fields: ['sku', { custom_attributes: ['color'] }, { custom_attributes: ['size'] }] });
    expect(merged).toEqual({ sku: 'SKU-001', custom_attributes: [{ attribute_code: 'color', value: 'green' }, { attribute_code: 'size', value: 'm' }] });
  });

  it('POST and PUT: fields restrict the response only; the body is sent whole', async () => {
    const store = installSearchPlatform({ products: [product(1)] });
    const created = await commerce().request('POST /V1/products', { product: { sku: 'NEW', name: 'New', price: 3, attribute_set_id: 4 }, fields: ['id', 'sku'] });
    expect(created).toEqual({ id: 2, sku: 'NEW' });
    expect(store.products[1]).toMatchObject({ sku: 'NEW', name: 'New', price: 3 });
    const updated = await commerce().products.update({ sku: 'SKU-001', product: { sku: 'SKU-001', price: 99 }, fields: ['price'] });
    expect(updated).toEqual({ price: 99 });
    expect(store.requests.map((u) => u.searchParams.get('fields'))).toEqual(['id,sku', 'price']);
  });

  it('refuses an unbalanced raw selector before any request', async () => {
    const store = installSearchPlatform({ products: [product(1)] });
    const error = await commerce()
      .request('GET /V1/products/{sku}', { sku: 'SKU-001', fields: 'sku,extension_attributes[stock_item' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldsSyntaxError);
    expect((error as FieldsSyntaxError).position).toBe(24);
    expect(store.requests).toHaveLength(0);
  });
});
