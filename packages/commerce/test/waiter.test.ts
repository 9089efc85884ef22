import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { BulkStalledError, BulkTimeoutError, type BulkJob, type ProgressEvent } from '../src/async/index.ts';
import { nextDelay, RateEstimator } from '../src/async/waiter/schedule.ts';
import type { RouteOutput } from '../src/index.ts';
import { asyncClient, BASE } from './async-harness.ts';
import { server } from './msw.ts';

interface Script {
  /** Open counts answered by operation-status/4, in order; the last one repeats. */
  open: (number | 'fail')[];
  operations: { id: number; status: number; result_message?: string; error_code?: number | null; result_serialized_data?: string | null }[];
}

/** A scripted platform for one bulk `b1`, recording when each request arrived. */
function platform(script: Script) {
  const log: { at: number; path: string }[] = [];
  let poll = 0;
  server.use(
    http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, () => {
      log.push({ at: Date.now(), path: 'count' });
      const value = script.open[Math.min(poll++, script.open.length - 1)]!;
      return value === 'fail' ? HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 }) : HttpResponse.json(value);
    }),
    http.get(`${BASE}/rest/V1/bulk/:uuid/status`, () => {
      log.push({ at: Date.now(), path: 'summary' });
      return HttpResponse.json({ operations_list: [], bulk_id: 'b1', description: '', start_time: '', user_type: 2, user_id: 1, operation_count: script.operations.length });
    }),
    http.get(`${BASE}/rest/V1/bulk/:uuid/detailed-status`, () => {
      log.push({ at: Date.now(), path: 'detailed' });
      return HttpResponse.json({
        operations_list: script.operations.map((op) => ({ bulk_uuid: 'b1', topic_name: 't', serialized_data: '{}', result_serialized_data: null, result_message: '', error_code: null, ...op })),
        bulk_id: 'b1', description: '', start_time: '', user_type: 2, user_id: 1, operation_count: script.operations.length,
      });
    }),
  );
  return log;
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

const complete = (n: number) => Array.from({ length: n }, (_, id) => ({ id, status: 1 }));

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

describe('waitForBulk timing', () => {
  it('polls on the AWS-style exponential schedule, capped at maxDelay, and reads the summary only for a bare UUID', async () => {
    const log = platform({ open: [3, 3, 3, 3, 3, 3, 0], operations: complete(3) });
    const t0 = Date.now();
    const outcome = await drive(asyncClient().waitForBulk('b1', { minDelay: 1000, maxDelay: 8000, jitter: false }));
    expect(log.map((e) => e.path)).toEqual(['summary', 'count', 'count', 'count', 'count', 'count', 'count', 'count', 'detailed']);
    const polls = log.filter((e) => e.path === 'count').map((e) => e.at - t0);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
    // 250 ms steps of the fake clock round each gap up to the step.
    expect(gaps.map((g) => Math.ceil(g / 250) * 250)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(outcome.counts).toMatchObject({ total: 3, complete: 3, open: 0 });
  });

  it('never reads the summary for a job (it knows the count) and stops on the open count alone', async () => {
    const log = platform({ open: [2, 0], operations: complete(4) });
    await drive(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 500, jitter: false }));
    expect(log.map((e) => e.path)).toEqual(['count', 'count', 'detailed']);
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

describe('waitForBulk outcome and progress', () => {
  it('types and maps every operation, parses results as the sync response, and reports progress', async () => {
    platform({
      open: [3, 1, 0],
      operations: [
        { id: 0, status: 1, result_serialized_data: JSON.stringify({ sku: 'S0', price: 0 }) },
        { id: 1, status: 2, result_message: 'Deadlock found', error_code: 0 },
        { id: 2, status: 3, result_message: 'Invalid price', error_code: 0 },
        { id: 3, status: 5, result_message: 'Rejected' },
      ],
    });
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 4), { minDelay: 500, jitter: false, onProgress: (e) => events.push(e) }));
    expect(outcome.counts).toEqual({ total: 4, complete: 1, failed: 2, retryable: 1, rejected: 1, open: 0 });
    expect(outcome.operations.map((op) => [op.position, op.state])).toEqual([[0, 'complete'], [1, 'retryable'], [2, 'failed'], [3, 'rejected']]);
    expect(outcome.operations[0]!.result?.sku).toBe('S0');
    expectTypeOf(outcome.operations[0]!.result).toEqualTypeOf<RouteOutput<'PUT /V1/products/{sku}'> | undefined>();
    expect(outcome.operations[1]!.input).toEqual({ sku: 'S1', product: { price: 1 } });
    expect(outcome.retryable().map((op) => op.position)).toEqual([1]);
    expect(outcome.ok).toBe(false);
    expect(() => outcome.throwIfFailed()).toThrow(/3 of 4 operations did not complete/);
    expect(events.map((e) => [e.open, e.final])).toEqual([[3, false], [1, false], [0, false], [0, true]]);
    expect(events.at(-1)).toEqual({ total: 4, open: 0, complete: 1, failed: 2, rejected: 1, final: true });
  });
});

describe('waitForBulk faults', () => {
  it('polls through transient 503s without losing its state', async () => {
    const log = platform({ open: [3, 'fail', 'fail', 1, 'fail', 0], operations: complete(3) });
    const events: ProgressEvent[] = [];
    const outcome = await drive(asyncClient().waitForBulk(jobOf('b1', 3), { minDelay: 500, maxDelay: 1000, jitter: false, onProgress: (e) => events.push(e) }));
    expect(log.filter((e) => e.path === 'count')).toHaveLength(6);
    expect(outcome.counts.complete).toBe(3);
    // The failures did not reset or fake progress: open went 3 → 1 → 0.
    expect(events.map((e) => e.open)).toEqual([3, 1, 0, 0]);
  });

  it('raises a typed stall pointing at the async.operations.all consumer when the open count stops moving', async () => {
    platform({ open: [5, 4, 4], operations: complete(5) });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, maxDelay: 5000, stallAfter: 20_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkStalledError);
    const stalled = error as BulkStalledError;
    expect(stalled.kind).toBe('stalled');
    expect(stalled.message).toMatch(/async\.operations\.all/);
    expect(stalled.counts).toMatchObject({ total: 5, open: 4 });
    expect(stalled.stalledForMs).toBeGreaterThanOrEqual(20_000);
  });

  it('gives up at maxWait with a typed timeout carrying the last counts', async () => {
    platform({ open: [5, 3], operations: complete(5) });
    const error = await drive(asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 1000, maxWait: 10_000, stallAfter: 60_000, jitter: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkTimeoutError);
    expect((error as BulkTimeoutError).kind).toBe('timeout');
    expect((error as BulkTimeoutError).counts).toMatchObject({ total: 5, open: 3, complete: 2 });
  });

  it('stops at once when the caller aborts, during a pause', async () => {
    const log = platform({ open: [5], operations: complete(5) });
    const controller = new AbortController();
    const promise = asyncClient().waitForBulk(jobOf('b1', 5), { minDelay: 10_000, jitter: false, signal: controller.signal });
    promise.catch(() => {});
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect((error as { kind?: string }).kind).toBe('abort');
    expect(log.filter((e) => e.path === 'count')).toHaveLength(1);
  });

  it('checks its options before any request', async () => {
    const log = platform({ open: [0], operations: [] });
    await expect(asyncClient().waitForBulk('b1', { minDelay: 5000, maxDelay: 100 })).rejects.toThrow(/maxDelay/);
    await expect(asyncClient().waitForBulk('')).rejects.toThrow(/empty string/);
    expect(log).toHaveLength(0);
  });
});
