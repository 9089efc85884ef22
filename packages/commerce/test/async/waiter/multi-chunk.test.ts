/**
 * A job of several chunks (one bulk each): which chunk the waiter polls, and what a status read
 * says of a job whose chunks stand differently.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkStalledError, type BulkJob, type BulkOutcome } from '../../../src/async/index.ts';
import '../../../src/async/waiter/wait.ts';
import '../../../src/async/waiter/read-status.ts';
import { applyFields, applySearch, parseSearchCriteria } from '../../../src/testing/search.ts';
import { asyncClient, BASE } from '../../async-harness.ts';
import { server } from '@magekit/test-support/msw';

/** Each chunk over time, `[fromMs, statuses]` (one digit per operation, 4 = open), every operation stored up front. */
type Timelines = Record<string, [number, string][]>;

function platform(timelines: Timelines) {
  const t0 = Date.now();
  const log: string[] = [];
  const statuses = (uuid: string) => [...timelines[uuid]!].reverse().find(([from]) => Date.now() - t0 >= from)![1];
  const rows = () =>
    Object.keys(timelines).flatMap((uuid) => [...statuses(uuid)].map((digit, id) => ({ id, bulk_uuid: uuid, status: Number(digit), result_message: digit === '3' ? 'Invalid price' : '', error_code: null, serialized_data: null })));
  server.use(
    http.get(`${BASE}/rest/V1/bulk/:uuid/operation-status/4`, ({ params }) => (log.push(`count ${params['uuid']}`), HttpResponse.json([...statuses(String(params['uuid']))].filter((d) => d === '4').length))),
    http.get(`${BASE}/rest/V1/bulk/:uuid/status`, ({ params }) => (log.push(`summary ${params['uuid']}`), HttpResponse.json({ operation_count: statuses(String(params['uuid'])).length }))),
    http.get(`${BASE}/rest/V1/bulk`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const criteria = parseSearchCriteria(query);
      const uuid = criteria.filter_groups[0]!.filters[0]!.value;
      const kind = query.get('fields') === 'total_count' ? 'closed' : criteria.filter_groups.some((g) => g.filters.some((f) => f.condition_type === 'gt')) ? 'failed' : 'listing';
      log.push(`${kind} ${uuid}`);
      return HttpResponse.json(applyFields(applySearch(rows(), criteria), query.get('fields')) as object);
    }),
  );
  return log;
}

function jobOf(sizes: Record<string, number>): BulkJob<'PUT /V1/products/{sku}'> {
  const uuids = Object.keys(sizes);
  let position = 0;
  const items = uuids.flatMap((uuid) => Array.from({ length: sizes[uuid]! }, (_, requestId) => ({ position: position++, bulkUuid: uuid, requestId, status: 'accepted' as const, dataHash: null, errorMessage: null, errorCode: null })));
  return { kind: 'bulk-job', route: 'PUT /V1/products/{sku}', total: items.length, accepted: items.length, rejected: [], chunks: [], items, bulkUuids: uuids, inputs: [] };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function drive<T>(promise: Promise<T>, stepMs = 100, maxMs = 600_000): Promise<T> {
  let settled = false;
  const out = promise.finally(() => (settled = true));
  out.catch(() => {});
  for (let t = 0; !settled && t < maxMs; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  return out;
}

describe('waitForBulk over chunks', () => {
  it('sweeps every chunk first, then polls the first open one; once one moves it polls that one, moving on when it finishes', async () => {
    // The consumer works c1 first (it was queued first on the platform), then c0, then c2.
    const log = platform({
      c0: [[0, '44'], [3000, '14'], [4000, '11']],
      c1: [[0, '44'], [1000, '14'], [2000, '11']],
      c2: [[0, '44'], [5000, '11']],
    });
    const outcome = await drive(asyncClient().waitForBulk(jobOf({ c0: 2, c1: 2, c2: 2 }), { minDelay: 1000, maxDelay: 1000, jitter: false }));
    expect(outcome.counts).toMatchObject({ total: 6, complete: 6, open: 0 });
    expect(log.filter((l) => !l.startsWith('failed'))).toEqual([
      // t=0: nothing moved yet, every chunk is looked at once.
      'count c0', 'count c1', 'count c2',
      // t=1 s: no movement since the sweep, only the first open chunk is polled... which has not moved.
      'count c0',
      // t=2 s: still c0 only; c1 finished meanwhile, unseen.
      'count c0',
      // t=3 s: c0 moved: the waiter stays on it.
      'count c0',
      // t=4 s: c0 verified closed, the next chunk in line is looked at in the same round: c1 is closed too.
      'count c0', 'closed c0', 'count c1', 'closed c1', 'count c2',
      // t=5 s: c2 closes.
      'count c2', 'closed c2',
    ]);
  });

  it('a chunk that moved without finishing is polled first in the next round', async () => {
    const log = platform({
      c0: [[0, '444'], [1000, '144'], [4000, '111']],
      c1: [[0, '44'], [2000, '11']],
    });
    await drive(asyncClient().waitForBulk(jobOf({ c0: 3, c1: 2 }), { minDelay: 1000, maxDelay: 1000, jitter: false, stallAfter: 60_000 }));
    const counts = log.filter((l) => l.startsWith('count'));
    // t=0 sweep; t=1 s c0 moved (cursor); t=2 s c0 first, no move, the sweep after movement reaches c1 which closed.
    expect(counts.slice(0, 6)).toEqual(['count c0', 'count c1', 'count c0', 'count c0', 'count c1', 'count c0']);
  });
});

describe('waitForBulk over chunks: the cursor', () => {
  it('a later chunk that moved is polled before the earlier ones in the next round', async () => {
    const log = platform({
      c0: [[0, '444'], [1000, '144'], [9000, '111']],
      c1: [[0, '44'], [1500, '14'], [3500, '11']],
    });
    await drive(asyncClient().waitForBulk(jobOf({ c0: 3, c1: 2 }), { minDelay: 1000, maxDelay: 1000, jitter: false, stallAfter: 60_000 }));
    // 0 s sweep; 1 s c0 moved; 2 s sweep after movement: c0 still, c1 moved; 3 s c1 first, then the sweep reaches c0.
    expect(log.filter((l) => l.startsWith('count')).slice(0, 6)).toEqual(['count c0', 'count c1', 'count c0', 'count c0', 'count c1', 'count c1']);
    expect(log.filter((l) => l.startsWith('count'))[6]).toBe('count c0');
  });

  it('a round whose read failed does not end the sweep: the next round looks at every chunk again', async () => {
    const log = platform({ c0: [[0, '44'], [5000, '11']], c1: [[0, '44'], [500, '11']] });
    let c0Reads = 0;
    server.use(http.get(`${BASE}/rest/V1/bulk/c0/operation-status/4`, () => (++c0Reads === 1 ? (log.push('count c0 (503)'), HttpResponse.json({ message: 'busy' }, { status: 503 })) : undefined)));
    await drive(asyncClient().waitForBulk(jobOf({ c0: 2, c1: 2 }), { minDelay: 1000, maxDelay: 1000, jitter: false, stallAfter: 60_000 }));
    expect(log.slice(0, 4)).toEqual(['count c0 (503)', 'count c0', 'count c1', 'closed c1']);
  });
});

describe('a stall over chunks', () => {
  it('one chunk closed, another stuck: the stuck one’s operations are reported open, not complete', async () => {
    platform({ c0: [[0, '44'], [1000, '13']], c1: [[0, '44']] });
    const error = await drive(asyncClient().waitForBulk(jobOf({ c0: 2, c1: 2 }), { minDelay: 1000, maxDelay: 1000, jitter: false, stallAfter: 5000 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkStalledError);
    expect((error as Error).message).toMatch(/^Bulk c0, c1 has had 2 of 4 operations open without change for 5 s \(stallAfter\)\./);
    expect((error as BulkStalledError).bulkUuids).toEqual(['c0', 'c1']);
    const outcome = (error as BulkStalledError<BulkOutcome>).outcome!;
    expect(outcome.operations.map((op) => op.state)).toEqual(['complete', 'failed', 'open', 'open']);
  });
});

describe('readBulkStatus over chunks', () => {
  it('one chunk closed and another not: the open one is listed, so its unlisted operations stay open', async () => {
    const log = platform({ c0: [[0, '13']], c1: [[0, '144']] });
    const status = await asyncClient().readBulkStatus(jobOf({ c0: 2, c1: 3 }));
    expect(status.operations.map((op) => op.state)).toEqual(['complete', 'failed', 'complete', 'open', 'open']);
    expect(status.counts).toMatchObject({ total: 5, complete: 2, failed: 1, open: 2 });
    expect(log).toEqual(['closed c0', 'closed c1', 'failed c0', 'listing c0', 'failed c1', 'listing c1']);
  });
});
