/**
 * Partitioned exports: the key range found with two one-record requests, slices walked in parallel
 * in bounded windows, every record once, progress, checkpoints that resume (and that belong to one
 * walk only), a failing delivery that leaves the checkpoint at the last page delivered.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../../src/client.ts';
import { CheckpointError } from '../../src/reads/checkpoint.ts';
import { exportRecords, planExport, sliceCheckpoint, type ExportCheckpoint } from '../../src/reads/export.ts';
import { where } from '../../src/search/index.ts';
import { createFakeCommerce } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://shop.test';

function setUp(orders: number) {
  const fake = createFakeCommerce({ auth: false, seed: { orders } });
  const requests: URL[] = [];
  server.use(
    http.get(`${BASE}/rest/V1/orders`, ({ request }) => {
      requests.push(new URL(request.url));
      return undefined;
    }),
    ...commerceHandlers(fake, { baseUrl: BASE }),
  );
  return { fake, requests, commerce: createCommerceClient({ baseUrl: BASE, retry: false }) };
}

const failure = (run: Promise<unknown>): Promise<Error> =>
  run.then(
    () => {
      throw new Error('expected the export to fail');
    },
    (error: unknown) => error as Error,
  );
const ids = (items: unknown[]) => items.map((o) => (o as { entity_id: number }).entity_id);
const param = (url: URL, key: string) => url.searchParams.get(key);

describe('exportRecords', () => {
  it('reads every record once, in slices of the key range and windows of about a page, and reports progress', async () => {
    const { commerce, requests } = setUp(1000);
    const seen: number[] = [];
    const progress: number[] = [];
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), {
      pageSize: 50,
      concurrency: 4,
      onProgress: (p) => {
        expect(p.estimatedTotal).toBe(1000);
        progress.push(p.rows);
      },
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(result.rows).toBe(1000);
    expect(result.checkpoint.slices.map((s) => [s.lo, s.hi, s.done])).toEqual([[0, 250, true], [250, 500, true], [500, 750, true], [750, 1000, true]]);
    expect(progress.at(-1)).toBe(1000);
    // Two requests find the range (one record each); then each window is about one page.
    expect(requests.slice(0, 2).map((u) => param(u, 'searchCriteria[page_size]'))).toEqual(['1', '1']);
    expect(requests.length).toBe(result.requests);
    expect(result.requests).toBeLessThanOrEqual(2 + 1000 / 50 + 4);
    // Every window request is bounded on both sides and asks for its first page.
    for (const url of requests.slice(2)) {
      expect(param(url, 'searchCriteria[current_page]')).toBe('1');
      expect(param(url, 'searchCriteria[filter_groups][0][filters][0][condition_type]')).toBe('gt');
      expect(param(url, 'searchCriteria[filter_groups][1][filters][0][condition_type]')).toBe('lteq');
    }
  });

  it('keeps the caller filters and fields, and returns only the fields selected', async () => {
    const { commerce } = setUp(120);
    const seen: unknown[] = [];
    await exportRecords(commerce, 'GET /V1/orders', { searchCriteria: where('grand_total', 'gt', 600), fields: ['increment_id'] }, (items) => void seen.push(...items), { pageSize: 20, concurrency: 2 });
    expect(seen).toHaveLength(60);
    expect(seen.every((o) => Object.keys(o as object).join() === 'increment_id')).toBe(true);
  });

  it('resumes from a checkpoint without reading again what was delivered', async () => {
    const { commerce, requests } = setUp(300);
    const first: number[] = [];
    let saved: ExportCheckpoint | undefined;
    const stop = new Error('disk full');
    const error = await exportRecords(
      commerce,
      'GET /V1/orders',
      {},
      (items) => {
        if (first.length >= 100) throw stop;
        first.push(...ids(items));
      },
      { pageSize: 25, concurrency: 3, onCheckpoint: (c) => void (saved = structuredClone(c)) },
    ).catch((e: unknown) => e);
    expect(error).toBe(stop);
    // The checkpoint stays at the last page delivered: each slice's `after` covers exactly what was delivered from it.
    const delivered = new Set(first);
    for (const slice of saved!.slices) {
      for (let id = (slice.lo as number) + 1; id <= ((slice.after ?? slice.lo) as number); id++) expect(delivered.has(id)).toBe(true);
    }
    const before = requests.length;
    const rest: number[] = [];
    await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void rest.push(...ids(items)), { pageSize: 25, concurrency: 3, checkpoint: JSON.stringify(saved) });
    expect([...first, ...rest].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // The second run does not find the range again.
    expect(param(requests[before]!, 'searchCriteria[page_size]')).toBe('25');
  });

  it('plans once and shares the slices out: each worker exports its own slice', async () => {
    const { commerce } = setUp(200);
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { slices: 5 });
    const shares = sliceCheckpoint(JSON.parse(JSON.stringify(plan)) as ExportCheckpoint);
    expect(shares).toHaveLength(5);
    const seen: number[] = [];
    for (const share of shares) await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), { checkpoint: share, concurrency: 1 });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it("refuses another walk's checkpoint, or a damaged one, before sending anything", async () => {
    const { commerce, requests } = setUp(50);
    const plan = await planExport(commerce, 'GET /V1/orders', {});
    requests.length = 0;
    const run = (checkpoint: unknown, client = commerce, params: object = {}) =>
      exportRecords(client, 'GET /V1/orders', params as never, () => undefined, { checkpoint: checkpoint as ExportCheckpoint }).catch((e: unknown) => e);
    const other = createCommerceClient({ baseUrl: 'https://other.test', retry: false });
    const cases: [unknown, RegExp, CheckpointError['problem']][] = [
      [{ ...plan, route: 'GET /V1/invoices' }, /belongs to another walk: route "GET \/V1\/invoices", not "GET \/V1\/orders"/, 'route'],
      [{ ...plan, slices: [{ lo: 1 }] }, /is damaged: its slices are not/, 'damaged'],
      ['{"magekit":', /is damaged: it is not JSON/, 'damaged'],
      ['%%%', /is damaged: it is not a checkpoint string/, 'damaged'],
      [{ ...plan, magekit: 'changes' }, /is damaged: it is not a version 1 export checkpoint/, 'damaged'],
    ];
    for (const [checkpoint, message, reason] of cases) {
      const error = await run(checkpoint);
      expect(error).toBeInstanceOf(CheckpointError);
      expect((error as Error).message).toMatch(message);
      expect((error as CheckpointError).problem).toBe(reason);
      expect((error as CheckpointError).kind).toBe('input');
    }
    expect(((await run(plan, other)) as Error).message).toMatch(/base URL "https:\/\/shop.test", not "https:\/\/other.test"/);
    expect(((await run(plan, commerce, { searchCriteria: where('status', 'eq', 'pending') })) as Error).message).toMatch(/other filters, key or fields/);
    expect(requests).toHaveLength(0);
  });

  it('refuses bad input before any request', async () => {
    const { commerce, requests } = setUp(5);
    const run = (options: object, params: object = {}) => failure(exportRecords(commerce, 'GET /V1/orders', params as never, () => undefined, options));
    expect((await run({ concurrency: 0 })).message).toMatch(/concurrency must be a whole number from 1 to 64, got 0/);
    expect((await run({ slices: 2.5 })).message).toMatch(/slices must be a whole number/);
    expect((await run({}, { searchCriteria: where('status', 'eq', 'x').sortBy('grand_total', 'DESC') })).message).toMatch(/drop the sort orders/);
    expect((await run({ paging: 'offset' })).message).toMatch(/cannot be cut into slices/);
    expect((await failure(exportRecords(commerce, 'GET /V1/bulk', {}, () => undefined))).message).toMatch(/cannot be walked by key/);
    expect(requests).toHaveLength(0);
  });

  it('goes on at the maximum page size an installation with input limits names', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { orders: 230 }, inputLimits: { maximumPageSize: 40 } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const seen: number[] = [];
    await exportRecords(createCommerceClient({ baseUrl: BASE, retry: false }), 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), { pageSize: 100, concurrency: 2 });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
  });

  it('walks a key that is not a whole number as one slice, by key alone', async () => {
    const { commerce, requests } = setUp(90);
    const seen: number[] = [];
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), { key: 'increment_id', pageSize: 25 });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(result.checkpoint.slices).toEqual([{ lo: null, hi: null, after: '00000090', done: true }]);
    expect(requests.slice(1).every((u) => param(u, 'searchCriteria[sort_orders][0][field]') === 'increment_id')).toBe(true);
  });

  it("stops on the caller's abort with an AbortError", async () => {
    const { commerce } = setUp(200);
    const controller = new AbortController();
    const error = await failure(exportRecords(commerce, 'GET /V1/orders', {}, () => controller.abort(), { pageSize: 20, signal: controller.signal }));
    expect((error as { kind?: string }).kind).toBe('abort');
  });

  it('an empty result needs one request and delivers nothing', async () => {
    const { commerce, requests } = setUp(0);
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, () => {
      throw new Error('nothing to deliver');
    });
    expect(result).toMatchObject({ rows: 0, requests: 1 });
    expect(requests).toHaveLength(1);
  });
});
