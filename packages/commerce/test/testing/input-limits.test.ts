/**
 * The fake's Web API input limits: off by default as on the platform, and with them on the
 * refusals the platform's validators make (Framework/Webapi/Validator/*), with their templates.
 */
import { describe, expect, it } from 'vitest';
import { createFakeCommerce, INPUT_LIMIT_MESSAGES, type FakeCommerceOptions } from '../../src/testing/index.ts';

const BASE = 'https://shop.limits.test';

function fakeWith(inputLimits: FakeCommerceOptions['inputLimits']) {
  const fake = createFakeCommerce({ auth: false, seed: { products: 40 }, consumer: { autoStart: false }, inputLimits });
  const get = async (path: string) => {
    const response = await fake.handle(new Request(`${BASE}/rest${path}`));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fake.handle(new Request(`${BASE}/rest${path}`, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { fake, get, send };
}

const prices = (n: number) => ({ prices: Array.from({ length: n }, (_, i) => ({ sku: `SKU-${String(i + 1).padStart(4, '0')}`, price: i, store_id: 0 })) });

describe('input limits in the fake', () => {
  it('are off by default, as on the platform: any page size, any array length', async () => {
    const { get, send } = fakeWith(undefined);
    const page = await get('/V1/products?searchCriteria[pageSize]=1000');
    expect([page.status, (page.body['items'] as unknown[]).length]).toEqual([200, 40]);
    expect((await get('/V1/products?searchCriteria[currentPage]=1')).body['items']).toHaveLength(40);
    expect((await send('POST', '/V1/products/base-prices', prices(25))).status).toBe(200);
  });

  it('refuse a page size above the maximum with 400 and the template, and give a search without one the default page size', async () => {
    const { get } = fakeWith(true);
    expect(await get('/V1/products?searchCriteria[pageSize]=301')).toEqual({ status: 400, body: { message: INPUT_LIMIT_MESSAGES.pageSize, parameters: { max: 300 } } });
    expect((await get('/V1/products?searchCriteria[page_size]=300')).status).toBe(200);
    expect((await get('/V1/products?searchCriteria[currentPage]=1')).body['items']).toHaveLength(20);
    const custom = fakeWith({ maximumPageSize: 10, defaultPageSize: 5 });
    expect((await custom.get('/V1/bulk?searchCriteria[pageSize]=11')).body).toEqual({ message: 'Maximum SearchCriteria pageSize is %max', parameters: { max: 10 } });
    expect((await custom.get('/V1/products?searchCriteria[currentPage]=2')).body['items']).toHaveLength(5);
  });

  it('refuse arrays of objects past the limit: 20 synchronous and inside bulk elements, 5,000 on /async/V1/; the bulk array itself is not counted', async () => {
    const { fake, send } = fakeWith(true);
    expect(await send('POST', '/V1/products/base-prices', prices(21))).toEqual({ status: 400, body: { message: INPUT_LIMIT_MESSAGES.arrayItems, parameters: { type: 'prices', max: 20 } } });
    expect((await send('POST', '/V1/products/base-prices', prices(20))).status).toBe(200);
    expect((await send('POST', '/async/V1/products/base-prices', prices(21))).status).toBe(202);
    const big = fakeWith({ asyncArrayLimit: 30 });
    expect((await big.send('POST', '/async/V1/products/base-prices', prices(31))).body).toMatchObject({ parameters: { max: 30 } });
    // 40 elements in one bulk request: each is resolved on its own.
    const rows = Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${String(i + 1).padStart(4, '0')}`, product: { price: i } }));
    expect((await send('PUT', '/async/bulk/V1/products/bySku', rows)).status).toBe(202);
    expect((await send('POST', '/async/bulk/V1/products/base-prices', [prices(21)])).status).toBe(400);
    expect(fake.queue.allOperations()).toHaveLength(41);
  });
});

describe('InputLimitError', () => {
  it('an array over the limit names the maximum and, in parameters, the item type', async () => {
    const { createCommerceClient, InputLimitError } = await import('../../src/index.ts');
    const { fake } = fakeWith(true);
    const client = createCommerceClient({ baseUrl: BASE, fetch: (input, init) => fake.handle(new Request(input, init)) });
    const error = await client.request('POST /V1/products/base-prices', prices(21)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputLimitError);
    expect(error).toMatchObject({ status: 400, limit: 'array', maximum: 20, parameters: { type: 'prices', max: 20 } });
    expect((error as Error).message).toMatch(/Maximum items of type "prices" is 20$/);
  });
});
