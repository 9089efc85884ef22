// Per-request overhead: sequential GET /V1/products/{sku} (2 KB) against a loopback server in another
// process, for raw fetch + JSON.parse, magekit (route string and named method) and openapi-fetch.
// Rounds alternate the order of the contenders so drift on a busy machine hits each the same.
import { spawn } from 'node:child_process';
import path from 'node:path';
import ky from 'ky';
import createOpenApiClient from 'openapi-fetch';
import { createCommerceClient } from '@magekit/commerce';
import type { paths } from '../packages/commerce/src/generated/schema.ts';

export interface OverheadResult {
  requests: number;
  rounds: number;
  /** Median microseconds per request over rounds, by contender. */
  perRequestUs: Record<string, number>;
  /** Median of per-round ratios to raw fetch. */
  ratioToFetch: Record<string, number>;
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/product-server.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('error', reject);
  });
  return { url, stop: () => child.kill() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function benchOverhead({ requests = 5000, rounds = 5 } = {}): Promise<OverheadResult> {
  const server = await startServer();
  try {
    const commerce = createCommerceClient({ baseUrl: server.url, retry: false });
    const openapi = createOpenApiClient<paths>({ baseUrl: `${server.url}/rest` });
    const plainKy = ky.create({ headers: { accept: 'application/json' }, retry: 0 });
    const sku = 'MB-01';
    const contenders: Record<string, () => Promise<unknown>> = {
      'raw fetch + JSON.parse': async () => JSON.parse(await (await fetch(`${server.url}/rest/V1/products/${encodeURIComponent(sku)}`, { headers: { accept: 'application/json' } })).text()),
      // The transport the design fixes: its own cost is the floor of what magekit can reach.
      'ky alone (.json())': () => plainKy.get(`${server.url}/rest/V1/products/${encodeURIComponent(sku)}`).json(),
      'magekit request()': () => commerce.request('GET /V1/products/{sku}', { sku }),
      'magekit products.get()': () => commerce.products.get({ sku }),
      'openapi-fetch GET': async () => (await openapi.GET('/V1/products/{sku}', { params: { path: { sku } } })).data,
    };
    const names = Object.keys(contenders);
    for (const name of names) for (let i = 0; i < 300; i++) await contenders[name]!(); // warm up JIT and sockets
    const perRound: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...names].reverse() : names;
      for (const name of order) {
        const fn = contenders[name]!;
        const t0 = performance.now();
        for (let i = 0; i < requests; i++) await fn();
        perRound[name]!.push(((performance.now() - t0) * 1000) / requests);
      }
    }
    const fetchName = names[0]!;
    return {
      requests,
      rounds,
      perRequestUs: Object.fromEntries(names.map((n) => [n, median(perRound[n]!)])),
      ratioToFetch: Object.fromEntries(names.map((n) => [n, median(perRound[n]!.map((us, i) => us / perRound[fetchName]![i]!))])),
    };
  } finally {
    server.stop();
  }
}
