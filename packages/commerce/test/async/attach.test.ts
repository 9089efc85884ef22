import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BulkRejectedError, type AsyncAcceptance } from '../../src/async/index.ts';
import { isCommerceError } from '../../src/index.ts';
import { acceptanceBody, asyncClient, BASE, capture, type Captured } from '../async-harness.ts';
import { server } from '@magekit/test-support/msw';

function recordAll(answer: (c: Captured) => Response | Promise<Response>): Captured[] {
  const seen: Captured[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const c = await capture(request);
      seen.push(c);
      return answer(c);
    }),
  );
  return seen;
}

describe('async writes', () => {
  it('sends the sync body to /rest/{store}/async/V1/... with the path encoded, and returns a typed acceptance', async () => {
    const seen = recordAll(() => HttpResponse.json(acceptanceBody('b-1', 1), { status: 202 }));
    const commerce = asyncClient();
    const acceptance = await commerce.async.products.update({ sku: 'MB/01+x', product: { sku: 'MB/01+x', price: 10 } }, { storeCode: 'all' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('PUT');
    expect(seen[0]!.pathname).toBe('/rest/all/async/V1/products/MB%2F01%2Bx');
    expect(seen[0]!.body).toEqual({ product: { sku: 'MB/01+x', price: 10 } });
    expect(acceptance).toEqual({
      route: 'PUT /V1/products/{sku}',
      bulkUuid: 'b-1',
      errors: false,
      requestItems: [{ id: 0, dataHash: 'h0', status: 'accepted', errorMessage: null, errorCode: null }],
    });
    expectTypeOf(acceptance).toEqualTypeOf<AsyncAcceptance<'PUT /V1/products/{sku}'>>();
  });

  it('turns a rejected request item into BulkRejectedError carrying its reason', async () => {
    recordAll(() => HttpResponse.json(acceptanceBody('b-2', 1, { 0: 'The "product" value is invalid.' }), { status: 202 }));
    const error = await asyncClient().async.products.create({ product: { sku: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkRejectedError);
    const rejected = error as BulkRejectedError;
    expect(isCommerceError(rejected)).toBe(true);
    expect(rejected.kind).toBe('bulk');
    expect(rejected.items).toEqual([{ position: 0, message: 'The "product" value is invalid.', errorCode: 400, stage: 'acceptance' }]);
  });

  it('turns a web-API exception at acceptance into BulkRejectedError with every aggregated reason filled in', async () => {
    recordAll(() =>
      HttpResponse.json(
        { message: 'Validation failed', errors: [{ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'sku' } }, { message: 'The %1 value is invalid.', parameters: ['price'] }] },
        { status: 400 },
      ),
    );
    const error = (await asyncClient().async.products.create({ product: { sku: '' } }).catch((e: unknown) => e)) as BulkRejectedError;
    expect(error).toBeInstanceOf(BulkRejectedError);
    expect(error.status).toBe(400);
    expect(error.items.map((i) => i.message)).toEqual(['"sku" is required. Enter and try again.', 'The price value is invalid.']);
    expect((error.cause as { kind?: string }).kind).toBe('http');
  });

  it('reports an acceptance of the wrong shape as a response error, not a success', async () => {
    recordAll(() => HttpResponse.json({ bulk_uuid: 7, request_items: 'nope' }, { status: 202 }));
    const error = await asyncClient().async.products.create({ product: { sku: 'x' } }).catch((e: unknown) => e);
    expect((error as { kind?: string }).kind).toBe('response');
    expect(String((error as Error).message)).toMatch(/bulk_uuid/);
  });

  it('keeps server errors and auth failures as they are (they are not rejections)', async () => {
    recordAll(() => HttpResponse.json({ message: 'The consumer isn\'t authorized to access %resources.', parameters: { resources: 'Magento_Catalog::products' } }, { status: 401 }));
    const error = await asyncClient().async.products.create({ product: { sku: 'x' } }).catch((e: unknown) => e);
    expect((error as { kind?: string }).kind).toBe('auth');
  });

  it('refuses an async GET before sending anything, and the types do not offer one', async () => {
    const seen = recordAll(() => HttpResponse.json({}));
    const commerce = asyncClient();
    // @ts-expect-error GET routes have no async variant
    const error = await commerce.async.request('GET /V1/products/{sku}', { sku: 'x' }).catch((e: unknown) => e);
    expect((error as { kind?: string }).kind).toBe('input');
    expect(String((error as Error).message)).toMatch(/no asynchronous variant of GET/);
    expect(seen).toHaveLength(0);
    expect((commerce.async.products as Record<string, unknown>)['get']).toBeUndefined();
    // @ts-expect-error products.get is a read: not in the async tree
    void commerce.async.products.get;
  });

  it('refuses fields and route-variable conflicts before sending', async () => {
    const seen = recordAll(() => HttpResponse.json({}));
    const commerce = asyncClient();
    await expect(commerce.async.request('PUT /V1/products/{sku}', { sku: 'a', product: { sku: 'a' }, fields: 'sku' } as never)).rejects.toThrow(/fields/);
    await expect(commerce.async.customers.update({ customerId: '1', customer: { id: 2, email: 'a@b.c', firstname: 'a', lastname: 'b' } })).rejects.toThrow(/customer.id is 2/);
    expect(seen).toHaveLength(0);
  });
});
