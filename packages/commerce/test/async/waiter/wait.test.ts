import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, onTestFinished, vi } from 'vitest';
import { BulkStalledError, BulkTimeoutError, type BulkJob, type BulkOutcome, type OperationOutcome, type ProgressEvent } from '../../../src/async/index.ts';
import { nextDelay, RateEstimator } from '../../../src/async/waiter/schedule.ts';
// The client loads the waiter on first use (a dynamic import); loaded here first, so that import
// takes no real time while these tests run the fake clock ahead.
import '../../../src/async/waiter/wait.ts';
import '../../../src/async/waiter/read-status.ts';
import type { RouteOutput } from '../../../src/index.ts';
import { applyFields, applySearch, parseSearchCriteria } from '../../../src/testing/search.ts';
import { asyncClient, BASE } from '../../async-harness.ts';
import { server } from '@magekit/test-support/msw';

type Storage = 'upfront' | 'when-worked';
type ReadKind = 'summary' | 'count' | 'closed' | 'failed' | 'listing' | 'results';

interface Script {
  /**
   * The bulk over time: `[fromMs, statuses]`, one status digit per operation (4 = open). The last
   * entry holds from its time on.
   */
  timeline: [number, string][];
  /** `upfront`: every operation is stored at acceptance; `when-worked`: only once it is not 4. */
  storage?: Storage;
  /** Reads (1-based, per kind) answered with 503. */
  fail?: Partial<Record<ReadKind, number[]>>;
  /** Operation ids start here (0: ids are the request's element indexes). */
  idBase?: number;
}

const MESSAGE: Record<string, string> = { 2: 'Deadlock found', 3: 'Invalid price', 5: 'Rejected' };

/**
 * A scripted platform for one bulk `b1`, modelled on how the status routes answer from stored
 * operation rows: the open counter counts stored rows with status 4, the summary declares the
 * accepted count, and the operation search (the fake's own searchCriteria and fields code) lists
 * stored rows only. Records each read with its time and query.
 */
function platform(script: Script) {
  const t0 = Date.now();
  const log: { at: number; kind: ReadKind; query: URLSearchParams }[] = [];
  const served: Partial<Record<ReadKind, number>> = {};
  const statuses = () => [...script.timeline].reverse().find(([from]) => Date.now() - t0 >= from)![1];
  const stored = () =>
    [...statuses()]
      .map((digit, id) => ({ id, status: Number(digit) }))
      .filter((op) => (script.storage ?? 'upfront') === 'upfront' || op.status !== 4)
      .map(({ id, status }) => ({
        id: (script.idBase ?? 0) + id,
        bulk_uuid: 'b1',
        topic_name: 't',
        status,
        serialized_data: JSON.stringify({ meta_information: JSON.stringify({ sku: `S${id}`, product: { price: id } }) }),
        result_serialized_data: status === 1 ? JSON.stringify({ sku: `S${id}`, price: id }) : null,
        result_message: MESSAGE[status] ?? '',
        error_code: status === 1 || status === 4 ? null : 0,
        extension_attributes: { start_time: '' },
      }));
  const failing = (kind: ReadKind, query: URLSearchParams) => {
    log.push({ at: Date.now() - t0, kind, query });
    served[kind] = (served[kind] ?? 0) + 1;
    return script.fail?.[kind]?.includes(served[kind]) ? HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 }) : undefined;
  };
  server.use(
    http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, ({ request }) => failing('count', new URL(request.url).searchParams) ?? HttpResponse.json(stored().filter((op) => op.status === 4).length)),
    http.get(`${BASE}/rest/V1/bulk/:uuid/status`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const body = { operations_list: stored().map(({ id, status, result_message, error_code }) => ({ id, status, result_message, error_code })), bulk_id: 'b1', description: '', start_time: '', user_type: 2, user_id: 1, operation_count: statuses().length };
      return failing('summary', query) ?? HttpResponse.json(applyFields(body, query.get('fields')) as object);
    }),
    http.get(`${BASE}/rest/V1/bulk`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const fields = query.get('fields');
      const filters = parseSearchCriteria(query).filter_groups.flatMap((g) => g.filters).filter((f) => f.field === 'status');
      const kind: ReadKind = fields === 'total_count' ? 'closed' : filters.some((f) => f.condition_type === 'gt') ? 'failed' : filters.length === 2 ? 'listing' : 'results';
      return failing(kind, query) ?? HttpResponse.json(applyFields(applySearch(stored(), parseSearchCriteria(query)), fields) as object);
    }),
    http.get(`${BASE}/rest/V1/bulk/:uuid/detailed-status`, () => HttpResponse.json({ message: 'the waiter must not download the detailed status' }, { status: 500 })),
  );
  return { log, kinds: () => log.map((e) => e.kind) };
}

function jobOf(uuid: string, count: number): BulkJob<'PUT /V1/products/{sku}', { sku: string; product: { price: number } }> {
  const inputs = Array.from({ length: count }, (_, i) => ({ sku: `S${i}`, product: { price: i } }));
  return {
    kind: 'bulk-job', route: 'PUT /V1/products/{sku}', total: count, accepted: count, rejected: [],
    chunks: [{ index: 0, offset: 0, size: count, bulkUuid: uuid, accepted: count }],
    items: inputs.map((_, i) => ({ position: i, bulkUuid: uuid, requestId: i, status: 'accepted', dataHash: null, errorMessage: null, errorCode: null })),
    bulkUuids: [uuid], inputs,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the waiter while advancing the fake clock in small steps. */
async function drive<T>(promise: Promise<T>, stepMs = 250, maxMs = 3_600_000): Promise<T> {
  let settled = false;
  const out = promise.finally(() => (settled = true));
  out.catch(() => {});
  for (let t = 0; !settled && t < maxMs; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  return out;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('waitForBulk timing', () => {
  it('polls on the AWS-style exponential schedule, capped at maxDelay, and reads the summary only for a bare UUID', async () => {
    const p = platform({ timeline: [[0, '444'], [30_000, '111']] });
    const outcome = await drive(asyncClient().waitForBulk('b1', { minDelay: 1000, maxDelay: 8000, jitter: false }));
    expect(p.kinds()).toEqual(['summary', 'count', 'count', 'count', 'count', 'count', 'count', 'count', 'closed', 'failed']);
    const polls = p.log.filter((e) => e.kind === 'count').map((e) => e.at);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
    // 250 ms steps of the fake clock round each gap up to the step.
    expect(gaps.map((g) => Math.ceil(g / 250) * 250)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(outcome.counts).toMatchObject({ total: 3, complete: 3, open: 0 });
  });

  it('never reads the summary for a job (it knows the count) and verifies a zero open count before calling it done', async () => {
    const p = platform({ timeline: [[0, '4444'], [400, '1111']] });
    await drive(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 500, jitter: false }));
    expect(p.kinds()).toEqual(['count', 'count', 'closed', 'failed']);
  });

  it('jitters between minDelay and the exponential ceiling', () => {
    expect(nextDelay({ attempt: 3, minDelay: 1000, maxDelay: 60_000, jitter: true, random: () => 0 })).toBe(1000);
    expect(nextDelay({ attempt: 3, minDelay: 1000, maxDelay: 60_000, jitter: true, random: () => 0.999999 })).toBe(8000);
    expect(nextDelay({ attempt: 20, minDelay: 1000, maxDelay: 60_000, jitter: false })).toBe(60_000);
  });

  it('does not sleep past the estimated completion once the rate is known', () => {
    const rate = new RateEstimator();
    rate.observe(0, 0);
    rate.observe(2000, 500); // 0.25 operations per ms
    expect(rate.eta(250)).toBe(1000);
    expect(nextDelay({ attempt: 6, minDelay: 500, maxDelay: 60_000, jitter: false, eta: rate.eta(250) })).toBe(1000);
    expect(nextDelay({ attempt: 6, minDelay: 500, maxDelay: 60_000, jitter: false, eta: 10 })).toBe(500);
  });
});

describe.each<Storage>(['upfront', 'when-worked'])('completion from counts, operations stored %s', (storage) => {
  it('resolves only once every operation has closed, however the open counter behaves', async () => {
    const p = platform({ storage, timeline: [[0, '44444'], [5000, '11444'], [10_000, '11213']] });
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, maxDelay: 2000, jitter: false, onProgress: (e) => events.push(e) }));
    expect(p.log.at(-1)!.at).toBeGreaterThanOrEqual(10_000);
    expect(outcome.counts).toEqual({ total: 5, complete: 3, failed: 2, retryable: 1, rejected: 0, open: 0, unaccounted: 0 });
    expect(outcome.operations.map((op) => op.state)).toEqual(['complete', 'complete', 'retryable', 'complete', 'failed']);
    expect(outcome.ok).toBe(false);
    expect(events.map((e) => e.open)).toEqual([5, 3, 0, 0]);
  });

  it('keeps operations missing from every listing open until the deadline, then reports them unaccounted with their input', async () => {
    // Operation 3 is never worked: stored up front it stays status 4; stored once worked it never appears.
    platform({ storage, timeline: [[0, '44444'], [2000, '11141']] });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, maxDelay: 2000, maxWait: 20_000, stallAfter: 60_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkTimeoutError);
    const timeout = error as BulkTimeoutError<BulkOutcome>;
    const missing = timeout.outcome!.operations[3]!;
    if (storage === 'upfront') {
      expect(timeout.counts).toMatchObject({ total: 5, complete: 4, open: 1, unaccounted: 0 });
      expect(missing).toMatchObject({ position: 3, state: 'open', status: 4 });
    } else {
      expect(timeout.counts).toMatchObject({ total: 5, complete: 4, open: 0, unaccounted: 1 });
      expect(missing).toMatchObject({ position: 3, state: 'unaccounted', status: null, input: { sku: 'S3', product: { price: 3 } } });
    }
    expect(timeout.outcome!.ok).toBe(false);
    expect(timeout.message).toContain('1 of 5 operations still open');
    // The outcome stays out of the error's JSON (it carries every input).
    expect(JSON.stringify(timeout)).not.toContain('S3');
  });
});

describe('waitForBulk outcome and progress', () => {
  it('types and maps every operation, reads only the failures, and reports progress with retryable', async () => {
    const p = platform({ timeline: [[0, '4444'], [400, '4124'], [1000, '1235']] });
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 500, jitter: false, onProgress: (e) => events.push(e) }));
    expect(outcome.counts).toEqual({ total: 4, complete: 1, failed: 2, retryable: 1, rejected: 1, open: 0, unaccounted: 0 });
    expect(outcome.operations.map((op) => [op.position, op.state])).toEqual([[0, 'complete'], [1, 'retryable'], [2, 'failed'], [3, 'rejected']]);
    expect(outcome.operations[1]).toMatchObject({ operationId: 1, resultMessage: 'Deadlock found', input: { sku: 'S1', product: { price: 1 } } });
    expect(outcome.retryable().map((op) => op.position)).toEqual([1]);
    expect(outcome.ok).toBe(false);
    expect(() => outcome.throwIfFailed()).toThrow(/3 of 4 operations did not complete/);
    expect(events.map((e) => [e.open, e.final])).toEqual([[4, false], [2, false], [0, false], [0, true]]);
    expect(events.at(-1)).toEqual({ total: 4, open: 0, complete: 1, failed: 2, retryable: 1, rejected: 1, unaccounted: 0, final: true });

    // The final read asked for the failed operations only, trimmed to what the outcome needs.
    const final = p.log.find((e) => e.kind === 'failed')!.query;
    expect(final.get('fields')).toBe('items[id,bulk_uuid,status,result_message,error_code,serialized_data],total_count');
    expect(p.kinds()).not.toContain('results');

    // Results of complete operations are read when asked for, a page at a time.
    const results = await collect(outcome.results());
    expect(results.map((op) => [op.position, op.result?.sku])).toEqual([[0, 'S0']]);
    expectTypeOf(results[0]!).toEqualTypeOf<OperationOutcome<RouteOutput<'PUT /V1/products/{sku}'>>>();
  });

  it('pages the results of complete operations, stops on total_count, and retries a page that failed in passing', async () => {
    const p = platform({ timeline: [[0, '11111']], fail: { results: [2] } });
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 500, jitter: false }));
    const results = await drive(collect(outcome.results({ pageSize: 2 })));
    expect(results.map((op) => [op.position, op.result?.price, (op.input as { sku: string }).sku])).toEqual([0, 1, 2, 3, 4].map((i) => [i, i, `S${i}`]));
    expect(p.log.filter((e) => e.kind === 'results').map((e) => e.query.get('searchCriteria[current_page]'))).toEqual(['1', '2', '2', '3']);
  });

  it('ties operations to inputs by content when the platform numbers them otherwise (ids are not request indexes)', async () => {
    platform({ idBase: 7000, timeline: [[0, '13121']] });
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 500, jitter: false }));
    expect(outcome.failures().map((op) => [op.position, op.operationId, op.state, (op.input as { sku: string }).sku])).toEqual([
      [1, 7001, 'failed', 'S1'],
      [3, 7003, 'retryable', 'S3'],
    ]);
    const results = await drive(collect(outcome.results()));
    expect(results.map((op) => [op.position, op.result?.sku])).toEqual([[0, 'S0'], [2, 'S2'], [4, 'S4']]);
  });

  it('ties failures of a bare UUID to their operation index and input from meta_information', async () => {
    platform({ storage: 'when-worked', timeline: [[0, '12131']] });
    const outcome = await drive(asyncClient().waitForBulk('b1', { minDelay: 500, jitter: false }));
    expect(outcome.failures().map((op) => [op.position, op.state, op.input])).toEqual([
      [1, 'retryable', { sku: 'S1', product: { price: 1 } }],
      [3, 'failed', { sku: 'S3', product: { price: 3 } }],
    ]);
  });
});

describe('waitForBulk faults', () => {
  it('rides out transient failures on every read: summary, counter, closed count and the final read', async () => {
    const p = platform({
      timeline: [[0, '444'], [3000, '123']],
      fail: { summary: [1, 2, 3], count: [2, 3], closed: [1], failed: [1, 2, 3] },
    });
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk('b1', { minDelay: 500, maxDelay: 1000, jitter: false, onProgress: (e) => events.push(e) }));
    expect(p.kinds().filter((k) => k === 'summary')).toHaveLength(4);
    expect(p.kinds().filter((k) => k === 'failed')).toHaveLength(4);
    expect(outcome.counts).toMatchObject({ total: 3, complete: 1, failed: 2, retryable: 1 });
    // The failures did not reset or fake progress.
    expect(events.map((e) => e.open)).toEqual([3, 0, 0]);
  });

  it('gives up on a failing final read only at the deadline, with a timeout naming the failure', async () => {
    const p = platform({ timeline: [[0, '11']], fail: { failed: Array.from({ length: 100 }, (_, i) => i + 1) } });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, maxDelay: 1000, maxWait: 10_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect((error as BulkTimeoutError).message).toMatch(/The last read failed: .*503/);
    // The tries on the schedule up to the deadline, then one look at the state to report: not a try more.
    expect(p.kinds().filter((k) => k === 'failed')).toHaveLength(12);
  });

  it('raises a typed stall pointing at the async.operations.all consumer, stating the real stallAfter', async () => {
    platform({ timeline: [[0, '44444'], [1000, '14444']] });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, maxDelay: 5000, stallAfter: 20_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkStalledError);
    const stalled = error as BulkStalledError<BulkOutcome>;
    expect(stalled.kind).toBe('stalled');
    expect(stalled.message).toMatch(/async\.operations\.all/);
    expect(stalled.message).toContain('4 of 5 operations open without change for 20 s (stallAfter)');
    expect(stalled.counts).toMatchObject({ total: 5, open: 4, complete: 1 });
    expect(stalled.outcome!.operations.map((op) => op.state)).toEqual(['complete', 'open', 'open', 'open', 'open']);
    expect(stalled.stalledForMs).toBeGreaterThanOrEqual(20_000);

    platform({ timeline: [[0, '44444']] });
    const short = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 100, stallAfter: 600, jitter: false }), 50).catch((e: unknown) => e);
    expect((short as Error).message).toContain('without change for 0.6 s (stallAfter)');
  });

  it('gives up at maxWait with a typed timeout carrying the last counts', async () => {
    platform({ timeline: [[0, '44444'], [500, '11444']] });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, maxWait: 10_000, stallAfter: 60_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect((error as BulkTimeoutError).kind).toBe('timeout');
    expect((error as BulkTimeoutError).counts).toMatchObject({ total: 5, open: 3, complete: 2 });
  });

  it('stops at once when the caller aborts, during a pause', async () => {
    const p = platform({ timeline: [[0, '44444']] });
    const controller = new AbortController();
    const promise = asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 10_000, jitter: false, signal: controller.signal });
    promise.catch(() => {});
    for (let i = 0; i < 100 && p.log.length === 0; i++) await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect((error as { kind?: string }).kind).toBe('abort');
    expect((error as Error).message).toBe('waitForBulk was aborted by the caller with 5 of 5 operations still open (0 closed). The bulk keeps running on the platform.');
    expect(p.kinds()).toEqual(['count']);
  });

  it('checks its options before any request', async () => {
    const p = platform({ timeline: [[0, '']] });
    await expect(asyncClient().waitForBulk('b1', { minDelay: 5000, maxDelay: 100 })).rejects.toThrow(/maxDelay/);
    await expect(asyncClient().waitForBulk('')).rejects.toThrow(/empty string/);
    expect(p.log).toHaveLength(0);
  });
});

describe('counts stay inside the bulk whatever the status routes answer', () => {
  it('an open counter above the operation count is held to it: open never exceeds total, closed never goes below zero', async () => {
    platform({ timeline: [[0, '1111']] });
    // A counter that overcounts (rows of another bulk, a reindex in flight) while the job knows 4 operations.
    let counterReads = 0;
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => HttpResponse.json(++counterReads <= 2 ? 9 : 0)));
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 500, jitter: false, onProgress: (e) => events.push({ ...e }) }));
    expect(events.length).toBeGreaterThan(1);
    for (const e of events) {
      expect(e.open).toBeLessThanOrEqual(e.total);
      expect(e.complete).toBeGreaterThanOrEqual(0);
    }
    expect(events[0]).toMatchObject({ total: 4, open: 4, complete: 0 });
    expect(outcome.counts).toMatchObject({ total: 4, complete: 4, open: 0 });
  });

  it('a closed count above the operation count means none open, never a negative count', async () => {
    platform({ timeline: [[0, '111']] });
    server.use(
      http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => HttpResponse.json(0)),
      // More closed rows than operations (a scheduler that stores rows beyond operation_count, #31213).
      http.get(`${BASE}/rest/V1/bulk`, ({ request }) => (new URL(request.url).searchParams.get('fields') === 'total_count' ? HttpResponse.json({ total_count: 5 }) : undefined)),
    );
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 3), { minDelay: 500, jitter: false, onProgress: (e) => events.push({ ...e }) }));
    for (const e of events) expect(e.open).toBeGreaterThanOrEqual(0);
    expect(outcome.counts.open).toBe(0);
    // readBulkStatus too: every operation closed, so it lists the failed ones only (no listing of open ones).
    const p = platform({ timeline: [[0, '111']] });
    server.use(http.get(`${BASE}/rest/V1/bulk`, ({ request }) => (new URL(request.url).searchParams.get('fields') === 'total_count' ? HttpResponse.json({ total_count: 5 }) : undefined)));
    const status = await asyncClient().readBulkStatus(jobOf('b1', 3));
    expect(status.counts.open).toBe(0);
    expect(p.kinds()).toEqual(['failed']);
  });

  it('results() on a total that is an exact multiple of the page size stops on total_count, with no empty page asked for', async () => {
    const p = platform({ timeline: [[0, '1111']] });
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 500, jitter: false }));
    const results = await drive(collect(outcome.results({ pageSize: 2 })));
    expect(results.map((op) => op.position)).toEqual([0, 1, 2, 3]);
    expect(p.log.filter((e) => e.kind === 'results').map((e) => e.query.get('searchCriteria[current_page]'))).toEqual(['1', '2']);
  });
});

describe('readBulkStatus', () => {
  it.each<Storage>(['upfront', 'when-worked'])('one look, operations stored %s: closed ones placed, the rest open, no waiting', async (storage) => {
    const p = platform({ storage, timeline: [[0, '12444']] });
    const outcome = await asyncClient().readBulkStatus('b1');
    expect(outcome.counts).toEqual({ total: 5, complete: 1, failed: 1, retryable: 1, rejected: 0, open: 3, unaccounted: 0 });
    expect(outcome.operations.map((op) => op.state)).toEqual(['complete', 'retryable', 'open', 'open', 'open']);
    expect(p.kinds()).toEqual(['summary', 'closed', 'failed', 'listing']);
  });

  it('exactly one operation open: the bulk is not done and that one is open', async () => {
    platform({ timeline: [[0, '1141']] });
    const outcome = await asyncClient().readBulkStatus('b1');
    expect(outcome.counts).toMatchObject({ total: 4, complete: 3, open: 1 });
    expect(outcome.operations.map((op) => op.state)).toEqual(['complete', 'complete', 'open', 'complete']);
  });
});

describe('waitForBulk: which failures it rides out', () => {
  /** The open counter fails once with `fault`, then answers 0 (the bulk has closed). */
  function counterFailingOnce(fault: number | 'network') {
    const p = platform({ timeline: [[0, '11']] });
    let reads = 0;
    server.use(
      http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => {
        reads += 1;
        if (reads > 1) return HttpResponse.json(0);
        return fault === 'network' ? HttpResponse.error() : HttpResponse.json({ message: 'no' }, { status: fault });
      }),
    );
    return { p, reads: () => reads };
  }

  it.each([500, 501, 503, 408, 429, 'network'] as const)('a read answered %s is tried again on the waiter’s schedule', async (fault) => {
    const { reads } = counterFailingOnce(fault);
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, jitter: false }));
    expect(outcome.counts).toMatchObject({ total: 2, complete: 2 });
    expect(reads()).toBe(2);
  });

  it.each([400, 404, 409, 499])('a read answered %s ends the wait at once with that error', async (status) => {
    const { reads } = counterFailingOnce(status);
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, jitter: false })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status });
    expect(reads()).toBe(1);
  });

  it('a bare UUID whose summary is refused ends at once, with the refusal', async () => {
    const p = platform({ timeline: [[0, '11']] });
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/status`, () => HttpResponse.json({ message: 'Bulk not found' }, { status: 404 })));
    const error = await drive(asyncClient().waitForBulk('b1', { minDelay: 500, jitter: false })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(p.kinds()).toEqual([]);
  });
});

describe('waitForBulk: the caller aborts', () => {
  it('before it starts: an abort error at once, nothing read, saying how much is still open', async () => {
    const p = platform({ timeline: [[0, '44444']] });
    const controller = new AbortController();
    controller.abort();
    const error = await asyncClient().waitForBulk(jobOf('b1', 5), { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'abort', service: 'commerce' });
    expect((error as Error).message).toBe('waitForBulk was aborted by the caller with 5 of 5 operations still open (0 closed). The bulk keeps running on the platform.');
    expect((error as Error).cause).toBe(controller.signal.reason);
    expect(p.log).toHaveLength(0);
  });

  it('with a magekit error as the reason: that error, as it is', async () => {
    platform({ timeline: [[0, '44444']] });
    const controller = new AbortController();
    const reason = new BulkTimeoutError('the caller’s own', { total: 0, complete: 0, failed: 0, retryable: 0, rejected: 0, open: 0, unaccounted: 0 }, [], { service: 'commerce' });
    controller.abort(reason);
    await expect(asyncClient().waitForBulk(jobOf('b1', 5), { signal: controller.signal })).rejects.toBe(reason);
  });

  it('while a read is in flight: an abort error, not a timeout, with the counts polling knew', async () => {
    const p = platform({ timeline: [[0, '44444'], [1000, '11444']] });
    const controller = new AbortController();
    const promise = asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, jitter: false, signal: controller.signal });
    promise.catch(() => {});
    for (let i = 0; i < 400 && p.kinds().filter((k) => k === 'count').length < 2; i++) await vi.advanceTimersByTimeAsync(10);
    // The second poll saw 3 open; the third hangs until the caller aborts.
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => new Promise<never>(() => {})));
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'abort' });
    expect(error).not.toBeInstanceOf(BulkTimeoutError);
  });
});

describe('waitForBulk: where the open counter is contradicted', () => {
  it('polls the closed count alone for that bulk from then on', async () => {
    // Stored once worked: the counter says 0 from the start, while the closed count says 0 of 3 closed.
    const p = platform({ storage: 'when-worked', timeline: [[0, '444'], [2000, '144'], [5000, '111']] });
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 3), { minDelay: 500, maxDelay: 1000, jitter: false, onProgress: (e) => events.push(e) }));
    const kinds = p.kinds();
    expect(kinds.filter((k) => k === 'count')).toEqual(['count']);
    expect(kinds[0]).toBe('count');
    expect(kinds.filter((k) => k === 'closed').length).toBeGreaterThan(3);
    expect(kinds.at(-1)).toBe('failed');
    expect(events.map((e) => e.open)).toEqual([3, 2, 0, 0]);
    expect(outcome.counts).toMatchObject({ total: 3, complete: 3, open: 0 });
  });
});

describe('waitForBulk: ending on time', () => {
  /** When `promise` settled on the fake clock, ms after the start. */
  async function settledAt<T>(promise: Promise<T>, stepMs = 50): Promise<{ at: number; value: T | undefined; error: unknown }> {
    const t0 = Date.now();
    let at = -1;
    const out = promise.then(
      (value) => ((at = Date.now() - t0), { value, error: undefined }),
      (error: unknown) => ((at = Date.now() - t0), { value: undefined, error }),
    );
    for (let t = 0; at < 0 && t < 3_600_000; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
    return { at, ...(await out) };
  }

  it('wakes up when stallAfter runs out instead of sleeping through it', async () => {
    platform({ timeline: [[0, '44']] });
    // Polls at 0, 1, 3 and 7 s; the next backoff (8 s) would overshoot the 10 s stall point.
    const { at, error } = await settledAt(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 1000, maxDelay: 60_000, stallAfter: 10_000, jitter: false }));
    expect(error).toBeInstanceOf(BulkStalledError);
    expect(at).toBeGreaterThanOrEqual(10_000);
    expect(at).toBeLessThanOrEqual(10_100);
    expect((error as BulkStalledError).stalledForMs).toBeGreaterThanOrEqual(10_000);
    expect((error as BulkStalledError).stalledForMs).toBeLessThanOrEqual(at);
  });

  it('wakes up at maxWait instead of sleeping through it, and says how far it got', async () => {
    platform({ timeline: [[0, '4444'], [500, '1444']] });
    const { at, error } = await settledAt(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 1000, maxDelay: 60_000, maxWait: 10_000, stallAfter: 120_000, jitter: false }));
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect(at).toBeGreaterThanOrEqual(10_000);
    expect(at).toBeLessThanOrEqual(10_100);
    expect((error as Error).message).toBe('waitForBulk gave up after 10 s (maxWait) with 3 of 4 operations still open (1 closed). The bulk keeps running; wait again with a longer maxWait.');
    expect((error as Error).cause).toBeUndefined();
  });

  it('a maxWait shorter than the deadline’s grace still ends on time', async () => {
    platform({ timeline: [[0, '44']] });
    const { at, error } = await settledAt(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 100, maxWait: 700, jitter: false }));
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect(at).toBeLessThanOrEqual(800);
    expect((error as Error).message).toMatch(/^waitForBulk gave up after 0\.7 s \(maxWait\) with 2 of 2 operations still open \(0 closed\)\./);
  });

  it('a read that keeps failing until maxWait: a timeout naming the last failure, carrying it as the cause', async () => {
    platform({ timeline: [[0, '44']], fail: { count: Array.from({ length: 100 }, (_, i) => i + 2) } });
    const { at, error } = await settledAt(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, maxDelay: 1000, maxWait: 5000, stallAfter: 2000, jitter: false }));
    // Failed rounds are not rounds without movement: a failing counter is not a stalled bulk.
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect(at).toBeGreaterThanOrEqual(5000);
    expect((error as Error).message).toMatch(/with 2 of 2 operations still open \(0 closed\)\. The last read failed: .*503/);
    expect((error as Error).cause).toMatchObject({ kind: 'http', status: 503 });
  });

  it('an outage that outlasts stallAfter: no stall is called while reads fail, and the waiter keeps its pace', async () => {
    platform({ timeline: [[0, '44'], [6000, '11']] });
    const t0 = Date.now();
    let failed = 0;
    let served = 0;
    server.use(
      http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => {
        const now = Date.now() - t0;
        if (now >= 500 && now < 8000) return (failed += 1), HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
        return (served += 1), HttpResponse.json(now < 6000 ? 2 : 0);
      }),
    );
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, maxDelay: 1000, stallAfter: 2000, jitter: false }));
    expect(outcome.counts).toMatchObject({ total: 2, complete: 2 });
    // 7.5 s of failures at most once per 500 ms to 1 s: not a request after every failure.
    expect(failed).toBeGreaterThanOrEqual(7);
    expect(failed).toBeLessThanOrEqual(16);
    expect(served).toBe(2);
  });

  it('a read that fails at the very moment the bulk would be called stalled: the next try waits its pause', async () => {
    platform({ timeline: [[0, '11']] });
    let firstAt: number | undefined;
    let failed = 0;
    server.use(
      http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => {
        firstAt ??= Date.now();
        const since = Date.now() - firstAt;
        if (since > 0 && since < 4500) return (failed += 1), HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
        return HttpResponse.json(since === 0 ? 2 : 0);
      }),
    );
    // Polls at 0 (fine), then 1, 2, 3 and 4 s (failing; the first exactly when stallAfter runs out), then 5 s.
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 1000, maxDelay: 1000, stallAfter: 1000, jitter: false }));
    expect(outcome.counts.complete).toBe(2);
    expect(failed).toBe(4);
  });

  it('a bare UUID whose size was never read: the timeout says so, with no outcome and no counts made up', async () => {
    platform({ timeline: [[0, '44']], fail: { summary: Array.from({ length: 100 }, (_, i) => i + 1) } });
    const error = (await drive(asyncClient().waitForBulk('b1', { minDelay: 500, maxDelay: 1000, maxWait: 3000, jitter: false })).catch((e: unknown) => e)) as BulkTimeoutError;
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect(error.message).toMatch(/^waitForBulk gave up after 3 s \(maxWait\) before it could read how many operations the bulk holds\. The last read failed: /);
    expect(error.outcome).toBeUndefined();
    expect(error.counts).toEqual({ total: 0, complete: 0, failed: 0, retryable: 0, rejected: 0, open: 0, unaccounted: 0 });
    expect(error.bulkUuids).toEqual(['b1']);
  });

  it('a read still running at the deadline is cut off after a grace of 5 s, and the timeout says so', async () => {
    // The deadline on the fake clock (Node's AbortSignal.timeout runs on real timers).
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
      return controller.signal;
    });
    try {
      platform({ timeline: [[0, '44']] });
      let counterReads = 0;
      server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => (++counterReads === 1 ? HttpResponse.json(2) : new Promise<never>(() => {}))));
      const { at, error } = await settledAt(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 1000, maxWait: 4000, jitter: false }));
      expect(timeout).toHaveBeenCalledWith(9000);
      expect(error).toBeInstanceOf(BulkTimeoutError);
      expect(at).toBeGreaterThanOrEqual(9000);
      expect(at).toBeLessThanOrEqual(9100);
      expect((error as Error).message).toBe('waitForBulk gave up after 4 s (maxWait) with 2 of 2 operations still open (0 closed). The last read was cut off at the deadline (it did not finish). The bulk keeps running; wait again with a longer maxWait.');
      // The read of the last state is cut off too: there is no outcome to give.
      expect((error as BulkTimeoutError).outcome).toBeUndefined();
    } finally {
      timeout.mockRestore();
    }
  });
});

describe('waitForBulk: what the reads ask for', () => {
  it('a per-attempt timeout of a read is ridden out like a failure', async () => {
    const p = platform({ timeline: [[0, '11']] });
    let reads = 0;
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => (++reads === 1 ? new Promise<never>(() => {}) : HttpResponse.json(0))));
    const outcome = await drive(asyncClient({ timeout: 2000 }).waitForBulk(jobOf('b1', 2), { minDelay: 500, jitter: false }));
    expect(outcome.counts.complete).toBe(2);
    expect(reads).toBe(2);
    expect(p.kinds()).toEqual(['closed', 'failed']);
  });

  it('results() asks for the results, the ids and the queued input of complete operations only', async () => {
    const p = platform({ timeline: [[0, '13']] });
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, jitter: false }));
    await drive(collect(outcome.results()));
    const query = p.log.find((e) => e.kind === 'results')!.query;
    expect(query.get('fields')).toBe('items[id,bulk_uuid,status,result_serialized_data,serialized_data],total_count');
    expect(parseSearchCriteria(query).filter_groups.map((g) => g.filters.map((f) => `${f.field} ${f.condition_type} ${f.value}`))).toEqual([['bulk_uuid eq b1'], ['status eq 1']]);
  });

  it('a status read lists the open ones with their queued input when it has inputs to check them against, ids and statuses only when not', async () => {
    const job = platform({ timeline: [[0, '14']] });
    await asyncClient().readBulkStatus(jobOf('b1', 2));
    expect(job.log.find((e) => e.kind === 'listing')!.query.get('fields')).toBe('items[id,bulk_uuid,status,serialized_data],total_count');
    const bare = platform({ timeline: [[0, '14']] });
    await asyncClient().readBulkStatus('b1');
    expect(bare.log.find((e) => e.kind === 'listing')!.query.get('fields')).toBe('items[id,bulk_uuid,status],total_count');
  });

  it('a status read sends the per-request options', async () => {
    platform({ timeline: [[0, '14']] });
    let store = '';
    server.use(http.get(`${BASE}/rest/:store/V1/bulk/:uuid/status`, ({ params }) => ((store = String(params['store'])), HttpResponse.json({ message: 'stop here' }, { status: 404 }))));
    await expect(asyncClient().readBulkStatus('b1', { request: { storeCode: 'fr' } })).rejects.toMatchObject({ status: 404 });
    expect(store).toBe('fr');
  });

  it('a status read rides out a transient failure through the transport', async () => {
    const p = platform({ timeline: [[0, '14']], fail: { summary: [1] } });
    const status = await drive(asyncClient().readBulkStatus('b1'), 50);
    expect(status.counts).toMatchObject({ total: 2, complete: 1, open: 1 });
    expect(p.kinds().filter((k) => k === 'summary')).toEqual(['summary', 'summary']);
  });

  it('a status read stops when its signal aborts', async () => {
    platform({ timeline: [[0, '14']] });
    await expect(asyncClient().readBulkStatus('b1', { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'abort' });
  });
});

describe('waitForBulk: pace', () => {
  /** Times from the first, to the 250 ms steps of the fake clock. */
  const since = (times: number[]) => times.map((t) => Math.round((t - times[0]!) / 250) * 250);

  it('once the bulk is seen closing, sleeps no longer than the estimated time to its end', async () => {
    // One operation closes per second; the backoff alone would poll at 0, 1, 3, 7, 15 and 31 s.
    const timeline = Array.from({ length: 21 }, (_, k): [number, string] => [k * 1000, '1'.repeat(k) + '4'.repeat(20 - k)]);
    const p = platform({ timeline });
    await drive(asyncClient().waitForBulk(jobOf('b1', 20), { minDelay: 1000, maxDelay: 60_000, stallAfter: 120_000, jitter: false }));
    const polls = since(p.log.filter((e) => e.kind === 'count').map((e) => e.at));
    // At 15 s, 15 closed in 15 s and 5 open: the end is 5 s away, not the 16 s backoff.
    expect(polls).toEqual([0, 1000, 3000, 7000, 15_000, 20_000]);
  });

  it('measures the pace from its first poll, not from a submission long past', async () => {
    // Waited on when half the bulk had closed already: that half says nothing of the pace now.
    const timeline = Array.from({ length: 11 }, (_, k): [number, string] => [k * 4000, '1'.repeat(10 + k) + '4'.repeat(10 - k)]);
    const p = platform({ timeline });
    await drive(asyncClient().waitForBulk(jobOf('b1', 20), { minDelay: 1000, maxDelay: 8000, stallAfter: 120_000, jitter: false }));
    const polls = since(p.log.filter((e) => e.kind === 'count').map((e) => e.at));
    expect(polls.slice(0, 5)).toEqual([0, 1000, 3000, 7000, 15_000]);
  });
});

describe('waitForBulk: the first summary read of a bare UUID', () => {
  it('is tried again on the waiter’s backoff, the last pause cut to end at maxWait', async () => {
    const p = platform({ timeline: [[0, '44']], fail: { summary: Array.from({ length: 50 }, (_, i) => i + 1) } });
    const error = await drive(asyncClient().waitForBulk('b1', { minDelay: 500, maxDelay: 60_000, maxWait: 5000, jitter: false }), 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect((error as BulkTimeoutError).service).toBe('commerce');
    const reads = p.log.filter((e) => e.kind === 'summary').map((e) => e.at);
    // 500, 1000, 2000 ms apart, then the 4 s pause is cut to the deadline at 5 s.
    const relative = reads.map((t) => Math.round((t - reads[0]!) / 50) * 50);
    expect(relative.slice(0, 4)).toEqual([0, 500, 1500, 3500]);
    expect(relative).toHaveLength(5);
    expect(relative[4]).toBeGreaterThanOrEqual(4900);
    expect(relative[4]).toBeLessThanOrEqual(5000);
  });
});

describe('waitForBulk: progress and the final read', () => {
  it('counts the elements rejected at acceptance in every event’s total', async () => {
    platform({ timeline: [[0, '44'], [1000, '11']] });
    const job = jobOf('b1', 2);
    const withRejected = { ...job, total: 3, rejected: [{ position: 2, message: 'Invalid SKU', errorCode: 400, stage: 'acceptance' as const }] };
    const events: ProgressEvent[] = [];
    await drive(asyncClient().waitForBulk(withRejected, { minDelay: 500, jitter: false, onProgress: (e) => events.push(e) }));
    expect(events[0]).toEqual({ total: 3, open: 2, complete: 0, failed: 0, retryable: 0, rejected: 1, unaccounted: 0, final: false });
    expect(events.at(-1)).toMatchObject({ total: 3, complete: 2, rejected: 1, final: true });
  });

  it('a final read that fails until maxWait: the timeout still carries the outcome when one last look succeeds, listing the failures only', async () => {
    const p = platform({ timeline: [[0, '13']] });
    // The failure listing fails until the deadline and once at it (the waiter's last try); the look made
    // as the wait gives up, right after, succeeds. The deadline is read off the waiter's own timer.
    let deadlineAt = Number.POSITIVE_INFINITY;
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => ((deadlineAt = Date.now() + ms - 5000), new AbortController().signal));
    let late = 0;
    server.use(
      http.get(`${BASE}/rest/V1/bulk`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const failedListing = query.get('fields') !== 'total_count' && parseSearchCriteria(query).filter_groups.some((g) => g.filters.some((f) => f.condition_type === 'gt'));
        if (!failedListing || (Date.now() >= deadlineAt && ++late > 1)) return undefined;
        return HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });
      }),
    );
    onTestFinished(() => timeout.mockRestore());
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 500, maxDelay: 1000, maxWait: 4000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkTimeoutError);
    const outcome = (error as BulkTimeoutError<BulkOutcome>).outcome!;
    expect(outcome.operations.map((op) => op.state)).toEqual(['complete', 'failed']);
    expect(p.kinds()).not.toContain('listing');
  });
});

describe('waitForBulk: a stall as the platform last reported it', () => {
  it('states a stallAfter of 10 s or more in whole seconds', async () => {
    platform({ timeline: [[0, '44']] });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 2), { minDelay: 1000, maxDelay: 2000, stallAfter: 12_400, jitter: false })).catch((e: unknown) => e);
    expect((error as Error).message).toContain('without change for 12 s (stallAfter)');
  });

  it('carries the exact counts of the last read (a failure is not complete), its service and how long nothing moved', async () => {
    platform({ timeline: [[0, '444'], [1000, '344']] });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 3), { minDelay: 1000, maxDelay: 2000, stallAfter: 10_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkStalledError);
    const stalled = error as BulkStalledError<BulkOutcome>;
    expect(stalled.service).toBe('commerce');
    expect(stalled.counts).toEqual({ total: 3, complete: 0, failed: 1, retryable: 0, rejected: 0, open: 2, unaccounted: 0 });
    expect(stalled.bulkUuids).toEqual(['b1']);
    expect(stalled.message).toMatch(/^Bulk b1 has had 2 of 3 operations open without change for 10 s \(stallAfter\)\./);
    expect(stalled.stalledForMs).toBeGreaterThanOrEqual(10_000);
    expect(stalled.stalledForMs).toBeLessThanOrEqual(10_250);
  });

  it('when the read of the last state fails as well: the counts polling knew, and no outcome', async () => {
    platform({ timeline: [[0, '444'], [1000, '344']], fail: { failed: Array.from({ length: 50 }, (_, i) => i + 1) } });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 3), { minDelay: 1000, maxDelay: 2000, stallAfter: 10_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkStalledError);
    expect((error as BulkStalledError).counts).toEqual({ total: 3, complete: 1, failed: 0, retryable: 0, rejected: 0, open: 2, unaccounted: 0 });
    expect((error as BulkStalledError).outcome).toBeUndefined();
  });
});
