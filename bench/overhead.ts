// Per-request overhead of the BUILT package (dist), default options and an auth strategy, against a
// loopback server in another process: GET and PUT /V1/products/{sku} (2 KB answer), sequential and
// 16 concurrent. Contenders: raw fetch, minimal ky, openapi-fetch, @adobe/aio-commerce-lib-api (also
// on ky), magekit. Each sends the same static bearer header; magekit and aio-commerce-lib-api also
// run with OAuth 1.0a integration credentials (a signature per request).
// Rounds are interleaved (the order alternates) so drift on a busy machine hits each the same; per
// round, wall time and this process's CPU time (the server runs elsewhere) per request. Two more
// contenders are floors rather than rivals: ky with nothing but a per-attempt `timeout` (what any
// client that bounds its attempts through ky 2 pays) and raw fetch with one node:crypto
// HMAC-SHA256 per request (what any OAuth 1.0a signature costs before the signing code around it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdobeCommerceHttpClient } from '@adobe/aio-commerce-lib-api';
import ky from 'ky';
import createOpenApiClient from 'openapi-fetch';
import type * as Commerce from '@magekit/commerce';
import type { paths } from '../packages/commerce/src/generated/schema.ts';

interface ContenderResult {
  wallUs: number;
  cpuUs: number;
  /**
   * By baseline (raw fetch, minimal ky, ky with a per-attempt timeout, aio-commerce-lib-api with the
   * same auth, magekit with a bearer token): the median per-round ratio, and its quartiles (how far
   * one round's ratio strays: a verdict within them is not settled by this run).
   */
  ratioTo: Record<string, Ratio>;
}

export interface Ratio {
  wall: number;
  cpu: number;
  wallQuartiles: [number, number];
  cpuQuartiles: [number, number];
}

type Mode = 'GET sequential' | 'GET 16 concurrent' | 'PUT sequential' | 'PUT 16 concurrent';

export interface OverheadResult {
  /** Requests per contender per round, and rounds, sequential and 16 concurrent. */
  sequential: RoundPlan;
  concurrent: RoundPlan;
  /**
   * By mode, by contender: median µs per request (wall) and µs of client CPU per request, and the
   * median of per-round ratios to each baseline (contenders of one round ran side by side).
   */
  modes: Record<Mode, Record<string, ContenderResult>>;
  /**
   * By mode, the OAuth signer's own cost (issue 33 item 6): per round, magekit's OAuth call less its
   * bearer call, less what one HMAC adds to raw fetch (the floor any OAuth 1.0a signature pays), as a
   * share of the bearer call; the median over rounds and its quartiles.
   */
  signerShare: Record<Mode, { wall: number; cpu: number; wallQuartiles: [number, number]; cpuQuartiles: [number, number] }>;
  /** The HMAC path magekit's OAuth rows used: the SDK signs with node:crypto where the runtime has it as a built-in module. */
  oauthSigning: 'node:crypto createHmac' | 'WebCrypto';
}

/** The SDK's own condition (commerce src/auth/oauth/hmac.ts, builtinNodeCrypto): node:crypto as a built-in module. */
function oauthSigningPath(): OverheadResult['oauthSigning'] {
  const found = typeof process.getBuiltinModule === 'function' ? (process.getBuiltinModule('node:crypto') as { createSecretKey?: unknown } | undefined) : undefined;
  return typeof found?.createSecretKey === 'function' ? 'node:crypto createHmac' : 'WebCrypto';
}

/** The loopback product server in a process of its own (the cold-start rows call it too). */
export async function startProductServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/product-server.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('error', reject);
  });
  return { url, stop: () => child.kill() };
}

/** The value at fraction `p` of the sorted values (0.5: the median), interpolated. */
const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
};
const median = (values: number[]) => quantile(values, 0.5);

/** Per round, each contender's value over the baseline's in the same round: median and quartiles. */
function ratioOf(values: number[], base: number[]): { median: number; quartiles: [number, number] } {
  const ratios = values.map((v, i) => v / base[i]!);
  return { median: median(ratios), quartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)] };
}

export interface RoundPlan {
  requests: number;
  rounds: number;
}

/** The built package, not the sources: what users install. */
async function loadBuiltCommerce(): Promise<typeof Commerce> {
  const dist = path.join(import.meta.dirname, '../packages/commerce/dist/index.js');
  return (await import(pathToFileURL(dist).href)) as typeof Commerce;
}

const TOKEN = 'bench-token-0123456789abcdef';
const OAUTH = { consumerKey: 'ck0123456789abcdef0123456789abcd', consumerSecret: 'cs0123456789abcdef0123456789abcd', accessToken: 'at0123456789abcdef0123456789abcd', accessTokenSecret: 'as0123456789abcdef0123456789abcd' };
export const RAW = 'raw fetch';
export const RAW_HMAC = 'raw fetch + one HMAC-SHA256 (floor)';
export const KY = 'minimal ky';
export const KY_TIMEOUT = 'ky + per-attempt timeout (floor)';
export const AIO = 'aio-commerce-lib-api (bearer)';
export const MAGEKIT = 'magekit (bearer)';
export const AIO_OAUTH = 'aio-commerce-lib-api (OAuth 1.0a)';
export const MAGEKIT_OAUTH = 'magekit (OAuth 1.0a)';

/**
 * Short rounds, many of them: the contenders compared within a round ran milliseconds apart, so the
 * host's bursts of noise hit them alike. On the 2-core VM, 11 rounds of 1,000 requests swung a ratio
 * by up to 0.3 between two runs of the same code, 55 rounds of 200 by up to 0.1; 550 rounds of 20
 * put minimal ky plus a timeout at 1.07-1.10x minimal ky in each of six runs. A concurrent round needs
 * more requests than its 16 workers, or it measures their ramp up and down.
 */
export async function benchOverhead({ sequential = { requests: 20, rounds: 550 }, concurrent = { requests: 80, rounds: 140 } }: { sequential?: RoundPlan; concurrent?: RoundPlan } = {}): Promise<OverheadResult> {
  const server = await startProductServer();
  try {
    const { createCommerceClient, bearer, integration } = await loadBuiltCommerce();
    const sku = 'MB-01';
    const product = { product: { sku, name: 'Joust Duffle Bag', price: 34, custom_attributes: [{ attribute_code: 'url_key', value: 'joust-duffle-bag' }] } };
    const url = `${server.url}/rest/V1/products/${encodeURIComponent(sku)}`;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const magekit = createCommerceClient({ baseUrl: server.url, auth: bearer(TOKEN) });
    const magekitOAuth = createCommerceClient({ baseUrl: server.url, auth: integration(OAUTH) });
    const openapi = createOpenApiClient<paths>({ baseUrl: `${server.url}/rest`, headers: auth });
    const plainKy = ky.create({ headers: { accept: 'application/json', ...auth }, retry: 0, timeout: false });
    // magekit's own per-attempt bound, alone: two minutes an attempt.
    const timedKy = ky.create({ headers: { accept: 'application/json', ...auth }, retry: 0, timeout: 120_000 });
    // One HMAC-SHA256 per request, keyed once, over a text the size of a signature base string.
    const nodeCrypto = await import('node:crypto');
    const hmacKey = nodeCrypto.createSecretKey(`${OAUTH.consumerSecret}&${OAUTH.accessTokenSecret}`, 'utf8');
    const baseText = (method: string) => `${method}&${encodeURIComponent(url)}&${encodeURIComponent(`oauth_consumer_key=${OAUTH.consumerKey}&oauth_nonce=${nodeCrypto.randomUUID()}&oauth_signature_method=HMAC-SHA256&oauth_timestamp=${Math.floor(Date.now() / 1000)}&oauth_token=${OAUTH.accessToken}&oauth_version=1.0`)}`;
    const signedAuth = (method: string) => ({ authorization: `Bearer ${TOKEN}`, 'x-signature': nodeCrypto.createHmac('sha256', hmacKey).update(baseText(method)).digest('base64') });
    const aio = new AdobeCommerceHttpClient({ auth: { getHeaders: () => ({ Authorization: `Bearer ${TOKEN}` }) }, config: { baseUrl: server.url, flavor: 'paas' } });
    const aioOAuth = new AdobeCommerceHttpClient({ auth: OAUTH, config: { baseUrl: server.url, flavor: 'paas' } });
    const aioPath = `products/${encodeURIComponent(sku)}`;

    const get: Record<string, () => Promise<unknown>> = {
      [RAW]: async () => JSON.parse(await (await fetch(url, { headers: { accept: 'application/json', ...auth } })).text()),
      [RAW_HMAC]: async () => JSON.parse(await (await fetch(url, { headers: { accept: 'application/json', ...signedAuth('GET') } })).text()),
      [KY]: () => plainKy.get(url).json(),
      [KY_TIMEOUT]: () => timedKy.get(url).json(),
      'openapi-fetch': async () => (await openapi.GET('/V1/products/{sku}', { params: { path: { sku } } })).data,
      [AIO]: () => aio.get(aioPath).json(),
      [MAGEKIT]: () => magekit.products.get({ sku }),
      [AIO_OAUTH]: () => aioOAuth.get(aioPath).json(),
      [MAGEKIT_OAUTH]: () => magekitOAuth.products.get({ sku }),
    };
    const put: Record<string, () => Promise<unknown>> = {
      [RAW]: async () => JSON.parse(await (await fetch(url, { method: 'PUT', headers: { accept: 'application/json', 'content-type': 'application/json', ...auth }, body: JSON.stringify(product) })).text()),
      [RAW_HMAC]: async () => JSON.parse(await (await fetch(url, { method: 'PUT', headers: { accept: 'application/json', 'content-type': 'application/json', ...signedAuth('PUT') }, body: JSON.stringify(product) })).text()),
      [KY]: () => plainKy.put(url, { json: product }).json(),
      [KY_TIMEOUT]: () => timedKy.put(url, { json: product }).json(),
      'openapi-fetch': async () => (await openapi.PUT('/V1/products/{sku}', { params: { path: { sku } }, body: product as never })).data,
      [AIO]: () => aio.put(aioPath, { json: product }).json(),
      [MAGEKIT]: () => magekit.products.update({ sku, ...product } as never),
      [AIO_OAUTH]: () => aioOAuth.put(aioPath, { json: product }).json(),
      [MAGEKIT_OAUTH]: () => magekitOAuth.products.update({ sku, ...product } as never),
    };
    // Every contender must really talk to the server before it is timed.
    for (const fn of [...Object.values(get), ...Object.values(put)]) {
      const answer = (await fn()) as { sku?: string } | undefined;
      if (answer?.sku !== sku) throw new Error('a bench contender did not get the product back');
    }

    const modes: OverheadResult['modes'] = {} as OverheadResult['modes'];
    const signerShare = {} as OverheadResult['signerShare'];
    const plan: [Mode, Record<string, () => Promise<unknown>>, number][] = [
      ['GET sequential', get, 1],
      ['GET 16 concurrent', get, 16],
      ['PUT sequential', put, 1],
      ['PUT 16 concurrent', put, 16],
    ];
    for (const [mode, contenders, concurrency] of plan) {
      const { requests, rounds } = concurrency > 1 ? concurrent : sequential;
      const names = Object.keys(contenders);
      const run = async (fn: () => Promise<unknown>, n: number) => {
        let next = 0;
        await Promise.all(Array.from({ length: concurrency }, async () => {
          while (next++ < n) await fn();
        }));
      };
      for (const name of names) await run(contenders[name]!, 200); // warm up JIT and sockets
      const wall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      const cpu: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 ? [...names].reverse() : names;
        for (const name of order) {
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          await run(contenders[name]!, requests);
          const t1 = performance.now();
          const c1 = process.cpuUsage(c0);
          wall[name]!.push(((t1 - t0) * 1000) / requests);
          cpu[name]!.push((c1.user + c1.system) / requests);
        }
      }
      const share = (values: Record<string, number[]>) => {
        const perRound = values[MAGEKIT_OAUTH]!.map((oauth, i) => (oauth - values[MAGEKIT]![i]! - (values[RAW_HMAC]![i]! - values[RAW]![i]!)) / values[MAGEKIT]![i]!);
        return { median: median(perRound), quartiles: [quantile(perRound, 0.25), quantile(perRound, 0.75)] as [number, number] };
      };
      const [wallShare, cpuShare] = [share(wall), share(cpu)];
      signerShare[mode] = { wall: wallShare.median, cpu: cpuShare.median, wallQuartiles: wallShare.quartiles, cpuQuartiles: cpuShare.quartiles };
      modes[mode] = Object.fromEntries(
        names.map((n) => [
          n,
          {
            wallUs: median(wall[n]!),
            cpuUs: median(cpu[n]!),
            // Median of per-round ratios: each round's contenders ran side by side.
            ratioTo: Object.fromEntries(
              [RAW, KY, KY_TIMEOUT, AIO, AIO_OAUTH, MAGEKIT].map((base) => {
                const w = ratioOf(wall[n]!, wall[base]!);
                const c = ratioOf(cpu[n]!, cpu[base]!);
                return [base, { wall: w.median, cpu: c.median, wallQuartiles: w.quartiles, cpuQuartiles: c.quartiles } satisfies Ratio];
              }),
            ),
          } satisfies ContenderResult,
        ]),
      );
    }
    return { sequential, concurrent, modes, signerShare, oauthSigning: oauthSigningPath() };
  } finally {
    server.stop();
  }
}
