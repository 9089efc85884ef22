// /V2 routes follow the same rules as /V1: per-segment encoding, store codes, and async and bulk
// variants of writes (the platform's async router serves every version), against the wire and the fake.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/index.ts';
import { createFakeCommerce } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { asyncClient, BASE } from './async-harness.ts';
import { server } from '@magekit/test-support/msw';

describe('V2 routes', () => {
  it('are in the table with their own version and named methods under v2', () => {
    const v2 = routes.filter((r) => r.path.startsWith('/V2/'));
    expect(v2.map((r) => r.id).sort()).toEqual([
      'v2.carts.coupons.add', 'v2.carts.coupons.deleteByCodes', 'v2.carts.coupons.list', 'v2.carts.coupons.replace',
      'v2.carts.mine.coupons.add', 'v2.carts.mine.coupons.deleteByCodes', 'v2.carts.mine.coupons.list', 'v2.carts.mine.coupons.replace',
    ]);
  });

  it('take the store code and the async and bulk prefixes like V1 (bulk paths use byCartId)', async () => {
    const seen: string[] = [];
    server.use(
      http.all(`${BASE}/rest/*`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${request.method} ${url.pathname}`);
        if (url.pathname.includes('/async/')) return HttpResponse.json({ bulk_uuid: 'b-1', request_items: [{ id: 0, data_hash: 'h', status: 'accepted' }], errors: false }, { status: 202 });
        return HttpResponse.json(request.method === 'GET' ? ['A'] : null);
      }),
    );
    const commerce = asyncClient({ storeCode: 'en_us' });
    expect(await commerce.v2.carts.coupons.list({ cartId: 7 })).toEqual(['A']);
    await commerce.async.v2.carts.coupons.add({ cartId: 8, couponCodes: ['X'] }, { storeCode: 'all' });
    await commerce.bulk.v2.carts.coupons.replace([{ cartId: 9, couponCodes: ['Y'] }]);
    expect(seen).toEqual([
      'GET /rest/en_us/V2/carts/7/coupons',
      'POST /rest/all/async/V2/carts/8/coupons',
      'PUT /rest/en_us/async/bulk/V2/carts/byCartId/coupons',
    ]);
  });

  it('are answered by the fake, sync and queued', async () => {
    const fake = createFakeCommerce({ auth: false, consumer: { autoStart: false } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = asyncClient();
    const cartId = await commerce.carts.create();
    expect(await commerce.v2.carts.coupons.list({ cartId: Number(cartId) })).toEqual([]);
    const accepted = await commerce.async.v2.carts.coupons.deleteByCodes({ cartId: 1, couponCodes: ['X'] });
    expect(fake.queue.bulks.get(accepted.bulkUuid)!.operations[0]!.topic_name).toMatch(/^async\./);
  });
});
