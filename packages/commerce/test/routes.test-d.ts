// Type tests for 20 routes across modules: path parameters, query, body and response types as the
// platform's reference has them, through both `request(route, ...)` and the named methods; and what must
// not compile. Checked by `vitest --typecheck` (nothing here runs).
import { describe, expectTypeOf, it } from 'vitest';
import type { CommerceClient, RouteInput, RouteKey, RouteOutput } from '../src/index.ts';

declare const commerce: CommerceClient;

type Input<K extends RouteKey> = RouteInput<K>;
type Output<K extends RouteKey> = RouteOutput<K>;

describe('Catalog', () => {
  it('GET /V1/products/{sku}: sku in the path, flags in the query, the product back', () => {
    expectTypeOf<Input<'GET /V1/products/{sku}'>>().toHaveProperty('sku').toEqualTypeOf<string>();
    expectTypeOf<Input<'GET /V1/products/{sku}'>>().toHaveProperty('storeId').toEqualTypeOf<number | undefined>();
    expectTypeOf<Input<'GET /V1/products/{sku}'>>().toHaveProperty('editMode').toEqualTypeOf<boolean | undefined>();
    // A required field of a response is always sent, and sent as null when unset (docs/design.md, "Response types").
    expectTypeOf<Output<'GET /V1/products/{sku}'>>().toHaveProperty('sku').toEqualTypeOf<string | null>();
    expectTypeOf<Output<'GET /V1/products/{sku}'>>().toHaveProperty('price').toEqualTypeOf<number | undefined>();
    expectTypeOf<Output<'GET /V1/products/{sku}'>>().toHaveProperty('id').toEqualTypeOf<number | undefined>();
    expectTypeOf(commerce.request('GET /V1/products/{sku}', { sku: 'MB-01' })).resolves.toEqualTypeOf<Output<'GET /V1/products/{sku}'>>();
    expectTypeOf(commerce.products.get({ sku: 'MB-01' })).resolves.toEqualTypeOf<Output<'GET /V1/products/{sku}'>>();
  });

  it('PUT /V1/products/{sku}: sku and product required, saveOptions optional', () => {
    expectTypeOf<Input<'PUT /V1/products/{sku}'>>().toHaveProperty('sku').toEqualTypeOf<string>();
    expectTypeOf<Input<'PUT /V1/products/{sku}'>['product']>().toHaveProperty('sku').toEqualTypeOf<string>();
    expectTypeOf<Input<'PUT /V1/products/{sku}'>>().toHaveProperty('saveOptions').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<{ sku: string }>().not.toExtend<Input<'PUT /V1/products/{sku}'>>();
    expectTypeOf<{ product: { sku: string } }>().not.toExtend<Input<'PUT /V1/products/{sku}'>>();
    expectTypeOf<{ sku: string; product: { sku: string } }>().toExtend<Input<'PUT /V1/products/{sku}'>>();
    // extension_attributes: the known fields typed, other keys still accepted.
    commerce.products.update({ sku: 'MB-01', product: { sku: 'MB-01', extension_attributes: { website_ids: [1], vendor_field: 'x' } } });
  });

  it('GET /V1/categories: the category tree, children typed recursively', () => {
    expectTypeOf<Input<'GET /V1/categories'>>().toHaveProperty('depth').toEqualTypeOf<number | undefined>();
    expectTypeOf<Output<'GET /V1/categories'>>().toHaveProperty('children_data').toEqualTypeOf<Output<'GET /V1/categories'>[] | null>();
    expectTypeOf(commerce.categories.tree).toBeCallableWith();
  });
});

describe('Sales', () => {
  it('POST /V1/orders/{id}/hold: an integer id, a bare boolean back', () => {
    expectTypeOf<Input<'POST /V1/orders/{id}/hold'>>().toHaveProperty('id').toEqualTypeOf<number>();
    expectTypeOf<Output<'POST /V1/orders/{id}/hold'>>().toEqualTypeOf<boolean>();
    expectTypeOf(commerce.orders.hold({ id: 5 })).resolves.toEqualTypeOf<boolean>();
  });

  it('GET /V1/orders: searchCriteria, the search-results wrapper of orders back', () => {
    // A direct call: the named methods are generic over `fields`, which toBeCallableWith cannot see through.
    expectTypeOf(commerce.orders.list({ searchCriteria: { filter_groups: [{ filters: [{ field: 'status', value: 'pending', condition_type: 'eq' }] }], page_size: 20 } })).resolves.toHaveProperty('total_count');
    expectTypeOf<Output<'GET /V1/orders'>>().toHaveProperty('total_count').toEqualTypeOf<number | null>();
    expectTypeOf<NonNullable<Output<'GET /V1/orders'>['items']>[number]>().toHaveProperty('increment_id').toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Output<'GET /V1/orders'>['items']>[number]>().toHaveProperty('grand_total').toEqualTypeOf<number | null>();
  });

  it('POST /V1/order/{orderId}/invoice: path orderId, optional body flags, the invoice id back', () => {
    expectTypeOf<Input<'POST /V1/order/{orderId}/invoice'>>().toHaveProperty('orderId').toEqualTypeOf<number>();
    expectTypeOf<Input<'POST /V1/order/{orderId}/invoice'>>().toHaveProperty('capture').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Output<'POST /V1/order/{orderId}/invoice'>>().toEqualTypeOf<number>();
  });
});

describe('AsynchronousOperations', () => {
  it('GET /V1/bulk/{bulkUuid}/operation-status/{status}: a bare integer back', () => {
    expectTypeOf<Input<'GET /V1/bulk/{bulkUuid}/operation-status/{status}'>>().toHaveProperty('bulkUuid').toEqualTypeOf<string>();
    expectTypeOf<Input<'GET /V1/bulk/{bulkUuid}/operation-status/{status}'>>().toHaveProperty('status').toEqualTypeOf<number>();
    expectTypeOf<Output<'GET /V1/bulk/{bulkUuid}/operation-status/{status}'>>().toEqualTypeOf<number>();
  });

  it('GET /V1/bulk: a search over operations, not a list of bulks', () => {
    expectTypeOf<NonNullable<Output<'GET /V1/bulk'>['items']>[number]>().toHaveProperty('bulk_uuid').toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<Output<'GET /V1/bulk'>['items']>[number]>().toHaveProperty('topic_name').toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<Output<'GET /V1/bulk'>['items']>[number]>().toHaveProperty('error_code').toEqualTypeOf<number | null>();
  });
});

describe('Inventory', () => {
  it('POST /V1/inventory/sources: a source in, nothing back (void)', () => {
    expectTypeOf<Output<'POST /V1/inventory/sources'>>().toEqualTypeOf<void>();
    expectTypeOf<Input<'POST /V1/inventory/sources'>['source']>().toHaveProperty('source_code').toEqualTypeOf<string | undefined>();
    expectTypeOf(commerce.inventory.sources.create).returns.resolves.toEqualTypeOf<void>();
  });

  it('GET /V1/inventory/is-product-salable/{sku}/{stockId}: two path parameters, a boolean back', () => {
    expectTypeOf<Input<'GET /V1/inventory/is-product-salable/{sku}/{stockId}'>>().toHaveProperty('stockId').toEqualTypeOf<number>();
    expectTypeOf<Output<'GET /V1/inventory/is-product-salable/{sku}/{stockId}'>>().toEqualTypeOf<boolean>();
  });

  it('GET /V1/stockItems/lowStock/: required scopeId and qty in the query', () => {
    expectTypeOf<Input<'GET /V1/stockItems/lowStock/'>>().toHaveProperty('qty').toEqualTypeOf<number>();
    expectTypeOf<Input<'GET /V1/stockItems/lowStock/'>>().toHaveProperty('pageSize').toEqualTypeOf<number | undefined>();
    expectTypeOf<{ scopeId: number }>().not.toExtend<Input<'GET /V1/stockItems/lowStock/'>>();
  });
});

describe('Customer, Quote, Directory, Store, Tax, Cms, Integration', () => {
  it('GET /V1/customers/{customerId}: the customer, email required', () => {
    expectTypeOf<Input<'GET /V1/customers/{customerId}'>>().toHaveProperty('customerId').toEqualTypeOf<number>();
    expectTypeOf<Output<'GET /V1/customers/{customerId}'>>().toHaveProperty('email').toEqualTypeOf<string | null>();
    expectTypeOf<Output<'GET /V1/customers/{customerId}'>>().toHaveProperty('group_id').toEqualTypeOf<number | undefined>();
  });

  it('POST /V1/guest-carts/{cartId}/items: a masked string cart id and a cart item', () => {
    expectTypeOf<Input<'POST /V1/guest-carts/{cartId}/items'>>().toHaveProperty('cartId').toEqualTypeOf<string>();
    expectTypeOf<Input<'POST /V1/guest-carts/{cartId}/items'>['cartItem']>().toHaveProperty('qty').toEqualTypeOf<number>();
    expectTypeOf<Output<'POST /V1/guest-carts/{cartId}/items'>>().toHaveProperty('quote_id').toEqualTypeOf<string | null>();
  });

  it('PUT /V1/carts/mine: void back', () => {
    expectTypeOf<Output<'PUT /V1/carts/mine'>>().toEqualTypeOf<void>();
  });

  it('GET /V1/directory/countries/{countryId}: a string id, the country back', () => {
    expectTypeOf<Input<'GET /V1/directory/countries/{countryId}'>>().toHaveProperty('countryId').toEqualTypeOf<string>();
    expectTypeOf<Output<'GET /V1/directory/countries/{countryId}'>>().toHaveProperty('two_letter_abbreviation').toEqualTypeOf<string | null>();
  });

  it('GET /V1/store/storeConfigs: a list of store codes in, a list of configs back', () => {
    // KNOWN BUG (emit-routes.mjs tsScalar): array query parameters are typed `unknown`; this fails until fixed.
    expectTypeOf<Input<'GET /V1/store/storeConfigs'>>().toHaveProperty('storeCodes').toEqualTypeOf<string[] | undefined>();
    expectTypeOf<Output<'GET /V1/store/storeConfigs'>[number]>().toHaveProperty('base_currency_code').toEqualTypeOf<string | null>();
  });

  it('POST /V1/taxRates: a tax rate in and back', () => {
    expectTypeOf<Input<'POST /V1/taxRates'>['taxRate']>().toHaveProperty('tax_country_id').toEqualTypeOf<string>();
    expectTypeOf<Output<'POST /V1/taxRates'>>().toHaveProperty('rate').toEqualTypeOf<number | null>();
  });

  it('DELETE /V1/cmsPage/{pageId}: a boolean back', () => {
    expectTypeOf<Input<'DELETE /V1/cmsPage/{pageId}'>>().toHaveProperty('pageId').toEqualTypeOf<number>();
    expectTypeOf<Output<'DELETE /V1/cmsPage/{pageId}'>>().toEqualTypeOf<boolean>();
  });

  it('POST /V1/integration/admin/token: username and password in, a bare string token back', () => {
    expectTypeOf<Input<'POST /V1/integration/admin/token'>>().toExtend<{ username: string; password: string }>();
    expectTypeOf<Output<'POST /V1/integration/admin/token'>>().toEqualTypeOf<string>();
  });
});

describe('commercial edition', () => {
  it('POST /V1/{provider}-guest-carts/{cartId}/payment-information: the caller passes the provider code', () => {
    expectTypeOf<Input<'POST /V1/{provider}-guest-carts/{cartId}/payment-information'>>().toHaveProperty('provider').toEqualTypeOf<string>();
    expectTypeOf<Input<'POST /V1/{provider}-guest-carts/{cartId}/payment-information'>>().toHaveProperty('cartId').toEqualTypeOf<string>();
  });

  it('POST /V1/gift-wrappings: a wrapping in and back', () => {
    expectTypeOf<Input<'POST /V1/gift-wrappings'>['data']>().toHaveProperty('design').toEqualTypeOf<string>();
    expectTypeOf<Output<'POST /V1/gift-wrappings'>>().toHaveProperty('wrapping_id').toEqualTypeOf<number | null>();
  });
});

describe('what must not compile', () => {
  it('a route that does not exist', () => {
    // @ts-expect-error: no such route (singular "product")
    commerce.request('GET /V1/product/{sku}', { sku: 'a' });
    // @ts-expect-error: the method is part of the route
    commerce.request('/V1/products/{sku}', { sku: 'a' });
  });

  it('a missing path parameter', () => {
    // @ts-expect-error: sku is required
    commerce.request('GET /V1/products/{sku}', {});
    // @ts-expect-error: the input itself is required when the route has path parameters
    commerce.products.get();
    // @ts-expect-error: bulkUuid is required
    commerce.request('GET /V1/bulk/{bulkUuid}/operation-status/{status}', { status: 4 });
  });

  it('a path parameter of the wrong type', () => {
    // @ts-expect-error: order ids are integers
    commerce.orders.hold({ id: '5' });
  });

  it('a body field of the wrong type', () => {
    // @ts-expect-error: price is a number
    commerce.products.update({ sku: 'a', product: { sku: 'a', price: 'ten' } });
    // @ts-expect-error: saveOptions is a boolean
    commerce.request('PUT /V1/products/{sku}', { sku: 'a', product: { sku: 'a' }, saveOptions: 'yes' });
  });

  it('an unknown field where the body type is closed', () => {
    // @ts-expect-error: the product interface has no "colour"
    commerce.products.update({ sku: 'a', product: { sku: 'a', colour: 'red' } });
    // @ts-expect-error: the body has no "force" field
    commerce.orders.invoice({ orderId: 1, force: true });
  });

  it('a missing required body field', () => {
    // @ts-expect-error: product is required
    commerce.products.update({ sku: 'a' });
    // @ts-expect-error: required query parameters too
    commerce.request('GET /V1/stockItems/lowStock/', { scopeId: 1 });
  });
});

const ORDER = { customer_email: 'a@example.com', base_grand_total: 10, grand_total: 10, items: [{ sku: 'MB-01' }] };

describe('Trailing slashes', () => {
  it('POST /V1/orders/ (catalog) and POST /V1/orders (2.4.9, live installations) are the same typed route', () => {
    expectTypeOf<Input<'POST /V1/orders'>>().toEqualTypeOf<Input<'POST /V1/orders/'>>();
    expectTypeOf<Output<'POST /V1/orders'>>().toEqualTypeOf<Output<'POST /V1/orders/'>>();
    expectTypeOf(commerce.request('POST /V1/orders', { entity: ORDER })).resolves.toEqualTypeOf<Output<'POST /V1/orders/'>>();
    expectTypeOf(commerce.request('POST /V1/orders/', { entity: ORDER })).resolves.toEqualTypeOf<Output<'POST /V1/orders/'>>();
    // @ts-expect-error the body is still checked under either spelling
    void commerce.request('POST /V1/orders', { entity: { ...ORDER, customer_email: 1 } });
  });
});
