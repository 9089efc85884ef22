// The bulk pipeline figures: N product price updates through the bulk call and waitForBulk against the
// fake on loopback (its consumer ~1 ms per operation, 5 % injected failures), beside three baselines:
// polling the bulk summary every second, N synchronous PUTs, and, for the final read (the failed
// operations only), the detailed status of every chunk that a full read downloads. Every request
// goes over real HTTP through a counting fetch, so requests and bytes are what a real client would see.
import budgets from './budgets.json' with { type: 'json' };
import { attachAsync } from '../packages/commerce/src/async/attach.ts';
import { bundledParts } from '../packages/commerce/src/async/bundled-parts.ts';
import { createCommerceClient, none } from '../packages/commerce/src/index.ts';
import { startFakeCommerce, type RunningFakeCommerce } from '../packages/commerce/src/testing/index.ts';
import { runtimeOf } from '../packages/commerce/src/calls/runtime.ts';

export interface BenchBulkOptions {
  operations?: number;
  chunkSize?: number;
  consumerDelayMs?: number;
  /** Fraction of operations the consumer fails (statuses 2, 3, 5 in turn). Default 0.05. */
  failureRate?: number;
  /** Parallel requests in the synchronous baseline. Default 8. */
  syncConcurrency?: number;
}

type Phase = 'submit' | 'poll' | 'summary' | 'final' | 'detailed' | 'sync';

interface Traffic {
  requests: Record<Phase, number>;
  bytes: Record<Phase, number>;
}

export interface BenchBulkResult {
  operations: number;
  chunkSize: number;
  magekit: { submitRequests: number; pollRequests: number; pollBytes: number; finalRequests: number; finalBytes: number; wallMs: number };
  /** The detailed status of every chunk, read once after the bulk finished: what a full final read costs. */
  detailedBaseline: { requests: number; bytes: number };
  summaryBaseline: { polls: number; bytes: number; wallMs: number };
  syncBaseline: { requests: number; wallMs: number; concurrency: number };
  accounting: { total: number; complete: number; failed: number; rejected: number; accountedFor: boolean; everyPositionOnce: boolean };
  rows: [figure: string, magekit: string, baseline: string, note: string][];
}

function phaseOf(url: string): Phase {
  if (url.includes('/async/bulk/')) return 'submit';
  if (url.includes('/operation-status/')) return 'poll';
  // The operation search: the closed-count check (fields=total_count) belongs to polling, listings to the final read.
  if (/\/V1\/bulk\?/.test(url)) return new URL(url).searchParams.get('fields') === 'total_count' ? 'poll' : 'final';
  if (url.includes('/detailed-status')) return 'detailed';
  if (/\/V1\/bulk\/[^/]+\/status/.test(url)) return 'summary';
  return 'sync';
}

/** A fetch that counts requests and bytes received (body plus header lines) per phase. */
function countingFetch(traffic: Traffic): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    const phase = phaseOf(input instanceof Request ? input.url : String(input));
    let headerBytes = 0;
    response.headers.forEach((value, name) => (headerBytes += name.length + value.length + 4));
    traffic.requests[phase] += 1;
    traffic.bytes[phase] += body.byteLength + headerBytes;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

const newTraffic = (): Traffic => ({
  requests: { submit: 0, poll: 0, summary: 0, final: 0, detailed: 0, sync: 0 },
  bytes: { submit: 0, poll: 0, summary: 0, final: 0, detailed: 0, sync: 0 },
});

function priceRows(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
    return { sku, product: { sku, price: 100 + (i % 500) } };
  });
}

function clientFor(running: RunningFakeCommerce, traffic: Traffic) {
  const client = createCommerceClient({ baseUrl: running.url, auth: none(), fetch: countingFetch(traffic) });
  return { client, features: attachAsync(runtimeOf(client), bundledParts) };
}

export async function benchBulk(options: BenchBulkOptions = {}): Promise<BenchBulkResult> {
  const operations = options.operations ?? 10_000;
  const chunkSize = options.chunkSize ?? 1000;
  const delayMs = options.consumerDelayMs ?? 1;
  const failureRate = options.failureRate ?? 0.05;
  const syncConcurrency = options.syncConcurrency ?? 8;
  const rows = priceRows(operations);
  const seed = { products: operations };

  // 1. magekit: bulk call + waitForBulk.
  const traffic = newTraffic();
  let running = await startFakeCommerce({ auth: false, seed, consumer: { delayMs, failures: { rate: failureRate, rateStatus: [2, 3, 5], seed: 7 } } });
  let magekit: BenchBulkResult['magekit'];
  let accounting: BenchBulkResult['accounting'];
  let detailedBaseline: BenchBulkResult['detailedBaseline'];
  try {
    const { features } = clientFor(running, traffic);
    const started = performance.now();
    const job = await features.bulk.products.update(rows, { chunkSize, throwOnRejected: false });
    const outcome = await features.waitForBulk(job);
    const wallMs = performance.now() - started;
    magekit = { submitRequests: traffic.requests.submit, pollRequests: traffic.requests.poll + traffic.requests.summary, pollBytes: traffic.bytes.poll + traffic.bytes.summary, finalRequests: traffic.requests.final, finalBytes: traffic.bytes.final, wallMs };
    // Baseline: the same finished bulk read in full, one detailed status per chunk.
    for (const bulkUuid of job.bulkUuids) await features.bulk.getDetailedStatus({ bulkUuid });
    detailedBaseline = { requests: traffic.requests.detailed, bytes: traffic.bytes.detailed };
    const c = outcome.counts;
    const positions = outcome.operations.map((op) => op.position);
    accounting = {
      total: c.total,
      complete: c.complete,
      failed: c.failed,
      rejected: c.rejected,
      accountedFor: c.complete + c.failed + c.rejected === operations,
      everyPositionOnce: positions.length === operations && positions.every((p, i) => p === i) && outcome.operations.every((op) => (op.input as { sku?: string }).sku === rows[op.position]!.sku),
    };
  } finally {
    await running.close();
  }

  // 2. Baseline: the same bulk, watched by fetching the summary of every chunk once a second.
  const summaryTraffic = newTraffic();
  running = await startFakeCommerce({ auth: false, seed, consumer: { delayMs } });
  let summaryBaseline: BenchBulkResult['summaryBaseline'];
  try {
    const { features } = clientFor(running, summaryTraffic);
    const started = performance.now();
    const job = await features.bulk.products.update(rows, { chunkSize });
    const pending = new Set(job.bulkUuids);
    while (pending.size) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const bulkUuid of [...pending]) {
        const summary = await features.bulk.getStatus({ bulkUuid });
        if ((summary.operations_list ?? []).every((op) => op.status !== 4)) pending.delete(bulkUuid);
      }
    }
    summaryBaseline = { polls: summaryTraffic.requests.summary, bytes: summaryTraffic.bytes.summary, wallMs: performance.now() - started };
  } finally {
    await running.close();
  }

  // 3. Baseline: one synchronous PUT per product.
  const syncTraffic = newTraffic();
  running = await startFakeCommerce({ auth: false, seed });
  let syncBaseline: BenchBulkResult['syncBaseline'];
  try {
    const { client } = clientFor(running, syncTraffic);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: syncConcurrency }, async () => {
        while (next < rows.length) await client.products.update(rows[next++]!);
      }),
    );
    syncBaseline = { requests: syncTraffic.requests.sync, wallMs: performance.now() - started, concurrency: syncConcurrency };
  } finally {
    await running.close();
  }

  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const submitTarget = Math.ceil(operations / chunkSize);
  const rowsOut: BenchBulkResult['rows'] = [
    ['submit requests', fmt(magekit.submitRequests), `sync PUTs ${fmt(syncBaseline.requests)}`, `target ≤ ${fmt(submitTarget)} (${fmt(operations)} / chunk ${fmt(chunkSize)}): ${magekit.submitRequests <= submitTarget ? 'met' : 'missed'}`],
    ['poll requests until done', fmt(magekit.pollRequests), `summary every 1 s: ${fmt(summaryBaseline.polls)}`, `target ≤ 40: ${magekit.pollRequests <= 40 ? 'met' : 'missed'}`],
    ['bytes received while polling', kb(magekit.pollBytes), `summary every 1 s: ${kb(summaryBaseline.bytes)}`, `target < 50 KB: ${magekit.pollBytes < 50 * 1024 ? 'met' : 'missed'}`],
    [
      'final read bytes (failed operations only)',
      `${kb(magekit.finalBytes)} in ${fmt(magekit.finalRequests)} requests`,
      `detailed status: ${kb(detailedBaseline.bytes)} in ${fmt(detailedBaseline.requests)} requests`,
      `${(magekit.finalBytes / detailedBaseline.bytes * 100).toFixed(1)} % of it; target ≤ ${budgets.bulkFinalReadShare * 100} %: ${magekit.finalBytes <= detailedBaseline.bytes * budgets.bulkFinalReadShare ? 'met' : 'missed'}`,
    ],
    ['wall time to outcome', s(magekit.wallMs), `summary polling ${s(summaryBaseline.wallMs)}; ${fmt(operations)} sync PUTs ${s(syncBaseline.wallMs)} (${syncConcurrency} in flight)`, `consumer ~${delayMs} ms/op`],
    [
      `accounting with ${Math.round(failureRate * 100)} % failures`,
      `${fmt(accounting.complete)} + ${fmt(accounting.failed)} + ${fmt(accounting.rejected)} = ${fmt(accounting.complete + accounting.failed + accounting.rejected)}`,
      `of ${fmt(operations)}`,
      `${accounting.accountedFor && accounting.everyPositionOnce ? 'every operation accounted for and tied to its input position' : 'NOT all accounted for'}`,
    ],
  ];
  return { operations, chunkSize, magekit, detailedBaseline, summaryBaseline, syncBaseline, accounting, rows: rowsOut };
}
