/** What waitForBulk and readBulkStatus were given, turned into the bulks to watch and the way back to input positions. */
import { InputError } from '@magekit/core';
import { describe, expect, it } from 'vitest';
import type { AsyncAcceptance } from '../../../src/async/acceptance.ts';
import type { BulkJob } from '../../../src/async/job.ts';
import { planFor } from '../../../src/async/waiter/targets.ts';

const acceptance = (items: AsyncAcceptance['requestItems']): AsyncAcceptance => ({ route: 'POST /async/V1/products', bulkUuid: 'u-1', errors: false, requestItems: items });
const accepted = (id: number) => ({ id, dataHash: null, status: 'accepted' as const, errorMessage: null, errorCode: null });

describe('planFor', () => {
  it('a bare UUID: one bulk of unknown size (none counted open until it is read), no route, no inputs', () => {
    expect(planFor('u-1')).toEqual({ route: undefined, bulks: [{ bulkUuid: 'u-1', operations: undefined, open: 0, done: false, counterHolds: undefined, positions: undefined }], rejectedAtAcceptance: [], inputs: undefined });
  });

  it.each(['', '   '])('refuses an empty UUID (%j) with an InputError', (uuid) => {
    expect(() => planFor(uuid)).toThrow(InputError);
    expect(() => planFor(uuid)).toThrow('waitForBulk needs a bulk UUID, an async acceptance or a bulk job; got an empty string.');
    expect(() => planFor(uuid)).toThrow(expect.objectContaining({ service: 'commerce' }));
  });

  it.each([[undefined], [null], [42], [{ bulkUuid: 'u-1' }], [{ bulkUuid: 7, requestItems: [] }], [{ kind: 'job' }]])('refuses %j, saying what it takes', (target) => {
    expect(() => planFor(target as never)).toThrow(new InputError('waitForBulk needs a bulk UUID string, the acceptance an async call returned, or the job a bulk call returned.', { service: 'commerce' }));
    expect(() => planFor(target as never)).toThrow(InputError);
  });

  it('an acceptance: its accepted items are the bulk, each at its request index; rejected ones are rejected at acceptance', () => {
    const plan = planFor(
      acceptance([
        accepted(0),
        { id: 1, dataHash: null, status: 'rejected', errorMessage: 'Invalid SKU', errorCode: 400 },
        accepted(2),
        { id: 3, dataHash: null, status: 'rejected', errorMessage: null, errorCode: null },
      ]),
    );
    expect(plan.route).toBe('POST /async/V1/products');
    expect(plan.inputs).toBeUndefined();
    expect(plan.bulks).toEqual([{ bulkUuid: 'u-1', operations: 2, open: 2, done: false, counterHolds: undefined, positions: new Map([[0, 0], [2, 2]]) }]);
    expect(plan.rejectedAtAcceptance).toEqual([
      { position: 1, message: 'Invalid SKU', errorCode: 400, stage: 'acceptance' },
      { position: 3, message: 'rejected without a message', errorCode: null, stage: 'acceptance' },
    ]);
  });

  it('an acceptance with every item rejected has no bulk to watch', () => {
    const plan = planFor(acceptance([{ id: 0, dataHash: null, status: 'rejected', errorMessage: 'no', errorCode: 1 }]));
    expect(plan.bulks).toEqual([]);
    expect(plan.rejectedAtAcceptance).toHaveLength(1);
  });

  const job: BulkJob = {
    kind: 'bulk-job',
    route: 'PUT /V1/products/{sku}',
    total: 5,
    accepted: 3,
    rejected: [{ position: 2, message: 'bad', errorCode: 400, stage: 'acceptance' }],
    chunks: [
      { index: 0, offset: 0, size: 3, bulkUuid: 'c0', accepted: 2 },
      { index: 1, offset: 3, size: 2, bulkUuid: 'c1', accepted: 1 },
    ],
    items: [
      { position: 0, bulkUuid: 'c0', requestId: 0, status: 'accepted', dataHash: null, errorMessage: null, errorCode: null },
      { position: 1, bulkUuid: 'c0', requestId: 1, status: 'accepted', dataHash: null, errorMessage: null, errorCode: null },
      { position: 2, bulkUuid: 'c0', requestId: 2, status: 'rejected', dataHash: null, errorMessage: 'bad', errorCode: 400 },
      { position: 4, bulkUuid: 'c1', requestId: 1, status: 'accepted', dataHash: null, errorMessage: null, errorCode: null },
      { position: 3, bulkUuid: 'c1', requestId: 0, status: 'rejected', dataHash: null, errorMessage: 'bad', errorCode: 400 },
    ],
    bulkUuids: ['c0', 'c1'],
    inputs: ['i0', 'i1', 'i2', 'i4', 'i3'],
  };

  it('a job: one bulk per chunk holding its accepted items, request ids mapped to input positions', () => {
    const plan = planFor(job);
    expect(plan.route).toBe('PUT /V1/products/{sku}');
    expect(plan.bulks).toEqual([
      { bulkUuid: 'c0', operations: 2, open: 2, done: false, counterHolds: undefined, positions: new Map([[0, 0], [1, 1]]) },
      { bulkUuid: 'c1', operations: 1, open: 1, done: false, counterHolds: undefined, positions: new Map([[1, 4]]) },
    ]);
    expect(plan.rejectedAtAcceptance).toEqual(job.rejected);
    expect(plan.rejectedAtAcceptance).not.toBe(job.rejected);
  });

  it("a job's inputs are found by position, whatever order its items are in", () => {
    const inputs = planFor(job).inputs!;
    expect([0, 1, 2, 3, 4].map(inputs)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    expect(inputs(9)).toBeUndefined();
  });

  it('a job rebuilt without its inputs has none (the operations carry their own)', () => {
    expect(planFor({ ...job, inputs: [] }).inputs).toBeUndefined();
  });
});
