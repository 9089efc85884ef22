/**
 * Type tests for `fields`: a selection narrows the result (nested objects and arrays of objects
 * included), unknown names fail to compile, and on search routes the selection narrows `items`.
 * Written against the generic signatures in fields/method-types.ts (what `request` and the named
 * methods use once switched over).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { RequestMethod, RouteMethod } from '../src/fields/method-types.ts';
import type { Selected, SelectionFor } from '../src/fields/types.ts';
import type { components } from '../src/generated/schema.ts';

/** A product as the platform sends it (the response copy of the schema: required fields may be null). */
type Product = components['schemas']['catalog-data-product-interface.output'];
declare const request: RequestMethod;
declare const getProduct: RouteMethod<'GET /V1/products/{sku}'>;
declare const listOrders: RouteMethod<'GET /V1/orders'>;

describe('fields narrowing', () => {
  it('narrows to the selected fields, keeping optionality and nullability', async () => {
    const p = await request('GET /V1/products/{sku}', { sku: 'x', fields: ['sku', 'price'] });
    expectTypeOf(p).toEqualTypeOf<{ sku: string | null; price?: number }>();
  });

  it('narrows nested objects and arrays of objects', async () => {
    const p = await getProduct({ sku: 'x', fields: ['sku', { extension_attributes: [{ stock_item: ['qty'] }] }, { product_links: ['linked_product_sku'] }] });
    expectTypeOf(p.extension_attributes).toEqualTypeOf<{ stock_item?: { qty: number | null } } | undefined>();
    expectTypeOf(p.product_links).toEqualTypeOf<{ linked_product_sku: string | null }[] | undefined>();
    // @ts-expect-error name was not selected
    void p.name;
  });

  it('keeps the full type without fields or with a raw string', async () => {
    expectTypeOf(await getProduct({ sku: 'x' })).toEqualTypeOf<Product>();
    expectTypeOf(await getProduct({ sku: 'x', fields: 'sku,price' })).toEqualTypeOf<Product>();
  });

  it('a bare name keeps the whole field even when also bracketed', () => {
    expectTypeOf<Selected<Product, readonly ['extension_attributes', { extension_attributes: ['website_ids'] }]>['extension_attributes']>().toEqualTypeOf<Product['extension_attributes']>();
  });

  it('selecting a field that does not exist fails to compile', () => {
    // @ts-expect-error no such field
    void getProduct({ sku: 'x', fields: ['sku', 'colour'] });
    // @ts-expect-error no such nested field
    void getProduct({ sku: 'x', fields: [{ product_links: ['colour'] }] });
    // @ts-expect-error an unknown object next to a known one
    void getProduct({ sku: 'x', fields: [{ product_links: ['sku'], colour: ['x'] }] });
    // @ts-expect-error a scalar field cannot take members
    void getProduct({ sku: 'x', fields: [{ price: ['x'] }] });
  });

  it('open extension attributes accept names the schema does not list', async () => {
    const p = await getProduct({ sku: 'x', fields: [{ extension_attributes: ['module_field'] }] });
    expectTypeOf(p.extension_attributes).toEqualTypeOf<{ module_field?: unknown } | undefined>();
  });

  it('custom_attributes[...] takes attribute codes', () => {
    expectTypeOf<readonly [{ custom_attributes: readonly ['color', 'size'] }]>().toMatchTypeOf<SelectionFor<Product>>();
  });

  it('on a search route the selection narrows items; wrapper fields only when named', async () => {
    const list = await request('GET /V1/products', { fields: ['sku', 'total_count'] });
    // With `fields`, the platform writes an empty list of items as null.
    expectTypeOf(list.items).toEqualTypeOf<{ sku: string | null }[] | null>();
    expectTypeOf(list.total_count).toEqualTypeOf<number | null>();
    // @ts-expect-error search_criteria was not selected
    void list.search_criteria;
    const orders = await listOrders({ fields: ['increment_id', { items: ['sku'] }] });
    expectTypeOf(orders.items![0]!.items).toEqualTypeOf<{ sku: string | null }[] | null>();
    // @ts-expect-error total_count was not selected
    void orders.total_count;
    // @ts-expect-error not a product field
    void request('GET /V1/products', { fields: ['email'] });
  });
});
