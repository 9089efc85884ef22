/**
 * The outcome of a bulk: each operation at its input position with its state, the counts, the
 * failures, and the results of complete operations read page by page.
 */
import { describe, expect, it } from 'vitest';
import { BulkFailedError } from '../../../src/async/errors.ts';
import { buildOutcome, type RawOperation, type ResultPages } from '../../../src/async/waiter/outcome.ts';
import type { TrackedBulk, WaitPlan } from '../../../src/async/waiter/targets.ts';
import { InputLimitError } from '../../../src/platform/errors.ts';

const bulk = (bulkUuid: string, positions: [number, number][]): TrackedBulk => ({ bulkUuid, operations: positions.length, open: 0, done: true, counterHolds: undefined, positions: new Map(positions) });
const raw = (id: number, status: number, extra: Partial<RawOperation> = {}): RawOperation => ({ id, status, ...extra });
const noPages: ResultPages = () => Promise.reject(new Error('no results read in this test'));

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('buildOutcome: operations', () => {
  const plan: WaitPlan = {
    route: 'PUT /V1/products/{sku}',
    bulks: [bulk('b1', [[0, 0], [1, 1], [2, 3]]), bulk('b2', [[0, 4]])],
    rejectedAtAcceptance: [{ position: 2, message: 'Invalid SKU', errorCode: 400, stage: 'acceptance' }],
    inputs: (position) => ({ sku: `S${position}` }),
  };

  it('places each listed operation with its state, message, code, input and topic, and the rest by `unlisted`', () => {
    const listed = new Map([['b1', [raw(1, 3, { result_message: 'Invalid price', error_code: 7, topic_name: 'async.x', result_serialized_data: '{"ok":false}' })]]]);
    const outcome = buildOutcome(plan, listed, 'complete', noPages);
    expect(outcome.route).toBe('PUT /V1/products/{sku}');
    expect(outcome.bulkUuids).toEqual(['b1', 'b2']);
    expect(outcome.operations).toEqual([
      { position: 0, bulkUuid: 'b1', operationId: null, status: 1, state: 'complete', resultMessage: null, errorCode: null, result: undefined, input: { sku: 'S0' }, topicName: null, stage: 'processing' },
      { position: 1, bulkUuid: 'b1', operationId: 1, status: 3, state: 'failed', resultMessage: 'Invalid price', errorCode: 7, result: { ok: false }, input: { sku: 'S1' }, topicName: 'async.x', stage: 'processing' },
      { position: 2, bulkUuid: null, operationId: null, status: 5, state: 'rejected', resultMessage: 'Invalid SKU', errorCode: 400, result: undefined, input: { sku: 'S2' }, topicName: null, stage: 'acceptance' },
      { position: 3, bulkUuid: 'b1', operationId: null, status: 1, state: 'complete', resultMessage: null, errorCode: null, result: undefined, input: { sku: 'S3' }, topicName: null, stage: 'processing' },
      { position: 4, bulkUuid: 'b2', operationId: null, status: 1, state: 'complete', resultMessage: null, errorCode: null, result: undefined, input: { sku: 'S4' }, topicName: null, stage: 'processing' },
    ]);
  });

  it('an operation not listed is open for a status read, and unaccounted (with a message saying so) when a wait ended', () => {
    const open = buildOutcome(plan, new Map(), 'open', noPages).operations[0]!;
    expect(open).toMatchObject({ status: 4, state: 'open', resultMessage: null });
    const lost = buildOutcome(plan, new Map(), 'unaccounted', noPages).operations[0]!;
    expect(lost).toMatchObject({ status: null, state: 'unaccounted', resultMessage: 'accepted, but the platform never reported this operation', input: { sku: 'S0' } });
  });

  it('a null result_serialized_data (a failed operation) is no result', () => {
    const op = buildOutcome(plan, new Map([['b1', [raw(0, 3, { result_serialized_data: null })]]]), 'complete', noPages).operations[0]!;
    expect(op.result).toBeUndefined();
  });

  it('a listed status outside 1..5 is taken as open; 1 and 5 keep their meaning', () => {
    const states = (status: number) => buildOutcome(plan, new Map([['b1', [raw(0, status)]]]), 'complete', noPages).operations[0]!;
    expect(states(0)).toMatchObject({ status: 4, state: 'open' });
    expect(states(6)).toMatchObject({ status: 4, state: 'open' });
    expect(states(1)).toMatchObject({ status: 1, state: 'complete' });
    expect(states(5)).toMatchObject({ status: 5, state: 'rejected' });
    expect(states(2)).toMatchObject({ status: 2, state: 'retryable' });
  });

  it('without the inputs, a listed operation carries its queued element from meta_information', () => {
    const bare: WaitPlan = { route: undefined, bulks: [{ ...bulk('b1', []), positions: undefined, operations: 2 }], rejectedAtAcceptance: [], inputs: undefined };
    const listed = new Map([['b1', [raw(1, 2, { serialized_data: JSON.stringify({ meta_information: '{"sku":"X"}' }) })]]]);
    const outcome = buildOutcome(bare, listed, 'complete', noPages);
    expect(outcome.operations.map((op) => [op.position, op.state, op.input])).toEqual([[0, 'complete', undefined], [1, 'retryable', { sku: 'X' }]]);
  });
});

describe('buildOutcome: counts and failures', () => {
  const plan: WaitPlan = { route: undefined, bulks: [bulk('b1', [0, 1, 2, 3, 4, 5].map((i) => [i, i]))], rejectedAtAcceptance: [{ position: 6, message: 'no', errorCode: null, stage: 'acceptance' }], inputs: undefined };
  const listed = new Map([['b1', [raw(1, 2, { result_message: 'Deadlock' }), raw(2, 3), raw(3, 5, { result_message: 'Refused' }), raw(4, 4)]]]);

  it('counts every state once, retryable within failed, and is ok only when everything completed', () => {
    const outcome = buildOutcome(plan, listed, 'unaccounted', noPages);
    expect(outcome.counts).toEqual({ total: 7, complete: 0, failed: 2, retryable: 1, rejected: 2, open: 1, unaccounted: 2 });
    expect(outcome.ok).toBe(false);
    expect(outcome.retryable().map((op) => op.position)).toEqual([1]);
    expect(outcome.failures().map((op) => op.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const all = buildOutcome({ ...plan, rejectedAtAcceptance: [] }, new Map(), 'complete', noPages);
    expect(all.counts).toEqual({ total: 6, complete: 6, failed: 0, retryable: 0, rejected: 0, open: 0, unaccounted: 0 });
    expect(all.ok).toBe(true);
    expect(all.failures()).toEqual([]);
    expect(() => all.throwIfFailed()).not.toThrow();
  });

  it('throwIfFailed names the counts and the first three failures with their messages', () => {
    const outcome = buildOutcome(plan, listed, 'complete', noPages);
    let error: unknown;
    try {
      outcome.throwIfFailed();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BulkFailedError);
    const failed = error as BulkFailedError;
    expect(failed.message).toBe('5 of 7 operations did not complete (2 failed, 1 of them retryable; 2 rejected; 1 open; 0 unaccounted): #1 retryable: Deadlock; #2 failed: no message; #3 rejected: Refused');
    expect(failed.counts).toBe(outcome.counts);
    expect(failed.outcome).toBe(outcome);
    expect(failed.service).toBe('commerce');
  });
});

describe('outcome.results()', () => {
  const plan: WaitPlan = {
    route: undefined,
    bulks: [bulk('b1', [[0, 0], [1, 1], [2, 2]]), bulk('b2', [[0, 3], [1, 4]])],
    rejectedAtAcceptance: [],
    inputs: undefined,
  };
  const rows: Record<string, RawOperation[]> = {
    b1: [0, 1, 2].map((id) => raw(id, 1, { result_serialized_data: JSON.stringify({ n: id }) })),
    b2: [0, 1].map((id) => raw(id, 1, { result_serialized_data: JSON.stringify({ n: 10 + id }) })),
  };
  /** Pages of `rows`, recording each request; `answer` may change what a request gets. */
  function pages(answer?: (uuid: string, page: number, size: number) => { items: RawOperation[]; total: number } | Error | undefined) {
    const asked: string[] = [];
    const read: ResultPages = async (uuid, page, size, signal) => {
      asked.push(`${uuid}:${page}x${size}${signal ? ' signal' : ''}`);
      const custom = answer?.(uuid, page, size);
      if (custom instanceof Error) throw custom;
      return custom ?? { items: rows[uuid]!.slice((page - 1) * size, page * size), total: rows[uuid]!.length };
    };
    return { read, asked };
  }

  it('reads bulk by bulk, page by page, 300 a page by default, each result at its position', async () => {
    const p = pages();
    const results = await collect(buildOutcome(plan, new Map(), 'complete', p.read).results());
    expect(results.map((op) => [op.position, op.bulkUuid, op.result])).toEqual([[0, 'b1', { n: 0 }], [1, 'b1', { n: 1 }], [2, 'b1', { n: 2 }], [3, 'b2', { n: 10 }], [4, 'b2', { n: 11 }]]);
    expect(p.asked).toEqual(['b1:1x300', 'b2:1x300']);
  });

  it('stops on total_count, and on an empty page even when total_count says there is more', async () => {
    const exact = pages();
    await collect(buildOutcome(plan, new Map(), 'complete', exact.read).results({ pageSize: 1 }));
    expect(exact.asked).toEqual(['b1:1x1', 'b1:2x1', 'b1:3x1', 'b2:1x1', 'b2:2x1']);
    const short = pages((uuid, page) => (uuid === 'b1' && page === 2 ? { items: [], total: 10 } : undefined));
    const results = await collect(buildOutcome(plan, new Map(), 'complete', short.read).results({ pageSize: 2 }));
    expect(short.asked).toEqual(['b1:1x2', 'b1:2x2', 'b2:1x2']);
    expect(results.map((op) => op.position)).toEqual([0, 1, 3, 4]);
  });

  it('yields a row that moved between pages once', async () => {
    // 2.3 answers past the end with the last page again; here page 2 repeats row 1 alongside row 2.
    const p = pages((uuid, page) => (uuid === 'b1' && page === 2 ? { items: [rows['b1']![1]!, rows['b1']![2]!], total: 3 } : undefined));
    const results = await collect(buildOutcome(plan, new Map(), 'complete', p.read).results({ pageSize: 2 }));
    expect(results.map((op) => op.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a repeated row does not take a position that is still free for the row that belongs there', async () => {
    const four: WaitPlan = { route: undefined, bulks: [bulk('b4', [[0, 0], [1, 1], [2, 2], [3, 3]])], rejectedAtAcceptance: [], inputs: undefined };
    const row = (id: number) => raw(id, 1, { result_serialized_data: JSON.stringify({ n: id }) });
    // Page 2 repeats row 1 (2.3 shifted), page 3 brings row 3.
    const served: Record<number, RawOperation[]> = { 1: [row(0), row(1)], 2: [row(1), row(2)], 3: [row(3)] };
    const read: ResultPages = async (_uuid, page) => ({ items: served[page] ?? [], total: 5 });
    const results = await collect(buildOutcome(four, new Map(), 'complete', read).results({ pageSize: 2 }));
    expect(results.map((op) => [op.position, op.result])).toEqual([[0, { n: 0 }], [1, { n: 1 }], [2, { n: 2 }], [3, { n: 3 }]]);
  });

  it('passes the caller’s signal to every page read', async () => {
    const p = pages();
    await collect(buildOutcome(plan, new Map(), 'complete', p.read).results({ signal: new AbortController().signal }));
    expect(p.asked).toEqual(['b1:1x300 signal', 'b2:1x300 signal']);
  });

  it('follows a lower page cap the platform names, reading that bulk again from its first page', async () => {
    const cap = new InputLimitError('The maximum page size is 2', { service: 'commerce', status: 400 }, { max: 2 });
    const p = pages((_uuid, _page, size) => (size > 2 ? cap : undefined));
    const results = await collect(buildOutcome(plan, new Map(), 'complete', p.read).results({ pageSize: 3 }));
    expect(p.asked).toEqual(['b1:1x3', 'b1:1x2', 'b1:2x2', 'b2:1x2']);
    expect(results.map((op) => op.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets any other failure of a page through', async () => {
    const p = pages(() => new Error('socket hang up'));
    await expect(collect(buildOutcome(plan, new Map(), 'complete', p.read).results())).rejects.toThrow('socket hang up');
    expect(p.asked).toEqual(['b1:1x300']);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses pageSize %s with a RangeError before reading', async (pageSize) => {
    const p = pages();
    await expect(collect(buildOutcome(plan, new Map(), 'complete', p.read).results({ pageSize }))).rejects.toThrow(new RangeError(`results(): pageSize must be a whole number of at least 1, got ${String(pageSize)}.`));
    expect(p.asked).toEqual([]);
  });
});
