import { describe, expect, it } from 'vitest';
import { createFakeCommerce } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { asyncClient, BASE } from './async-harness.ts';
import { server } from '@magekit/test-support/msw';

describe.each(['upfront', 'when-worked'] as const)('1,000 price updates through the fake, with injected failures (operations stored %s)', (operationStorage) => {
  it('accounts for every operation, ties each to its input position, and resubmits the retryable ones', async () => {
    const fake = createFakeCommerce({
      operationStorage,
      auth: false,
      seed: { products: 1000 },
      rejectElement: (_route, element) => (element['sku'] === 'SKU-0500' ? 'The "price" value is invalid.' : undefined),
      consumer: {
        failures: {
          bySku: { 'SKU-0007': { status: 3, message: 'The product was unable to be saved.' }, 'SKU-0008': { status: 5 } },
          rate: 0.05,
          rateStatus: [2, 3],
          seed: 42,
        },
      },
    });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = asyncClient();
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
      return { sku, product: { sku, price: 1000 + i } };
    });

    const job = await commerce.bulk.products.update(rows, { chunkSize: 300, concurrency: 2, throwOnRejected: false });
    expect(job.chunks).toHaveLength(4);
    expect(job.rejected.map((r) => r.position)).toEqual([499]);
    const progress: number[] = [];
    const outcome = await commerce.waitForBulk(job, { minDelay: 5, maxDelay: 50, onProgress: (e) => progress.push(e.open) });

    const { counts } = outcome;
    expect(counts.total).toBe(1000);
    expect(counts.complete + counts.failed + counts.rejected).toBe(1000);
    expect(counts.open).toBe(0);
    expect(counts.failed).toBeGreaterThan(20); // ~5 % by rate, plus SKU-0007
    expect(outcome.operations.map((op) => op.position)).toEqual([...Array(1000).keys()]);
    let completed = 0;
    for await (const op of outcome.results()) {
      completed += 1;
      expect(outcome.operations[op.position]!.state).toBe('complete');
      const row = rows[op.position]!;
      expect(op.result?.sku).toBe(row.sku);
      expect(op.result?.price).toBe(row.product.price);
    }
    expect(completed).toBe(counts.complete);
    for (const op of outcome.operations) {
      const row = rows[op.position]!;
      expect((op.input as { sku: string }).sku).toBe(row.sku);
      if (op.status === 1) {
        expect(fake.store.products.get(row.sku)!['price']).toBe(row.product.price);
      } else {
        expect(fake.store.products.get(row.sku)!['price']).not.toBe(row.product.price);
      }
    }
    expect(outcome.operations[6]).toMatchObject({ status: 3, resultMessage: 'The product was unable to be saved.' });
    expect(outcome.operations[7]).toMatchObject({ status: 5, state: 'rejected' });
    expect(outcome.operations[499]).toMatchObject({ status: 5, stage: 'acceptance', resultMessage: 'The "price" value is invalid.' });
    expect(progress.at(-1)).toBe(0);
    expect(progress.length).toBeGreaterThan(1);

    // Only status 2 goes again; positions still point at the original input.
    const retryable = outcome.retryable().map((op) => op.position);
    expect(retryable.length).toBeGreaterThan(0);
    fake.consumer.failures = {};
    const again = await commerce.bulk.resubmitRetryable(outcome);
    const second = await commerce.waitForBulk(again!, { minDelay: 5 });
    expect(second.operations.map((op) => op.position)).toEqual(retryable);
    expect(second.ok).toBe(true);
    for (const position of retryable) expect(fake.store.products.get(rows[position]!.sku)!['price']).toBe(rows[position]!.product.price);
  });

  it('reports a stopped consumer as stalled instead of hanging', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 5 }, consumer: { autoStart: false } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = asyncClient();
    const job = await commerce.bulk.products.update([{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 1 } }]);
    await expect(commerce.waitForBulk(job, { minDelay: 5, maxDelay: 10, stallAfter: 100 })).rejects.toMatchObject({ kind: 'stalled' });
    fake.consumer.start();
    const outcome = await commerce.waitForBulk(job, { minDelay: 5 });
    expect(outcome.ok).toBe(true);
  });
});

/**
 * Several chunks, one search per bulk: since 2.4 operation ids are request indexes, so chunks share
 * ids and a search ORing their UUIDs gets the platform's 500 (magento/magento2#29579); on 2.3 the
 * ids are database ids that overlap other chunks' request indexes, so placement by id is checked
 * against each operation's meta_information.
 */
describe.each(['per-bulk', 'database'] as const)('multi-chunk jobs against the fake with %s operation ids', (operationIds) => {
  const skuOf = (i: number) => `SKU-${String(i + 1).padStart(4, '0')}`;
  const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => ({ sku: skuOf(i), product: { sku: skuOf(i), price: 2000 + i } }));

  async function run(count: number, chunkSize: number, failing: Record<number, 2 | 3>, concurrency = 3) {
    const bySku = Object.fromEntries(Object.entries(failing).map(([position, status]) => [skuOf(Number(position)), { status, message: `failed #${position}` }]));
    const fake = createFakeCommerce({ auth: false, operationIds, seed: { products: count }, consumer: { failures: { bySku } } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = asyncClient();
    const rows = rowsOf(count);
    const job = await commerce.bulk.products.update(rows, { chunkSize, concurrency });
    const searchesBefore = fake.stats.byRoute.get('GET /V1/bulk') ?? 0;
    const outcome = await commerce.waitForBulk(job, { minDelay: 5, maxDelay: 20, maxWait: 10_000, jitter: false });
    return { fake, commerce, rows, job, outcome, searches: (fake.stats.byRoute.get('GET /V1/bulk') ?? 0) - searchesBefore };
  }

  it('a 3-chunk job with failures at the same index in two chunks: the full outcome, every operation at its input position', async () => {
    const { rows, job, outcome } = await run(12, 4, { 1: 3, 5: 2 });
    expect(job.chunks).toHaveLength(3);
    expect(outcome.counts).toMatchObject({ total: 12, complete: 10, failed: 2, retryable: 1, open: 0, unaccounted: 0 });
    expect(outcome.failures().map((op) => [op.position, op.status, op.resultMessage])).toEqual([[1, 3, 'failed #1'], [5, 2, 'failed #5']]);
    for (const op of outcome.operations) expect(op.input).toEqual(rows[op.position]);
    const results = [];
    for await (const op of outcome.results({ pageSize: 3 })) results.push(op);
    expect(results.map((op) => op.position).sort((a, b) => a - b)).toEqual([0, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    for (const op of results) expect([op.result, op.input]).toEqual([expect.objectContaining({ sku: rows[op.position]!.sku, price: rows[op.position]!.product.price }), rows[op.position]]);
  });

  it('a status read of an unfinished multi-chunk job lists every stored operation at its position', async () => {
    const fake = createFakeCommerce({ auth: false, operationIds, seed: { products: 9 }, consumer: { autoStart: false, failures: { bySku: { [skuOf(0)]: { status: 3 }, [skuOf(3)]: { status: 3 } } } } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = asyncClient();
    const rows = rowsOf(9);
    const job = await commerce.bulk.products.update(rows, { chunkSize: 3, concurrency: 1 });
    // Work the first element of each chunk and the second of the first, leave the rest open.
    const pending = fake.queue.pending.splice(0);
    const worked = [pending[0]!, pending[1]!, pending[3]!, pending[6]!];
    fake.queue.pending.push(...worked);
    await fake.consumer.drain();
    fake.queue.pending.push(...pending.filter((op) => !worked.includes(op)));
    const status = await commerce.readBulkStatus(job);
    expect(status.operations.map((op) => op.state)).toEqual(['failed', 'complete', 'open', 'failed', 'open', 'open', 'complete', 'open', 'open']);
    for (const op of status.operations) expect(op.input).toEqual(rows[op.position]);
    expect(status.operations.filter((op) => op.operationId !== null).map((op) => op.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a stand-in like the report: 500 rows in 3 chunks with 35 failures comes out whole', async () => {
    // 12 indexes failing in every chunk (the same indexes: the same ids on 2.4), less one.
    const indexes = [0, 1, 2, 7, 19, 40, 66, 99, 120, 150, 160, 165];
    const failing: Record<number, 2 | 3> = {};
    for (const chunk of [0, 1, 2]) for (const [k, index] of indexes.entries()) failing[chunk * 167 + index] = k % 2 ? 2 : 3;
    delete failing[2 * 167 + 165];
    expect(Object.keys(failing)).toHaveLength(35);
    const { rows, job, outcome, searches } = await run(500, 167, failing);
    expect(job.chunks.map((c) => c.size)).toEqual([167, 167, 166]);
    expect(outcome.counts).toMatchObject({ total: 500, complete: 465, failed: 35, open: 0, unaccounted: 0 });
    expect(outcome.failures().map((op) => op.position)).toEqual(Object.keys(failing).map(Number).sort((a, b) => a - b));
    for (const op of outcome.operations) expect(op.input).toEqual(rows[op.position]);
    let complete = 0;
    for await (const op of outcome.results()) {
      complete += 1;
      expect(op.result).toMatchObject({ sku: rows[op.position]!.sku, price: rows[op.position]!.product.price });
    }
    expect(complete).toBe(465);
    // The final read: one failure listing per chunk (35 rows fit one page each), besides the closed counts.
    expect(searches).toBeGreaterThanOrEqual(3);
  });
});

describe('bulk reads under the platform input limits (2.4.3+)', () => {
  it('listings and results() follow a maximum page size below their 300', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 250 }, inputLimits: { maximumPageSize: 40 }, consumer: { failures: { rate: 0.4, rateStatus: 3, seed: 7 } } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = asyncClient();
    const rows = Array.from({ length: 250 }, (_, i) => {
      const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
      return { sku, product: { sku, price: 3000 + i } };
    });
    const job = await commerce.bulk.products.update(rows, { chunkSize: 125 });
    const outcome = await commerce.waitForBulk(job, { minDelay: 5, maxDelay: 20, maxWait: 10_000 });
    expect(outcome.counts.failed).toBeGreaterThan(80); // more than two pages of 40 per chunk
    expect(outcome.counts.complete + outcome.counts.failed).toBe(250);
    for (const op of outcome.operations) expect(op.input).toEqual(rows[op.position]);
    const complete = [];
    for await (const op of outcome.results()) complete.push(op.position);
    expect(complete).toHaveLength(outcome.counts.complete);
    expect(new Set(complete).size).toBe(complete.length);
  });
});
