// alignBatch on answers a live service or a proxy could send: what is refused, and what the error
// tells the user (where, why, that items may already be processed).
import { describe, expect, it } from 'vitest';
import { alignBatch } from '../src/batch.ts';

const context = { method: 'POST', url: 'https://x.test/rest/v1/products/packages' };
const where = 'POST https://x.test/rest/v1/products/packages: ';
const tail = ' Some items may have been processed; read them back before resubmitting.';

function refusal(inputs: readonly unknown[], response: unknown): unknown {
  try {
    alignBatch(inputs, response, context);
  } catch (error) {
    return error;
  }
  throw new Error('alignBatch accepted the answer');
}

describe('alignBatch: answers that cannot be paired with their inputs', () => {
  for (const [response, got] of [
    [null, 'null'],
    [{ code: 200 }, 'object'],
    ['OK', 'string'],
  ] as const) {
    it(`a ${got} instead of an array is a malformed response naming the route, with no failures`, () => {
      expect(refusal([{ n: 0 }], response)).toMatchObject({
        kind: 'batch',
        reason: 'malformed-response',
        service: 'marketplace',
        method: 'POST',
        url: context.url,
        failures: [],
        message: `${where}expected an array with one result per item, got ${got}.${tail}`,
      });
    });
  }

  it('a length mismatch says how many were sent and answered', () => {
    expect(refusal([{ n: 0 }, { n: 1 }], [{ code: 200 }, { code: 200 }, { code: 200 }])).toMatchObject({
      reason: 'length-mismatch',
      failures: [],
      message: `${where}sent 2 item(s) but the response has 3, so results cannot be paired with their inputs.${tail}`,
    });
  });

  for (const [name, item] of [
    ['null', null],
    ['an array', [200]],
    ['a code sent as a string', { code: '200', message: 'ok' }],
    ['a message that is not a string', { code: 200, message: 5 }],
  ] as const) {
    it(`an item that is ${name} is a malformed response naming its index`, () => {
      expect(refusal([{ n: 0 }, { n: 1 }], [{ code: 200 }, item])).toMatchObject({
        reason: 'malformed-response',
        message: `${where}result 1 has no numeric code.${tail}`,
      });
    });
  }

  it('an echoed item_id that disagrees is a length mismatch (the positions have shifted)', () => {
    expect(refusal([{ item_id: 'a' }], [{ code: 200, item_id: 'b' }])).toMatchObject({
      reason: 'length-mismatch',
      message: `${where}result 0 echoes item_id "b" but item 0 was sent as "a".${tail}`,
    });
  });
});

describe('alignBatch: answers that pair by position', () => {
  it('a result that echoes no item_id pairs with an input that has one', () => {
    const result = alignBatch([{ item_id: 'a' }], [{ code: 200 }], context);
    expect(result.succeeded.map((s) => s.input)).toEqual([{ item_id: 'a' }]);
  });

  it('an input that is not an object (a JavaScript caller passing null) pairs by position', () => {
    const result = alignBatch([null, { item_id: 'b' }], [{ code: 200, item_id: 'a' }, { code: 1208, item_id: 'b', message: 'no' }], context);
    expect(result.succeeded.map((s) => s.index)).toEqual([0]);
    expect(result.failed).toEqual([{ index: 1, input: { item_id: 'b' }, code: 1208, message: 'no' }]);
  });

  it('throwIfFailed names the route and every failed item', () => {
    const result = alignBatch([{ n: 0 }, { n: 1 }], [{ code: 200 }, { code: 1210, message: 'bad SKU' }], context);
    expect(() => result.throwIfFailed()).toThrowError(`${where}1 of 2 item(s) failed: #1 (code 1210): bad SKU`);
  });

  it('throwIfAnyFailed, its former name, still does the same: throws the same error, or returns the successes', () => {
    const failing = alignBatch([{ n: 0 }, { n: 1 }], [{ code: 200 }, { code: 1210, message: 'bad SKU' }], context);
    expect(() => failing.throwIfAnyFailed()).toThrowError(expect.objectContaining({ reason: 'items-failed', message: `${where}1 of 2 item(s) failed: #1 (code 1210): bad SKU` }));
    const passing = alignBatch([{ n: 0 }], [{ code: 200, message: 'ok' }], context);
    expect(passing.throwIfAnyFailed()).toEqual([{ index: 0, input: { n: 0 }, code: 200, message: 'ok', value: { code: 200, message: 'ok' } }]);
  });
});
