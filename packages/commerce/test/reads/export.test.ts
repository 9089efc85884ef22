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

/**
 * Orders from key 150 on (the second of two slices over 300) never answer: only an abort ends the
 * request, which the returned list records. The first slice gets `firstSlice`'s answer (undefined: the fake's).
 */
function stallSecondSlice(firstSlice: () => Response | undefined): boolean[] {
  const abandoned: boolean[] = [];
  server.use(
    http.get(`${BASE}/rest/V1/orders`, ({ request }) => {
      const from = Number(new URL(request.url).searchParams.get('searchCriteria[filter_groups][0][filters][0][value]'));
      if (from < 150) return firstSlice();
      abandoned.push(false);
      request.signal.addEventListener('abort', () => (abandoned[0] = true));
      return new Promise<Response>(() => undefined);
    }),
  );
  return abandoned;
}

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

  it('hands over no page after a delivery failed, though other slices had read theirs', async () => {
    const { commerce } = setUp(300);
    const slices: number[] = [];
    const refusal = new Error('queue full');
    const error = await exportRecords(
      commerce,
      'GET /V1/orders',
      {},
      (_items, { slice }) => {
        slices.push(slice);
        if (slices.length === 1) throw refusal;
      },
      { pageSize: 25, concurrency: 3 },
    ).catch((e: unknown) => e);
    expect(error).toBe(refusal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slices).toHaveLength(1);
  });

  it('abandons the requests other slices have under way once a delivery failed', async () => {
    const { commerce } = setUp(300);
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { slices: 2 });
    // The second slice's request never answers: only an abort ends it.
    const abandoned = stallSecondSlice(() => undefined);
    const refusal = new Error('disk full');
    const error = await exportRecords(commerce, 'GET /V1/orders', {}, () => { throw refusal; }, { checkpoint: plan, concurrency: 2, pageSize: 50 }).catch((e: unknown) => e);
    expect(error).toBe(refusal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(abandoned).toEqual([true]);
  });

  it('abandons the requests other slices have under way once a slice’s request failed', async () => {
    const { commerce } = setUp(300);
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { slices: 2 });
    const abandoned = stallSecondSlice(() => HttpResponse.json({ message: 'Internal Error.' }, { status: 500 }));
    const error = await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined, { checkpoint: plan, concurrency: 2, pageSize: 50 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(abandoned).toEqual([true]);
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
    expect(await run({}, { searchCriteria: where('status', 'eq', 'x').sortBy('entity_id', 'DESC') })).toMatchObject({
      service: 'commerce',
      message: 'exportRecords: GET /V1/orders: an export reads slices in parallel in key order; drop the sort orders (sort the exported records afterwards).',
    });
    expect(await run({ paging: 'offset' })).toMatchObject({ service: 'commerce', message: "exportRecords: GET /V1/orders: an export walks by key; paging: 'offset' cannot be cut into slices." });
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
    const { commerce, requests } = setUp(200);
    const controller = new AbortController();
    const error = await failure(exportRecords(commerce, 'GET /V1/orders', {}, () => controller.abort(), { pageSize: 20, signal: controller.signal }));
    // The range (2), then the four slices' first windows: nothing after the abort.
    expect(requests.length).toBeLessThanOrEqual(6);
    expect(error).toMatchObject({ kind: 'abort', service: 'commerce', message: 'exportRecords: GET /V1/orders was aborted by the caller.' });
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

describe('exportRecords: slices, windows and checks', () => {
  const window = (url: URL) => [param(url, 'searchCriteria[filter_groups][0][filters][0][value]'), param(url, 'searchCriteria[filter_groups][1][filters][0][value]')];

  it('by default cuts four slices, reads four at a time, 300 records a request', async () => {
    const { commerce, requests } = setUp(1300);
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined);
    expect(result.checkpoint.slices.map((s) => [s.lo, s.hi])).toEqual([[0, 325], [325, 650], [650, 975], [975, 1300]]);
    expect(new Set(requests.slice(2).map((u) => param(u, 'searchCriteria[page_size]')))).toEqual(new Set(['300']));
  });

  it('sizes windows to about a page at the density found, widening over gaps and narrowing in crowds', async () => {
    const { fake, commerce, requests } = setUp(1000);
    for (let id = 101; id <= 900; id += 1) fake.store.orders.delete(id);
    const deliveries: number[] = [];
    const fromSlice: number[] = [];
    const progress: { slicesDone: number }[] = [];
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, (items, { slice }) => void (deliveries.push(items.length), fromSlice.push(slice)), { pageSize: 50, concurrency: 1, slices: 2, onProgress: (p) => progress.push(p) });
    expect(fromSlice).toEqual([0, 0, 1, 1]);
    expect(progress.map((p) => p.slicesDone)).toEqual([0, 0, 0, 1, 1, 1, 2]);
    // 200 records over keys 1..1000: a window of 250 keys holds about a page.
    expect(result.checkpoint.slices.map((s) => [s.lo, s.hi])).toEqual([[0, 500], [500, 1000]]);
    expect(requests.slice(2).map(window)).toEqual([
      ['0', '250'], ['0', '250'], // 100 rows: two pages, and the next window half as wide
      ['250', '375'], // none: four times as wide, up to the slice's end
      ['375', '500'],
      ['500', '750'], // the second slice starts at the first width; none there
      ['750', '1000'], ['750', '1000'],
    ]);
    // Pages with no records are not handed over.
    expect(deliveries).toEqual([50, 50, 50, 50]);
    expect(progress.at(-1)).toEqual({ rows: 200, estimatedTotal: 200, slices: 2, slicesDone: 2, requests: 9 });
    expect(result).toMatchObject({ rows: 200, requests: 9 });
  });

  it('narrows a crowded window by at most four times a step', async () => {
    const { fake, commerce, requests } = setUp(2000);
    for (let id = 401; id < 2000; id += 1) fake.store.orders.delete(id);
    await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined, { pageSize: 50, concurrency: 1, slices: 2 });
    // 401 records over 2,000 keys: 249 keys a window; the first holds 249 rows (five pages), so the next is a quarter as wide.
    const windows = [...new Set(requests.slice(2).map((u) => window(u).join('-')))];
    expect(windows.slice(0, 2)).toEqual(['0-249', '249-311']);
  });

  it('keeps windows of a page where the keys are dense: one request a window', async () => {
    const { commerce, requests } = setUp(400);
    await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined, { pageSize: 50, concurrency: 1, slices: 2 });
    expect(requests.slice(2).map(window)).toEqual([['0', '50'], ['50', '100'], ['100', '150'], ['150', '200'], ['200', '250'], ['250', '300'], ['300', '350'], ['350', '400']]);
  });
});

describe('planExport', () => {
  it('cuts the key range into slices of whole keys, never more slices than keys', async () => {
    const { commerce } = setUp(10);
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { slices: 3 });
    expect(plan).toMatchObject({ magekit: 'export', estimatedTotal: 10 });
    expect(plan.slices).toEqual([{ lo: 0, hi: 3, after: null, done: false }, { lo: 3, hi: 6, after: null, done: false }, { lo: 6, hi: 10, after: null, done: false }]);
    expect((await planExport(setUp(3).commerce, 'GET /V1/orders', {}, { slices: 8 })).slices.map((s) => [s.lo, s.hi])).toEqual([[0, 1], [1, 2], [2, 3]]);
  });

  it('makes one unbounded slice for one record or one slice asked, and none for no record', async () => {
    const whole = [{ lo: null, hi: null, after: null, done: false }];
    expect((await planExport(setUp(1).commerce, 'GET /V1/orders')).slices).toEqual(whole);
    expect((await planExport(setUp(10).commerce, 'GET /V1/orders', {}, { slices: 1 })).slices).toEqual(whole);
    expect(await planExport(setUp(0).commerce, 'GET /V1/orders')).toMatchObject({ estimatedTotal: 0, slices: [] });
  });

  it('asks for the largest key above the smallest plus the count, and again without that bound when those records were deleted meanwhile', async () => {
    const { fake, commerce, requests } = setUp(10);
    let seen = 0;
    server.use(
      http.get(`${BASE}/rest/V1/orders`, () => {
        // Between the first request and the second, the newest orders are deleted.
        if (++seen === 2) for (const id of [9, 10]) fake.store.orders.delete(id);
        return undefined;
      }),
    );
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { slices: 2 });
    expect(plan.slices.map((s) => [s.lo, s.hi])).toEqual([[0, 4], [4, 8]]);
    expect(requests.map((u) => [param(u, 'searchCriteria[sort_orders][0][direction]'), param(u, 'searchCriteria[filter_groups][0][filters][0][condition_type]'), param(u, 'searchCriteria[filter_groups][0][filters][0][value]')])).toEqual([
      ['ASC', null, null],
      ['DESC', 'gt', '9'], // 1 + 10 - 2: ten distinct whole keys from 1 reach at least 10
      ['DESC', null, null],
    ]);
    // An export counts those requests too; its slices follow its concurrency.
    for (const id of [9, 10]) fake.store.orders.set(id, { ...fake.store.orders.get(8)!, entity_id: id });
    seen = 0;
    requests.length = 0;
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined, { concurrency: 3 });
    expect(result.checkpoint.slices).toHaveLength(3);
    expect(result.requests).toBe(requests.length);
    expect(requests).toHaveLength(3 + 3);
  });

  it('refuses a largest key that is not a whole number', async () => {
    const { commerce } = setUp(0);
    let seen = 0;
    server.use(http.get(`${BASE}/rest/V1/orders`, () => HttpResponse.json({ items: [{ entity_id: ++seen === 1 ? 1 : 7.5 }], total_count: 5 })));
    const error = await failure(planExport(commerce, 'GET /V1/orders'));
    expect(error).toBeInstanceOf(CheckpointError);
    expect(error.message).toBe('planExport: GET /V1/orders: the checkpoint is damaged: the largest entity_id is not a whole number (7.5); nothing was sent.');
  });

  it('shares out copies: a worker changing its slice leaves the plan as it was', async () => {
    const plan = await planExport(setUp(20).commerce, 'GET /V1/orders', {}, { slices: 2 });
    const [first] = sliceCheckpoint(plan);
    first!.slices[0]!.done = true;
    expect(plan.slices[0]!.done).toBe(false);
  });
});

describe('exportRecords: refused before any request', () => {
  it('takes 1 to 64 slices read at once, a deliver function, and a checkpoint whose slices and total are whole', async () => {
    const { commerce, requests } = setUp(5);
    const plan = await planExport(commerce, 'GET /V1/orders', {});
    requests.length = 0;
    const run = (options: object, deliver: unknown = () => undefined) => failure(exportRecords(commerce, 'GET /V1/orders', {}, deliver as never, options));
    expect(await run({ concurrency: 65 })).toMatchObject({ kind: 'input', service: 'commerce', message: 'exportRecords: GET /V1/orders: concurrency must be a whole number from 1 to 64, got 65.' });
    expect((await run({ concurrency: '4' })).message).toContain('concurrency must be a whole number from 1 to 64, got "4"');
    expect((await run({ slices: 0 })).message).toContain('slices must be a whole number from 1 to 64, got 0');
    expect(await run({}, 'stdout')).toMatchObject({ service: 'commerce', message: "exportRecords: GET /V1/orders: deliver must be a function that takes each page's records." });
    expect((await run({}, null)).message).toContain('deliver must be a function');
    for (const [checkpoint, why] of [
      [{ ...plan, estimatedTotal: 1.5 }, 'its estimatedTotal is not a whole number'],
      [{ ...plan, estimatedTotal: -1 }, 'its estimatedTotal is not a whole number'],
      [{ ...plan, estimatedTotal: '5' }, 'its estimatedTotal is not a whole number'],
      [{ ...plan, slices: [{ lo: 0, hi: Number.POSITIVE_INFINITY, after: null, done: false }] }, 'its slices are not'],
      [{ ...plan, slices: [{ lo: 0, hi: 5, after: null }] }, 'its slices are not'],
      [{ ...plan, slices: [null] }, 'its slices are not'],
      [{ ...plan, slices: [...plan.slices, null] }, 'its slices are not'],
      [{ ...plan, slices: {} }, 'its slices are not'],
    ] as const) {
      expect((await run({ checkpoint })).message, JSON.stringify(checkpoint)).toContain(why);
    }
    expect(requests).toHaveLength(0);
    // 64 at once is allowed.
    expect((await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined, { concurrency: 64 })).rows).toBe(5);
    // An empty plan goes on: nothing to read.
    const none = setUp(0).commerce;
    const empty = await planExport(none, 'GET /V1/orders');
    expect(empty).toMatchObject({ magekit: 'export', version: 1, estimatedTotal: 0, slices: [] });
    expect((await exportRecords(none, 'GET /V1/orders', {}, () => undefined, { checkpoint: empty })).rows).toBe(0);
  });

  it('skips the slices a checkpoint marks done, and reads each other slice once', async () => {
    const { commerce } = setUp(30);
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { slices: 3 });
    const seen: number[] = [];
    const checkpoint = { ...plan, slices: plan.slices.map((s, i) => (i === 0 ? { ...s, after: s.hi, done: true } : s)) };
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), { checkpoint, concurrency: 3 });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    expect(result.checkpoint.slices.every((s) => s.done)).toBe(true);
  });

  it("sends every request to the call's store view", async () => {
    const { commerce, requests } = setUp(60);
    const inStore: URL[] = [];
    server.use(
      http.get(`${BASE}/rest/default/V1/orders`, ({ request }) => {
        inStore.push(new URL(request.url));
        return undefined;
      }),
    );
    const seen: number[] = [];
    const result = await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), { storeCode: 'default', pageSize: 20, concurrency: 2 });
    expect(seen).toHaveLength(60);
    expect(requests).toHaveLength(0);
    expect(inStore).toHaveLength(result.requests);
  });

  it('refuses a start page: an export reads every record', async () => {
    const { commerce, requests } = setUp(5);
    expect(await failure(exportRecords(commerce, 'GET /V1/orders', { searchCriteria: { current_page: 2 } }, () => undefined))).toMatchObject({ service: 'commerce', message: 'exportRecords: GET /V1/orders: an export reads every record; drop current_page.' });
    expect(requests).toHaveLength(0);
  });

  it('goes on from a checkpoint whose keys are strings', async () => {
    const { commerce } = setUp(5);
    const plan = await planExport(commerce, 'GET /V1/orders', {}, { key: 'increment_id' });
    const seen: number[] = [];
    const checkpoint = { ...plan, slices: [{ lo: null, hi: null, after: '00000003', done: false }] };
    await exportRecords(commerce, 'GET /V1/orders', {}, (items) => void seen.push(...ids(items)), { checkpoint, key: 'increment_id' });
    expect(seen).toEqual([4, 5]);
    // From a checkpoint at the last record: nothing left, the slice done where it was.
    const atEnd = await exportRecords(commerce, 'GET /V1/orders', {}, () => undefined, { checkpoint: { ...plan, slices: [{ lo: null, hi: null, after: '00000005', done: false }] }, key: 'increment_id' });
    expect(atEnd.checkpoint.slices).toEqual([{ lo: null, hi: null, after: '00000005', done: true }]);
    expect(atEnd.rows).toBe(0);
  });
});
