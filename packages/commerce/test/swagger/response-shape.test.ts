// The response-shape rules shared by the generator and `types pull` (swagger/response-shape.ts):
// DataObjectProcessor writes a non-nullable getter even when null (schema: required) and leaves a
// nullable one out when null (schema: optional).
import { describe, expect, it } from 'vitest';
import { OUTPUT_SUFFIX, responseShapes, resultFlag } from '../../src/swagger/response-shape.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const schemas = {
  'stock-item': { type: 'object', required: ['qty', 'low_stock_date'], properties: { item_id: { type: 'integer' }, qty: { type: 'number' }, low_stock_date: { type: 'string' } } },
  'product-extension': { type: 'object', properties: { stock_item: ref('stock-item') }, additionalProperties: true },
  product: { type: 'object', required: ['sku', 'type', 'ext'], properties: { sku: { type: 'string' }, price: { type: 'number' }, type: { type: 'string', enum: ['simple', 'bundle'] }, ext: ref('product-extension'), links: { type: 'array', items: ref('link') } } },
  link: { type: 'object', properties: { sku: { type: 'string' } } },
  'already-nullable': { type: 'object', required: ['a', 'b'], properties: { a: { type: ['string', 'null'] }, b: { anyOf: [ref('link'), { type: 'null' }] } } },
  'request-only': { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
};

describe('responseShapes', () => {
  const shapes = responseShapes(schemas, [ref('product'), { type: 'integer' }, null, ref('already-nullable')]);

  it('makes every required field of a response T | null and leaves optional fields as they are', () => {
    const stock = shapes.schemas[`stock-item${OUTPUT_SUFFIX}`]!;
    expect(stock['properties']).toEqual({ item_id: { type: 'integer' }, qty: { type: ['number', 'null'] }, low_stock_date: { type: ['string', 'null'] } });
    const product = shapes.schemas[`product${OUTPUT_SUFFIX}`]!['properties'] as Record<string, unknown>;
    expect(product['sku']).toEqual({ type: ['string', 'null'] });
    expect(product['price']).toEqual({ type: 'number' });
    // An enum or a reference is wrapped, so the values (or the record) stay as they are.
    expect(product['type']).toEqual({ anyOf: [{ type: 'string', enum: ['simple', 'bundle'] }, { type: 'null' }] });
    expect(product['ext']).toEqual({ anyOf: [ref(`product-extension${OUTPUT_SUFFIX}`), { type: 'null' }] });
  });

  it('copies a schema only where its response shape differs, and points references at the copies', () => {
    // product-extension has no required field, but reaches stock-item, which has.
    expect(Object.keys(shapes.schemas).sort()).toEqual([`product-extension${OUTPUT_SUFFIX}`, `product${OUTPUT_SUFFIX}`, `stock-item${OUTPUT_SUFFIX}`]);
    expect(shapes.schemas[`product-extension${OUTPUT_SUFFIX}`]!['properties']).toEqual({ stock_item: ref(`stock-item${OUTPUT_SUFFIX}`) });
    // link has no required field and reaches nothing that has: the published schema serves both.
    expect((shapes.schemas[`product${OUTPUT_SUFFIX}`]!['properties'] as Record<string, unknown>)['links']).toEqual({ type: 'array', items: ref('link') });
    expect(shapes.responses).toEqual([ref(`product${OUTPUT_SUFFIX}`), { type: 'integer' }, null, ref('already-nullable')]);
  });

  it('counts the fields it widened, once each, and leaves fields that admit null alone', () => {
    expect(shapes.nullableFields).toBe(5);
    expect(shapes.schemas[`already-nullable${OUTPUT_SUFFIX}`]).toBeUndefined();
  });

  it('widens required fields of an inline response object too', () => {
    const inline = responseShapes({}, [{ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }]);
    expect(inline.responses[0]).toEqual({ type: 'object', required: ['id'], properties: { id: { type: ['integer', 'null'] } } });
    expect(inline.nullableFields).toBe(1);
  });

  it('treats a field named like a keyword (required, default) as a field', () => {
    const odd = { option: { type: 'object', required: ['required', 'default'], properties: { required: { type: 'boolean' }, default: ref('stock-item') } } };
    const shaped = responseShapes({ ...schemas, ...odd }, [ref('option')]);
    expect(shaped.schemas[`option${OUTPUT_SUFFIX}`]!['properties']).toEqual({
      required: { type: ['boolean', 'null'] },
      default: { anyOf: [ref(`stock-item${OUTPUT_SUFFIX}`), { type: 'null' }] },
    });
  });

  it('refuses a schema name that already ends with the suffix of response copies', () => {
    expect(() => responseShapes({ [`x${OUTPUT_SUFFIX}`]: {} }, [])).toThrow(/rename it/);
  });
});

describe('resultFlag: how the runtime reads a result', () => {
  it('l for a list, i for a number, e for a record without required fields, none for the rest', () => {
    expect(resultFlag({ type: 'array', items: ref('link') }, schemas)).toBe('l');
    expect(resultFlag({ type: 'integer' }, schemas)).toBe('i');
    expect(resultFlag({ type: 'number' }, schemas)).toBe('i');
    expect(resultFlag(ref('link'), schemas)).toBe('e');
    expect(resultFlag(ref('product'), schemas)).toBe('');
    expect(resultFlag({ type: 'string' }, schemas)).toBe('');
    expect(resultFlag({ type: 'boolean' }, schemas)).toBe('');
    expect(resultFlag(null, schemas)).toBe('');
  });

  it('reads T in a result the spec marks T | null', () => {
    expect(resultFlag({ anyOf: [{ type: 'integer' }, { type: 'null' }] }, schemas)).toBe('i');
    expect(resultFlag({ oneOf: [{ type: 'null' }, ref('product')] }, schemas)).toBe('');
  });
});
