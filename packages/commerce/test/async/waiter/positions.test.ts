/**
 * Placement of listed operations at input positions: by request id, checked against the
 * operation's meta_information when the inputs are known (2.3 database ids overlap request
 * indexes), then by content.
 */
import { describe, expect, it } from 'vitest';
import type { RawOperation } from '../../../src/async/waiter/outcome.ts';
import { placeOperations } from '../../../src/async/waiter/positions.ts';
import type { TrackedBulk, WaitPlan } from '../../../src/async/waiter/targets.ts';

const inputs = [{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }];
const op = (id: number, meta: unknown): RawOperation => ({ id, status: 3, serialized_data: JSON.stringify({ entity_id: null, entity_link: '', meta_information: JSON.stringify(meta) }) });
const bulk = (): TrackedBulk => ({ bulkUuid: 'b', operations: 3, open: 0, done: true, counterHolds: undefined, positions: new Map([[0, 10], [1, 11], [2, 12]]) });
const plan = (known: boolean): WaitPlan => ({ route: undefined, bulks: [bulk()], rejectedAtAcceptance: [], inputs: known ? (position) => inputs[position - 10] : undefined });
const placed = (p: WaitPlan, ops: RawOperation[]) => [...placeOperations(p, p.bulks[0]!, ops)].map(([o, position]) => [o.id, position]);

describe('placeOperations', () => {
  it('places 2.4 request-index ids by id when the content agrees', () => {
    expect(placed(plan(true), [op(0, inputs[0]), op(2, inputs[2])])).toEqual([[0, 10], [2, 12]]);
  });

  it('checks a 2.3 database id that overlaps a request index against meta_information, and places by content instead', () => {
    // Database id 1 holds element 0 (A), id 2 holds element 1 (B): by id alone they would land one position late.
    expect(placed(plan(true), [op(1, inputs[0]), op(2, inputs[1])])).toEqual([[1, 10], [2, 11]]);
  });

  it('without the inputs, the id is all there is', () => {
    expect(placed(plan(false), [op(1, inputs[0])])).toEqual([[1, 11]]);
  });

  it('ignores customer.group_id, which 2.4 forces to 1 for callers without the bulk ACL resource', () => {
    const customers = [{ customer: { email: 'a@x.test', group_id: 3 } }, { customer: { email: 'b@x.test' } }];
    const p: WaitPlan = { ...plan(true), inputs: (position) => customers[position - 10] };
    expect(placed(p, [op(7, { customer: { email: 'b@x.test', group_id: 1 } }), op(8, { customer: { email: 'a@x.test', group_id: 1 } })])).toEqual([[7, 11], [8, 10]]);
  });
});
