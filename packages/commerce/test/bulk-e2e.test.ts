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
