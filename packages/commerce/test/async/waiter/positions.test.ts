/**
 * Placement of listed operations at input positions: by request id, checked against the
 * operation's meta_information when the inputs are known (2.3 database ids overlap request
 * indexes), then by content.
 */
import { describe, expect, it } from 'vitest';
import type { RawOperation } from '../../../src/async/waiter/outcome.ts';
import { parseJson, placeOperations, positionsOf, queuedInput } from '../../../src/async/waiter/positions.ts';
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

describe('placeOperations: by content and what is left', () => {
  const meta = (value: unknown) => JSON.stringify({ meta_information: JSON.stringify(value) });
  const withInputs = (values: unknown[], count = values.length): WaitPlan => ({
    route: undefined,
    bulks: [{ bulkUuid: 'b', operations: count, open: 0, done: true, counterHolds: undefined, positions: new Map(Array.from({ length: count }, (_, i) => [i, 20 + i])) }],
    rejectedAtAcceptance: [],
    inputs: (position) => values[position - 20],
  });
  const raw = (id: number, serialized?: string): RawOperation => ({ id, status: 3, ...(serialized === undefined ? {} : { serialized_data: serialized }) });

  it('identical inputs at several positions are each taken once, in position order', () => {
    const p = withInputs([{ sku: 'A' }, { sku: 'B' }, { sku: 'A' }]);
    expect(placed(p, [raw(900, meta({ sku: 'A' })), raw(901, meta({ sku: 'A' })), raw(902, meta({ sku: 'B' }))])).toEqual([[900, 20], [901, 22], [902, 21]]);
  });

  it('compares content whatever the key order, and tells different values apart', () => {
    const p = withInputs([{ sku: 'A', product: { price: 1, name: 'x' } }, { sku: 'A', product: { price: 2, name: 'x' } }]);
    expect(placed(p, [raw(900, meta({ product: { name: 'x', price: 2 }, sku: 'A' })), raw(901, meta({ product: { name: 'x', price: 1 }, sku: 'A' }))])).toEqual([[900, 21], [901, 20]]);
  });

  it('an array and an object with its indexes as keys are different content; so are [1, 2] and [12]', () => {
    const p = withInputs([{ x: ['a', 'b'] }, { x: { 0: 'a', 1: 'b' } }, { n: [1, 2] }, { n: [12] }]);
    expect(placed(p, [raw(900, meta({ x: { 0: 'a', 1: 'b' } })), raw(901, meta({ x: ['a', 'b'] })), raw(902, meta({ n: [12] })), raw(903, meta({ n: [1, 2] }))])).toEqual([[900, 21], [901, 20], [902, 23], [903, 22]]);
  });

  it('an input key whose value is undefined matches the queued copy, which never has it (as in JSON)', () => {
    const p = withInputs([{ sku: 'B' }, { sku: 'A', note: undefined, tags: [undefined] }]);
    expect(placed(p, [raw(900, meta({ sku: 'A', tags: [null] }))])).toEqual([[900, 21]]);
  });

  it('inputs that are null, or hold a null or text customer, are compared like any other', () => {
    const p = withInputs([null, { customer: null, n: 1 }, { customer: 'guest', n: 1 }, { sku: 'B' }]);
    expect(placed(p, [raw(900, meta({ sku: 'B' })), raw(901, meta({ customer: 'guest', n: 1 })), raw(902, meta({ customer: null, n: 1 }))])).toEqual([[900, 23], [901, 22], [902, 21]]);
  });

  it('an operation without meta_information is not matched by content to an input that is missing', () => {
    const p = withInputs([{ sku: 'A' }, undefined]);
    expect(placed(p, [raw(900)])).toEqual([[900, 20]]);
  });

  it('an id that agrees with its input keeps its position even when the same content is queued elsewhere too', () => {
    const p = withInputs([{ sku: 'A' }, { sku: 'A' }]);
    expect(placed(p, [raw(1, meta({ sku: 'A' }))])).toEqual([[1, 21]]);
  });

  it('compares arrays element by element, in order', () => {
    const p = withInputs([{ tags: ['a', 'b'] }, { tags: ['b', 'a'] }]);
    expect(placed(p, [raw(900, meta({ tags: ['b', 'a'] })), raw(901, meta({ tags: ['a', 'b'] }))])).toEqual([[900, 21], [901, 20]]);
  });

  it('a customer with only group_id compares as one without a customer; other customer fields still count', () => {
    const p = withInputs([{ customer: { group_id: 2 }, n: 1 }, { customer: { email: 'a@x.test', group_id: 2 }, n: 1 }, { n: 1 }]);
    expect(placed(p, [raw(900, meta({ customer: { email: 'a@x.test', group_id: 1 }, n: 1 })), raw(901, meta({ n: 1 })), raw(902, meta({ customer: { group_id: 1 }, n: 1 }))])).toEqual([[900, 21], [901, 20], [902, 22]]);
  });

  it('group_id is left out only inside a customer object', () => {
    const p = withInputs([{ group_id: 1 }, { group_id: 2 }]);
    expect(placed(p, [raw(900, meta({ group_id: 2 })), raw(901, meta({ group_id: 1 }))])).toEqual([[900, 21], [901, 20]]);
    const arrays = withInputs([{ customer: [{ group_id: 1 }] }, { customer: [{ group_id: 2 }] }]);
    expect(placed(arrays, [raw(900, meta({ customer: [{ group_id: 2 }] })), raw(901, meta({ customer: [{ group_id: 1 }] }))])).toEqual([[900, 21], [901, 20]]);
  });

  it('what neither id nor content places takes the free positions in id order; what no position is left for is not placed', () => {
    const p = withInputs([{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }]);
    // 0 by id (agrees), 902 by content (B), 905 and 903 match nothing: C's position goes to the lower id, 905 has none.
    expect(placed(p, [raw(905, meta({ sku: 'Z' })), raw(0, meta({ sku: 'A' })), raw(903, meta({ sku: 'Y' })), raw(902, meta({ sku: 'B' }))])).toEqual([[0, 20], [902, 21], [903, 22]]);
  });

  it('an operation without meta_information is placed by its id when that id is a request id', () => {
    const p = withInputs([{ sku: 'A' }, { sku: 'B' }]);
    expect(placed(p, [raw(1), raw(0)])).toEqual([[1, 21], [0, 20]]);
  });

  it('a position already taken is not given again, by id, by content or by what is left', () => {
    const p = withInputs([{ sku: 'A' }, { sku: 'B' }]);
    const taken = new Set([20]);
    const result = placeOperations(p, p.bulks[0]!, [raw(0, meta({ sku: 'A' })), raw(901, meta({ sku: 'A' }))], taken);
    expect([...result].map(([o, position]) => [o.id, position])).toEqual([[0, 21]]);
    expect([...taken]).toEqual([20, 21]);
  });

  it('without positions (a bare UUID) the id is the position, among the bulk’s operation count', () => {
    const bare: WaitPlan = { route: undefined, bulks: [{ bulkUuid: 'b', operations: 3, open: 0, done: true, counterHolds: undefined, positions: undefined }], rejectedAtAcceptance: [], inputs: undefined };
    expect(placed(bare, [raw(2), raw(7), raw(0)])).toEqual([[2, 2], [0, 0], [7, 1]]);
  });
});

describe('positionsOf', () => {
  it('a job’s positions in order, whatever order the request ids map them in', () => {
    expect(positionsOf({ bulkUuid: 'b', operations: 3, open: 0, done: false, counterHolds: undefined, positions: new Map([[0, 30], [1, 4], [2, 12]]) })).toEqual([4, 12, 30]);
  });

  it('a bare UUID: 0 up to its operation count, none while the count is unknown', () => {
    expect(positionsOf({ bulkUuid: 'b', operations: 3, open: 0, done: false, counterHolds: undefined, positions: undefined })).toEqual([0, 1, 2]);
    expect(positionsOf({ bulkUuid: 'b', operations: undefined, open: 0, done: false, counterHolds: undefined, positions: undefined })).toEqual([]);
  });
});

describe('queuedInput', () => {
  const queued = (serialized: string | null | undefined) => queuedInput({ id: 0, status: 1, ...(serialized === undefined ? {} : { serialized_data: serialized }) });

  it('reads the element from meta_information, JSON inside the JSON envelope', () => {
    expect(queued(JSON.stringify({ entity_id: null, meta_information: '{"sku":"A","qty":2}' }))).toEqual({ sku: 'A', qty: 2 });
  });

  it('keeps a meta_information that is not JSON as the text it is, and one already decoded as it is', () => {
    expect(queued(JSON.stringify({ meta_information: 'sku=A' }))).toBe('sku=A');
    expect(queued(JSON.stringify({ meta_information: { sku: 'A' } }))).toEqual({ sku: 'A' });
    expect(queued(JSON.stringify({ meta_information: '' }))).toBe('');
  });

  it.each([[null], [undefined], [''], ['not json'], ['42'], ['null'], [JSON.stringify({ other: 1 })]])('has nothing to say for serialized_data %j', (serialized) => {
    expect(queued(serialized)).toBeUndefined();
  });
});

describe('parseJson', () => {
  it('parses JSON text, and answers undefined for anything else', () => {
    expect(parseJson('{"a":[1,null]}')).toEqual({ a: [1, null] });
    expect(parseJson('0')).toBe(0);
    expect(parseJson('')).toBeUndefined();
    expect(parseJson(null)).toBeUndefined();
    expect(parseJson(undefined)).toBeUndefined();
    expect(parseJson('{')).toBeUndefined();
  });
});
