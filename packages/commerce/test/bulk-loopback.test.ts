/**
 * The waiter against a real loopback server in front of the fake, which resets connections, stalls
 * mid-body, and answers 502 with an HTML page and 429 on the reads that decide the outcome: the
 * bare UUID's first summary read and the final read. The wait rides all of it out and still
 * accounts for every operation.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceClient, none } from '../src/index.ts';
import { createFakeCommerce } from '../src/testing/index.ts';
import { startLoopback, type LoopbackServer } from '@magekit/test-support/loopback';
import { server } from '@magekit/test-support/msw';

type Fault = 'reset' | 'stall' | 'html-502' | '429';

describe('waitForBulk over a faulty network', () => {
  const fake = createFakeCommerce({ auth: false, seed: { products: 40 }, consumer: { delayMs: 1, failures: { bySku: { 'SKU-0005': { status: 3, message: 'The product was unable to be saved.' } } } } });
  let faults: Record<'summary' | 'final', Fault[]> = { summary: [], final: [] };
  /** What every final read past the listed faults meets. */
  let finalAfterwards: Fault | undefined;
  const seen: Record<'summary' | 'final', number> = { summary: 0, final: 0 };
  let loopback: LoopbackServer;

  function injure(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
    if (fault === 'reset') req.socket.destroy();
    else if (fault === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4000' });
      res.write('{"items":[{"id":'); // and nothing more
    } else if (fault === 'html-502') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    } else {
      res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
      res.end('{"message":"Too many requests"}');
    }
  }

  beforeAll(async () => {
    server.close(); // real sockets for this block
    loopback = await startLoopback((req, res, body) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const kind = /\/V1\/bulk\/[^/]+\/status$/.test(url.pathname) ? 'summary' : url.pathname.endsWith('/V1/bulk') && url.searchParams.get('fields') !== 'total_count' ? 'final' : undefined;
      if (kind) {
        const fault = faults[kind][seen[kind]++] ?? (kind === 'final' ? finalAfterwards : undefined);
        if (fault) return injure(fault, req, res);
      }
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json' }, ...(body ? { body } : {}) });
      void fake.handle(request).then(async (response) => {
        res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  afterAll(async () => {
    await loopback.close();
    fake.consumer.stop();
    server.listen({ onUnhandledFrame: 'error' });
  });

  const rows = Array.from({ length: 40 }, (_, i) => {
    const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
    return { sku, product: { sku, price: 300 + i } };
  });

  it('rides out resets, a 502 page and a 429 on the summary and the final read', async () => {
    const commerce = createCommerceClient({ baseUrl: loopback.url, auth: none(), retry: false });
    const job = await commerce.bulk.products.update(rows, { chunkSize: 40 });
    faults = { summary: ['reset', 'html-502', 'reset'], final: ['reset', 'html-502', '429'] };
    seen.summary = seen.final = 0;

    const outcome = await commerce.waitForBulk(job.bulkUuids[0]!, { minDelay: 20, maxDelay: 100, maxWait: 30_000 });
    expect(seen).toEqual({ summary: 4, final: 4 });
    expect(outcome.counts).toEqual({ total: 40, complete: 39, failed: 1, retryable: 0, rejected: 0, open: 0, unaccounted: 0 });
    expect(outcome.failures()[0]).toMatchObject({ position: 4, state: 'failed', resultMessage: 'The product was unable to be saved.', input: rows[4] });
  }, 30_000);

  it('ends by maxWait when the final read stalls mid-body every time, instead of hanging', async () => {
    const commerce = createCommerceClient({ baseUrl: loopback.url, auth: none(), retry: false });
    const job = await commerce.bulk.products.update(rows, { chunkSize: 40 });
    faults = { summary: [], final: [] };
    finalAfterwards = 'stall';
    seen.summary = seen.final = 0;
    const started = Date.now();
    const error = await commerce.waitForBulk(job, { minDelay: 20, maxDelay: 100, maxWait: 1000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', name: 'BulkTimeoutError' });
    expect((error as Error).message).toContain('cut off at the deadline');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
