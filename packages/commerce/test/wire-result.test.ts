// The documented normalisation of results (docs/design.md, "Response types"): the platform sends a
// scalar result uncast (an id read from the database as a numeric string) and a null result as `[]`
// (Webapi\ServiceOutputProcessor::convertValue); the caller gets the declared type. Bodies as live
// installations send them (wire.md §2), from a fetch stub.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient, isCommerceError } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';
import { failure } from '@magekit/test-support/failure';

const base = 'https://shop.test';
const commerce = () => createCommerceClient({ baseUrl: base, retry: 0 });
/** Every request to the stub answers `body`. */
const answer = (body: JsonBodyType) => server.use(http.all(`${base}/rest/*`, () => HttpResponse.json(body)));

describe('scalar results arrive uncast: the declared number is handed back', () => {
  it('POST /V1/carts/mine answers "81668": the cart id is the number 81668', async () => {
    answer('81668');
    const id = await commerce().carts.mine.create();
    expect(id).toBe(81668);
    expect(id + 1).toBe(81669);
    expect(await commerce().request('POST /V1/carts/mine')).toBe(81668);
  });

  it('invoice, ship, media create and payment-information answer their ids as strings', async () => {
    answer('2');
    expect(await commerce().request('POST /V1/order/{orderId}/invoice', { orderId: 5 })).toBe(2);
    answer('5');
    expect(await commerce().request('POST /V1/order/{orderId}/ship', { orderId: 5 })).toBe(5);
    answer('3418');
    expect(await commerce().products.media.create({ sku: 'MB-01', entry: { media_type: 'image', disabled: false, types: [], file: 'x.jpg' } as never })).toBe(3418);
    answer('4');
    expect(await commerce().request('POST /V1/carts/mine/payment-information', { paymentMethod: { method: 'checkmo' } })).toBe(4);
  });

  it('a computed number stays the number it is', async () => {
    answer(7);
    expect(await commerce().request('GET /V1/bulk/{bulkUuid}/operation-status/{status}', { bulkUuid: 'u', status: 4 })).toBe(7);
  });

  it('a numeric route answering a non-numeric string is an unexpected response, not a lie', async () => {
    answer('not-an-id');
    const error = await failure(commerce().carts.mine.create());
    expect(isCommerceError(error)).toBe(true);
    expect(error.kind).toBe('response');
    expect(error.message).toMatch(/POST \/V1\/carts\/mine answered "not-an-id" where its schema declares a number/);
  });

  it('a string result stays a string, even when it looks like a number', async () => {
    answer('12345');
    expect(await commerce().request('POST /V1/guest-carts')).toBe('12345');
  });
});

describe('a null result arrives as []', () => {
  it('is null on a scalar route (a cart without a coupon)', async () => {
    answer([]);
    expect(await commerce().request('GET /V1/carts/{cartId}/coupons', { cartId: 3 })).toBeNull();
  });

  it('is null on a record route with required fields (the record would carry them, null or not)', async () => {
    answer([]);
    expect(await commerce().request('GET /V1/carts/{cartId}', { cartId: 3 })).toBeNull();
  });

  it('is the empty record where the record has no required field (an empty record is written as [] too)', async () => {
    answer([]);
    expect(await commerce().request('GET /V1/categories/{categoryId}', { categoryId: 3 })).toEqual({});
  });

  it('stays [] on a list route', async () => {
    answer([]);
    expect(await commerce().request('GET /V1/carts/{cartId}/items', { cartId: 3 })).toEqual([]);
  });

  it('leaves a non-empty array alone on a record route', async () => {
    answer([1]);
    expect(await commerce().request('GET /V1/carts/{cartId}', { cartId: 3 })).toEqual([1]);
  });
});

describe('commerce.fetch reads a known route the same way, and an unknown path as sent', () => {
  it('normalises a route of the client', async () => {
    answer('81668');
    expect(await commerce().fetch('POST', '/V1/carts/mine')).toBe(81668);
    answer([]);
    expect(await commerce().fetch('GET', '/V1/carts/{cartId}/coupons', { path: { cartId: 3 } })).toBeNull();
  });

  it('passes an unlisted path through untouched', async () => {
    answer('81668');
    expect(await commerce().fetch('POST', '/V1/acme/things')).toBe('81668');
    answer([]);
    expect(await commerce().fetch('GET', '/V1/acme/things/{id}', { path: { id: 1 } })).toEqual([]);
  });
});
