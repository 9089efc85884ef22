// The export figures: every product of a 20,000-product catalog read against the fake playing a server
// with costs (25 ms a request, 0.2 ms a product loaded, 0.5 µs a row scanned, 4 PHP workers), as a
// partitioned export (exportRecords: 4 slices of the key range, windows of about a page) beside offset
// paging as the peers do it (one page after another, current_page and 300 a page). Each is judged
// against what the server could do at best: every product loaded once in pages of 300, spread over its
// 4 workers, (⌈N / 300⌉ × 25.3 ms + N × 0.2 ms) / 4; and by the rows the database scans per product
// (COUNT + OFFSET + returned, as the fake's searchStats count them). In process (the fake's handler as
// the client's fetch): the server's costs are its timers, the client's work is real.
import os from 'node:os';
import { createCommerceClient, exportRecords, none, paginate, type CommerceClient } from '../packages/commerce/src/index.ts';
import { createFakeCommerce, type FakeCommerce } from '../packages/commerce/src/testing/index.ts';

type Row = [figure: string, magekit: string, baseline: string, note: string];

export interface BenchReadsOptions {
  products?: number;
  /** Exports measured, one after another on the same catalog; the median is reported. Default 3. */
  rounds?: number;
}

interface Run {
  wallMs: number;
  /** CPU time of this process (client and fake together) during the run. */
  cpuMs: number;
  requests: number;
  rowsScanned: number;
  delivered: number;
}

export interface BenchReadsResult {
  products: number;
  /** The server's limit, ms: every product loaded once, in pages of 300, over its workers. */
  limitMs: number;
  /** The median export by wall time. */
  exportRun: Run;
  exportWallsMs: number[];
  offsetRun: Run;
  rows: Row[];
}

const COSTS = { requestMs: 25, itemMs: 0.2, scannedRowMs: 0.0005, workers: 4 };
const PAGE = 300;
const TARGET_RATIO = 1.3;
const TARGET_SCANNED = 3.5;
const BASE = 'https://shop.bench-reads.test';
/** What a catalog feed selects (examples/catalog-export.ts); the server loads each product whole anyway. */
const FIELDS = ['sku', 'name', 'price', 'status', 'updated_at'] as const;

function shop(products: number): { fake: FakeCommerce; commerce: CommerceClient } {
  const fake = createFakeCommerce({ auth: false, seed: { products }, live: { seed: 1, costs: COSTS } });
  const commerce = createCommerceClient({ baseUrl: BASE, auth: none(), fetch: (input, init) => fake.handle(new Request(input, init)) });
  return { fake, commerce };
}

async function measured(fake: FakeCommerce, read: () => Promise<number>): Promise<Run> {
  fake.searchStats.reset();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const delivered = await read();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, requests: fake.searchStats.requests, rowsScanned: fake.searchStats.rowsScanned, delivered };
}

export async function benchReads(options: BenchReadsOptions = {}): Promise<BenchReadsResult> {
  const products = options.products ?? 20_000;
  const limitMs = (Math.ceil(products / PAGE) * (COSTS.requestMs + 2 * PAGE * COSTS.scannedRowMs) + products * COSTS.itemMs) / COSTS.workers;

  // One catalog for every run: the reads write nothing. The exports run first, the slow baseline last.
  const { fake, commerce } = shop(products);
  const exports: Run[] = [];
  for (let round = 0; round < (options.rounds ?? 3); round += 1) {
    exports.push(await measured(fake, async () => (await exportRecords(commerce, 'GET /V1/products', { fields: FIELDS }, () => {}, { pageSize: PAGE, concurrency: COSTS.workers })).rows));
  }
  const exportWallsMs = exports.map((run) => run.wallMs).sort((a, b) => a - b);
  const exportRun = exports.find((run) => run.wallMs === exportWallsMs[Math.floor((exportWallsMs.length - 1) / 2)])!;
  const offsetRun = await measured(fake, async () => {
    let seen = 0;
    for await (const page of paginate(commerce, 'GET /V1/products', { fields: FIELDS }, { pageSize: PAGE, paging: 'offset' }).pages()) seen += page.items.length;
    return seen;
  });

  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const ratio = (run: Run) => run.wallMs / limitMs;
  const scanned = (run: Run) => run.rowsScanned / products;
  const verdict = (figure: number, target: number) => `target ≤ ${target}: ${figure <= target ? 'met' : 'missed'}`;
  const rows: Row[] = [
    [
      `export ${fmt(products)} products: wall`,
      `${fmt(exportRun.wallMs / 1000, 2)} s, ${fmt(ratio(exportRun), 2)}× the server's limit (median of ${exports.length}: ${exportWallsMs.map((ms) => fmt(ms / 1000, 2)).join(', ')} s)`,
      `offset paging ${fmt(offsetRun.wallMs / 1000, 2)} s, ${fmt(ratio(offsetRun), 2)}×`,
      `limit ${fmt(limitMs / 1000, 2)} s = (⌈N/${PAGE}⌉ × 25.3 ms + N × 0.2 ms) / ${COSTS.workers} workers; ${verdict(ratio(exportRun), TARGET_RATIO)}; CPU (client and fake) ${fmt(exportRun.cpuMs)} ms; load average ${fmt(os.loadavg()[0]!, 1)} on ${os.cpus().length} cores`,
    ],
    [
      `export ${fmt(products)} products: rows scanned per product`,
      `${fmt(scanned(exportRun), 2)} (${fmt(exportRun.requests)} requests)`,
      `offset paging ${fmt(scanned(offsetRun), 1)} (${fmt(offsetRun.requests)} requests)`,
      `COUNT + OFFSET + returned; ${verdict(scanned(exportRun), TARGET_SCANNED)}; ${fmt(exportRun.delivered)} and ${fmt(offsetRun.delivered)} delivered`,
    ],
  ];
  return { products, limitMs, exportRun, exportWallsMs, offsetRun, rows };
}
