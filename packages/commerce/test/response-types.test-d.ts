// Response types follow the platform's REST serializer (docs/design.md, "Response types"); request
// types stay what the platform accepts. Checked by `vitest --typecheck`.
import { describe, expectTypeOf, it } from 'vitest';
import type { CommerceClient, RouteInput, RouteOutput } from '../src/index.ts';
import type { components } from '../src/generated/schema.ts';

declare const commerce: CommerceClient;
type StockItemSent = NonNullable<NonNullable<RouteOutput<'GET /V1/products/{sku}'>['extension_attributes']>['stock_item']>;

describe('a required field of a response is always present, possibly null', () => {
  it('stock_item.qty and low_stock_date are number | null and string | null', () => {
    expectTypeOf<StockItemSent['qty']>().toEqualTypeOf<number | null>();
    expectTypeOf<StockItemSent['low_stock_date']>().toEqualTypeOf<string | null>();
    expectTypeOf<RouteOutput<'GET /V1/stockItems/{productSku}'>['qty']>().toEqualTypeOf<number | null>();
  });

  it('an optional field stays optional and non-null: a nullable getter is left out when null', () => {
    expectTypeOf<StockItemSent>().toHaveProperty('item_id').toEqualTypeOf<number | undefined>();
    expectTypeOf<RouteOutput<'GET /V1/products/{sku}'>>().toHaveProperty('price').toEqualTypeOf<number | undefined>();
  });

  it('cart totals, bulk records and orders carry the nulls live installations send', () => {
    type Totals = RouteOutput<'GET /V1/carts/mine/totals'>;
    expectTypeOf<NonNullable<Totals['items']>[number]['weee_tax_applied_amount']>().toEqualTypeOf<number | null>();
    type Operation = NonNullable<RouteOutput<'GET /V1/bulk/{bulkUuid}/detailed-status'>['operations_list']>[number];
    expectTypeOf<Operation['serialized_data']>().toEqualTypeOf<string | null>();
    expectTypeOf<RouteOutput<'GET /V1/orders/{id}'>>().toHaveProperty('grand_total').toEqualTypeOf<number | null>();
  });

  it('nested lists and the records in them follow the same rule', () => {
    type Item = NonNullable<RouteOutput<'GET /V1/carts/mine/items'>>[number];
    type Discount = NonNullable<NonNullable<Item['extension_attributes']>['discounts']>[number];
    // getRuleID() → rule_i_d (Reflection\FieldNamer splits acronyms letter by letter).
    expectTypeOf<Discount['rule_i_d']>().toEqualTypeOf<number | null>();
    expectTypeOf<Discount>().not.toHaveProperty('rule_id');
  });

  it('the named methods and request() answer the response types', () => {
    expectTypeOf(commerce.products.get({ sku: 'MB-01' })).resolves.toHaveProperty('sku').toEqualTypeOf<string | null>();
    expectTypeOf(commerce.request('GET /V1/products/{sku}', { sku: 'MB-01' })).resolves.toHaveProperty('sku').toEqualTypeOf<string | null>();
  });
});

describe('scalar results are the declared type: the SDK casts what arrives uncast', () => {
  it('a cart id from POST /V1/carts/mine is a number (the platform sends "81668"; the client hands back 81668)', () => {
    expectTypeOf(commerce.carts.mine.create()).resolves.toEqualTypeOf<number>();
    expectTypeOf<RouteOutput<'POST /V1/order/{orderId}/invoice'>>().toEqualTypeOf<number>();
    expectTypeOf<RouteOutput<'POST /V1/order/{orderId}/ship'>>().toEqualTypeOf<number>();
    expectTypeOf<RouteOutput<'POST /V1/products/{sku}/media'>>().toEqualTypeOf<number>();
    expectTypeOf<RouteOutput<'POST /V1/carts/mine/payment-information'>>().toEqualTypeOf<number>();
  });

  it('a result the platform may answer as null ([] on the wire) is T | null where the spec marks it', () => {
    expectTypeOf(commerce.carts.coupons.get({ cartId: 3 })).resolves.toEqualTypeOf<string | null>();
    expectTypeOf<RouteOutput<'GET /V1/carts/mine/coupons'>>().toEqualTypeOf<string | null>();
    expectTypeOf<RouteOutput<'GET /V1/guest-carts/{cartId}/coupons'>>().toEqualTypeOf<string | null>();
  });
});

describe('request types are unchanged', () => {
  it('a product to save needs its sku as a string, not null', () => {
    expectTypeOf<RouteInput<'PUT /V1/products/{sku}'>['product']['sku']>().toEqualTypeOf<string>();
    expectTypeOf<{ sku: string; product: { sku: null } }>().not.toExtend<RouteInput<'PUT /V1/products/{sku}'>>();
  });

  it('a stock item to save takes qty as a number; the published schema keeps the request shape', () => {
    expectTypeOf<RouteInput<'PUT /V1/products/{productSku}/stockItems/{itemId}'>['stockItem']['qty']>().toEqualTypeOf<number>();
    expectTypeOf<components['schemas']['catalog-inventory-data-stock-item-interface']['qty']>().toEqualTypeOf<number>();
    expectTypeOf<components['schemas']['catalog-inventory-data-stock-item-interface.output']['qty']>().toEqualTypeOf<number | null>();
  });

  it('a cart item to add takes qty as a number', () => {
    expectTypeOf<RouteInput<'POST /V1/carts/mine/items'>['cartItem']['qty']>().toEqualTypeOf<number>();
  });
});
