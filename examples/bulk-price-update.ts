/**
 * Bulk price update: thousands of price changes through the platform's message queue, with a
 * progress line, a per-SKU outcome, and one resubmission of the operations the platform says may
 * succeed on a second try (deadlocks and the like).
 *
 *   MAGEKIT_BASE_URL=https://shop.example.com MAGEKIT_ADMIN_USERNAME=... MAGEKIT_ADMIN_PASSWORD=... \
 *     npx tsx examples/bulk-price-update.ts
 *
 * Without MAGEKIT_BASE_URL it runs against the embedded fake platform.
 */
import { adminToken, createCommerceClient, type CommerceClient, type ProgressEvent } from '@magekit/commerce';

export interface PriceChange {
  sku: string;
  price: number;
}

export interface PriceUpdateReport {
  updated: string[];
  failed: { sku: string; status: number | null; message: string }[];
  resubmitted: number;
}

export async function updatePrices(
  commerce: CommerceClient,
  changes: readonly PriceChange[],
  onProgress?: (event: ProgressEvent) => void,
): Promise<PriceUpdateReport> {
  // One element per product: the same flat input as commerce.products.update({ sku, product }).
  const rows = changes.map(({ sku, price }) => ({ sku, product: { sku, price } }));
  const job = await commerce.bulk.products.update(rows, { chunkSize: 1000 });
  const first = await commerce.waitForBulk(job, { onProgress, minDelay: 200, maxDelay: 2000 });

  // Status 2 means "failed, may be retried as is": send those once more, and wait again.
  const retryJob = await commerce.bulk.resubmitRetryable(first);
  const second = retryJob ? await commerce.waitForBulk(retryJob, { minDelay: 200, maxDelay: 2000 }) : undefined;
  const retried = new Map((second?.operations ?? []).map((op) => [(op.input as { sku: string }).sku, op]));

  const report: PriceUpdateReport = { updated: [], failed: [], resubmitted: retried.size };
  for (const op of first.operations) {
    const sku = changes[op.position]!.sku;
    const final = retried.get(sku) ?? op;
    if (final.status === 1) report.updated.push(sku);
    else report.failed.push({ sku, status: final.status, message: final.resultMessage ?? 'no message' });
  }
  return report;
}

async function main(): Promise<void> {
  const { clientFromEnvironment } = await import('./support/target.ts');
  const target = await clientFromEnvironment({ seed: { products: 500 }, consumer: { failures: { rate: 0.02 } } });
  try {
    const changes = Array.from({ length: 500 }, (_, i) => ({ sku: `SKU-${String(i + 1).padStart(4, '0')}`, price: 10 + (i % 50) }));
    const report = await updatePrices(target.commerce, changes, (e) => process.stdout.write(`\r${e.total - e.open}/${e.total} done`));
    console.log(`\nupdated ${report.updated.length}, failed ${report.failed.length}, resubmitted ${report.resubmitted}`);
    for (const failure of report.failed.slice(0, 5)) console.log(`  ${failure.sku}: [${failure.status}] ${failure.message}`);
  } finally {
    await target.close();
  }
}

if (import.meta.main) await main();
export { createCommerceClient, adminToken };
