/** Type tests for the searchCriteria builder and paginate. */
import { describe, expectTypeOf, it } from 'vitest';
import type { CommerceClient } from '../src/client.ts';
import { paginate, type Paginator } from '../src/reads/paginate.ts';
import { searchCriteria, where } from '../src/search/index.ts';
import type { components } from '../src/generated/schema.ts';

type Product = components['schemas']['catalog-data-product-interface'];
/** A product as the platform sends it: required fields may be null. */
type ProductSent = components['schemas']['catalog-data-product-interface.output'];
declare const client: CommerceClient;

describe('searchCriteria builder', () => {
  it('takes entity fields and any attribute code', () => {
    searchCriteria<Product>().where('price', 'gt', 10).or('color', 'eq', 'red').sortBy('sku', 'DESC');
    where('anything', 'like', '%x%');
  });

  it('types values by condition', () => {
    where('sku', 'in', ['a', 'b']);
    where('special_price', 'null');
    where('created_at', 'from', new Date());
    // @ts-expect-error in takes a list
    where('sku', 'in', { a: 1 });
    // @ts-expect-error eq takes one value, not a list
    where('sku', 'eq', ['a']);
    // @ts-expect-error unknown condition type
    where('sku', 'between', 1);
    // @ts-expect-error a value is needed
    where('sku', 'eq');
    // @ts-expect-error direction is ASC or DESC
    searchCriteria().sortBy('sku', 'down');
  });
});

describe('paginate', () => {
  it('yields item types, narrowed by fields', () => {
    expectTypeOf(paginate(client, 'GET /V1/products')).toEqualTypeOf<Paginator<ProductSent>>();
    expectTypeOf(paginate(client, 'GET /V1/products', { fields: ['sku', 'price'] })).toEqualTypeOf<Paginator<{ sku: string | null; price?: number }>>();
    expectTypeOf(paginate(client, 'GET /V1/customers/search', { fields: ['email'] }).collect()).toEqualTypeOf<Promise<{ email: string | null }[]>>();
  });

  it('only on search routes, only with known fields', () => {
    // @ts-expect-error not a search route
    paginate(client, 'GET /V1/products/{sku}', { sku: 'x' });
    // @ts-expect-error not a product field
    paginate(client, 'GET /V1/products', { fields: ['email'] });
  });
});
