import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BulkRejectedError, isBulkable, MAX_CHUNK_SIZE, type BulkJob } from '../../src/async/index.ts';
import { routes } from '../../src/routes/table.ts';
import { acceptanceBody, asyncClient, BASE, capture, type Captured } from '../async-harness.ts';
import { server } from '@magekit/test-support/msw';

/** The documented rule, written out independently of the SDK's own rewrite. */
function expectedBulkPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const m = /^\{(.+)\}$/.exec(segment);
      return m ? `by${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)}` : segment;
    })
    .join('/');
}

function acceptEverything(seen: Captured[], delayFor?: () => Promise<void>) {
  let n = 0;
  server.use(
    http.all(`${BASE}/rest/*`, async ({ request }) => {
      const c = await capture(request);
      seen.push(c);
      await delayFor?.();
      const count = Array.isArray(c.body) ? c.body.length : 1;
      return HttpResponse.json(acceptanceBody(`uuid-${n++}`, count), { status: 202 });
    }),
  );
}

const writeRoutesWithParams = routes.filter((r) => r.method !== 'GET' && r.pathParams.length > 0);

describe('bulk by-param rewriting', () => {
  it('covers the documented examples', () => {
    expect(expectedBulkPath('/V1/products/{sku}/media/{entryId}')).toBe('/V1/products/bySku/media/byEntryId');
    expect(expectedBulkPath('/V1/carts/{quoteId}/items')).toBe('/V1/carts/byQuoteId/items');
    expect(expectedBulkPath('/V1/cmsPage/{pageId}')).toBe('/V1/cmsPage/byPageId');
  });

  // Self-hosted URLs; the cloud-only routes' bulk URLs (/V1/async/bulk/...) are held by test/platform-coverage.test.ts.
  it.each(writeRoutesWithParams.filter((r) => isBulkable(r) && !r.cloudServiceOnly).map((r) => [r.key, r] as const))('%s', async (_key, route) => {
    const seen: Captured[] = [];
    acceptEverything(seen);
    const element: Record<string, unknown> = {};
    route.pathParams.forEach((name, i) => (element[name] = i % 2 ? i + 7 : `v/${i}+x`));
    const job = await asyncClient().bulk.request(route.key as never, [element] as never);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe(route.method);
    expect(seen[0]!.pathname).toBe(`/rest/async/bulk${expectedBulkPath(route.path)}`);
    // The element travels exactly as given: path values inside it, nothing in the URL.
    expect(seen[0]!.body).toEqual([element]);
    expect(job.items[0]).toMatchObject({ position: 0, status: 'accepted', bulkUuid: 'uuid-0' });
  });

  it('says which write routes cannot be expressed as bulk routes, before sending', async () => {
    const unbulkable = writeRoutesWithParams.filter((r) => !isBulkable(r));
    expect(unbulkable.map((r) => r.key)).toEqual(['POST /V1/{provider}-guest-carts/{cartId}/payment-information']);
    await expect(asyncClient().bulk.request(unbulkable[0]!.key as never, [{ provider: 'x', cartId: 'y' }] as never)).rejects.toThrow(/inside a segment/);
  });

  it('places bulk methods next to the generated status methods without collisions', () => {
    const commerce = asyncClient();
    for (const name of ['getStatus', 'getDetailedStatus', 'countByStatus']) expect(typeof (commerce.bulk as unknown as Record<string, unknown>)[name]).toBe('function');
    expect(typeof commerce.bulk.operations.search).toBe('function');
    expect(typeof commerce.bulk.products.update).toBe('function');
    expect(typeof commerce.bulk.resubmitRetryable).toBe('function');
  });
});

describe('bulk input checks (nothing is sent)', () => {
  it.each([
    ['an empty array', [], /empty array/],
    ['an element missing its path value', [{ sku: 'a', product: {} }, { product: { price: 1 } }], /element 1 has no "sku"/],
    ['an element with an empty path value', [{ sku: '', product: {} }], /has no "sku"/],
    ['a non-object element', [42], /must be the route's input object/],
  ])('refuses %s', async (_name, rows, message) => {
    const seen: Captured[] = [];
    acceptEverything(seen);
    await expect(asyncClient().bulk.products.update(rows as never)).rejects.toThrow(message);
    expect(seen).toHaveLength(0);
  });

  it('refuses an invalid store code as input (kind "input"), before anything is sent, like sync and async calls', async () => {
    const seen: Captured[] = [];
    acceptEverything(seen);
    const commerce = asyncClient();
    const rows = [{ sku: 'a', product: { sku: 'a' } }];
    const bulkError = await commerce.bulk.products.update(rows, { storeCode: 'no such/store' }).catch((e: unknown) => e);
    const asyncError = await commerce.async.products.update(rows[0]!, { storeCode: 'no such/store' }).catch((e: unknown) => e);
    for (const error of [bulkError, asyncError]) {
      expect(error).toMatchObject({ kind: 'input' });
      expect((error as Error).message).toMatch(/storeCode "no such\/store" is not a valid store view code/);
    }
    expect(seen).toHaveLength(0);
  });

  it('refuses chunk sizes beyond the platform limit', async () => {
    const seen: Captured[] = [];
    acceptEverything(seen);
    await expect(asyncClient().bulk.products.update([{ sku: 'a', product: { sku: 'a' } }], { chunkSize: MAX_CHUNK_SIZE + 1 })).rejects.toThrow(/1 to 5000/);
    await expect(asyncClient().bulk.products.update([{ sku: 'a', product: { sku: 'a' } }], { chunkSize: 0 })).rejects.toThrow(/chunkSize/);
    expect(seen).toHaveLength(0);
  });

  it('keeps chunks under the async array limit the client or the call sets (default 5000, the platform default)', async () => {
    const seen: Captured[] = [];
    acceptEverything(seen);
    const rows = Array.from({ length: 25 }, (_, i) => ({ sku: `S${i}`, product: { sku: `S${i}`, price: i } }));
    // The client's limit is also the default chunk size when it is below 1000.
    const job = await asyncClient({ asyncArrayLimit: 10 }).bulk.products.update(rows);
    expect(job.chunks.map((c) => c.size)).toEqual([10, 10, 5]);
    expect(seen.map((c) => (c.body as unknown[]).length)).toEqual([10, 10, 5]);
    await expect(asyncClient({ asyncArrayLimit: 10 }).bulk.products.update(rows, { chunkSize: 11 })).rejects.toThrow(/1 to 10 \(the async array limit in force/);
    // A call can set its own.
    const small = await asyncClient().bulk.products.update(rows, { asyncArrayLimit: 20 });
    expect(small.chunks.map((c) => c.size)).toEqual([20, 5]);
    await expect(asyncClient().bulk.products.update(rows, { asyncArrayLimit: 0 })).rejects.toThrow(/asyncArrayLimit must be a whole number/);
    await expect(asyncClient({ asyncArrayLimit: 2.5 }).bulk.products.update(rows)).rejects.toThrow(/the client option asyncArrayLimit must be a whole number/);
    expect(seen).toHaveLength(5);
  });
});

describe('bulk chunking', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: `S${i}`, product: { sku: `S${i}`, price: i } }));

  it('splits into chunks, bounds concurrency, and maps every item back to its input position', async () => {
    const seen: Captured[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    acceptEverything(seen, async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
    });
    const job = await asyncClient().bulk.products.update(rows(2500), { chunkSize: 1000, concurrency: 2 });
    expect(seen.map((c) => (c.body as unknown[]).length)).toEqual([1000, 1000, 500]);
    expect(maxInFlight).toBe(2);
    expect(job.total).toBe(2500);
    expect(job.accepted).toBe(2500);
    expect(job.chunks.map((c) => [c.offset, c.size])).toEqual([[0, 1000], [1000, 1000], [2000, 500]]);
    expect(new Set(job.bulkUuids).size).toBe(3);
    // Every position once, in order, tied to the chunk that carried it and its index in that request.
    expect(job.items.map((i) => i.position)).toEqual([...Array(2500).keys()]);
    const item = job.items[1234]!;
    const chunk = job.chunks.find((c) => c.bulkUuid === item.bulkUuid)!;
    expect(chunk.offset + item.requestId).toBe(1234);
    expect((seen.find((c) => (c.body as { sku: string }[])[0]!.sku === `S${chunk.offset}`)!.body as { sku: string }[])[item.requestId]!.sku).toBe('S1234');
  });

  it('reports rejected elements by input position and still hands over the accepted part', async () => {
    let n = 0;
    server.use(
      http.all(`${BASE}/rest/*`, async ({ request }) => {
        const body = (await request.json()) as unknown[];
        const index = n++;
        if (index === 1) return HttpResponse.json({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'product' } }, { status: 400 });
        return HttpResponse.json(acceptanceBody(`u${index}`, body.length, index === 0 ? { 3: 'The "price" value is invalid.' } : {}), { status: 202 });
      }),
    );
    const error = (await asyncClient().bulk.products.update(rows(25), { chunkSize: 10, concurrency: 1 }).catch((e: unknown) => e)) as BulkRejectedError<BulkJob>;
    expect(error).toBeInstanceOf(BulkRejectedError);
    expect(error.items.map((i) => i.position)).toEqual([3, ...Array.from({ length: 10 }, (_, i) => 10 + i)]);
    expect(error.items[0]!.message).toBe('The "price" value is invalid.');
    expect(error.items[1]!.message).toBe('"product" is required. Enter and try again.');
    const job = error.job!;
    expect(job.accepted).toBe(14);
    expect(job.bulkUuids).toEqual(['u0', 'u2']);

    const returned = await asyncClient().bulk.products.update(rows(5), { throwOnRejected: false });
    expect(returned.accepted).toBe(5);
  });

  it('keeps going when one chunk fails in transport, marking its items as not known to be queued', async () => {
    let n = 0;
    server.use(
      http.all(`${BASE}/rest/*`, async ({ request }) => {
        const body = (await request.json()) as unknown[];
        return n++ === 0 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json(acceptanceBody(`u${n}`, body.length), { status: 202 });
      }),
    );
    const job = await asyncClient({ retry: false }).bulk.products.create(
      Array.from({ length: 4 }, (_, i) => ({ product: { sku: `c${i}` } })),
      { chunkSize: 2, concurrency: 1, throwOnRejected: false },
    );
    expect(job.rejected.map((r) => [r.position, r.stage])).toEqual([[0, 'submit'], [1, 'submit']]);
    expect(job.rejected[0]!.message).toMatch(/unknown/);
    expect(job.accepted).toBe(2);
  });
});
