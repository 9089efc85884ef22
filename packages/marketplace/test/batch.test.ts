import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { alignBatch } from '../src/batch.ts';
import { BatchError, isMarketplaceError } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';
import { draft, setupFake } from './helpers.ts';

const context = { method: 'POST', url: 'https://x.test/rest/v1/products/packages' };

describe('packages.submit / packages.update (BatchResult)', () => {
  it('a batch of 100 with 10 injected item failures gives 90 succeeded and 10 failed, each paired with its input', async () => {
    const { fake, market } = setupFake();
    const failing = new Set([3, 11, 19, 27, 38, 44, 56, 71, 83, 99]);
    fake.failItems((_item, index) => (failing.has(index) ? (index % 2 ? 1208 : 1210) : undefined));
    const inputs = Array.from({ length: 100 }, (_, i) => draft(i));
    const result = await market.packages.submit(inputs);
    expect(result.succeeded).toHaveLength(90);
    expect(result.failed).toHaveLength(10);
    expect(result.all).toHaveLength(100);
    for (const failure of result.failed) {
      expect(failing.has(failure.index)).toBe(true);
      expect(failure.input).toBe(inputs[failure.index]);
      expect(failure.code).toBe(failure.index % 2 ? 1208 : 1210);
      expect(failure.message).toMatch(failure.code === 1208 ? /Technical Submission/ : /vendor_name\/package_name/);
    }
    for (const success of result.succeeded) {
      expect(success.input).toBe(inputs[success.index]);
      expect(success.value.item_id).toBe(`item-${success.index}`);
      expect(fake.getPackage(success.value.submission_id!)?.name).toBe(`Package ${success.index}`);
    }
    expect(result.all.map((item) => item.index)).toEqual(inputs.map((_, i) => i));
  });

  it('throwIfFailed throws a typed error listing every failure', async () => {
    const { fake, market } = setupFake();
    fake.failItems('item-1', 1210);
    fake.failItems('item-2', 1208);
    const result = await market.packages.submit([draft(0), draft(1), draft(2)]);
    const error = (() => {
      try {
        result.throwIfFailed();
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BatchError);
    expect(isMarketplaceError(error) && error.kind).toBe('batch');
    const batch = error as BatchError;
    expect(batch.reason).toBe('items-failed');
    expect(batch.failures.map((f) => [f.index, f.code])).toEqual([[1, 1210], [2, 1208]]);
    expect(batch.message).toMatch(/#1 \(code 1210\).*#2 \(code 1208\)/);
    const ok = await market.packages.submit([draft(5)]);
    expect(ok.throwIfFailed()).toHaveLength(1);
  });

  it('validates like the service: 1208 for an incomplete technical submit, 1210 for a bad SKU', async () => {
    const { market } = setupFake();
    const result = await market.packages.submit([
      { ...draft(0), action: { technical: 'submit' } },
      { ...draft(1), sku: 'not-a-sku' },
      { ...draft(2), sku: 'vendor/package' },
    ]);
    expect(result.all.map((i) => i.code)).toEqual([1208, 1210, 200]);
  });

  it('a whole-payload 4xx is a typed error and no item is processed', async () => {
    const { fake, market } = setupFake();
    fake.failNextRequest('packages.submit', 403, 'Not authorized to submit');
    const error = await market.packages.submit([draft(0), draft(1)]).catch((e: unknown) => e);
    expect(isMarketplaceError(error) && error.kind).toBe('http');
    expect((error as { status: number }).status).toBe(403);
    expect(await market.packages.list()).toEqual([]);
  });

  it('a response whose length differs from the input is an error, never a silent misalignment', async () => {
    const { fake, market } = setupFake();
    server.use(http.post(`${fake.baseUrl}/rest/v1/products/packages`, () => HttpResponse.json([{ code: 200, message: 'Success', submission_id: 'a' }])));
    const error = await market.packages.submit([draft(0), draft(1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as BatchError).reason).toBe('length-mismatch');
  });

  it('a response longer or shorter than the input, with well-formed items, is a length mismatch', () => {
    const ok = (n: number) => Array.from({ length: n }, (_, i) => ({ code: 200, message: 'Success', submission_id: `s${i}` }));
    for (const answered of [3, 1, 0]) {
      expect(() => alignBatch([{ n: 0 }, { n: 1 }], ok(answered), context)).toThrowError(expect.objectContaining({ reason: 'length-mismatch' }));
    }
  });

  it('an item_id echoed as a number pairs with the same id sent as a string, and a different number is refused', () => {
    const result = alignBatch([{ item_id: '7' }, { item_id: 8 }], [{ code: 200, item_id: 7 }, { code: 200, item_id: '8' }], context);
    expect(result.succeeded.map((s) => s.index)).toEqual([0, 1]);
    expect(() => alignBatch([{ item_id: 7 }], [{ code: 200, item_id: 9 }], context)).toThrowError(/echoes item_id "9" but item 0 was sent as "7"/);
  });

  it('only code 200 is a success: another 2xx item code is a failure carrying its code', () => {
    const result = alignBatch([{ n: 0 }, { n: 1 }, { n: 2 }], [{ code: 201, message: 'Created' }, { code: 200 }, { code: 204, message: '' }], context);
    expect(result.succeeded.map((s) => [s.index, s.message])).toEqual([[1, '']]);
    expect(result.failed.map((f) => [f.index, f.code, f.message])).toEqual([[0, 201, 'Created'], [2, 204, '']]);
    expect(() => result.throwIfFailed()).toThrowError(/2 of 3 item\(s\) failed: #0 \(code 201\): Created; #2 \(code 204\): /);
  });

  it('an echoed item_id that disagrees with its position is an error', () => {
    expect(() => alignBatch([{ item_id: 'a' }, { item_id: 'b' }], [{ code: 200, item_id: 'b' }, { code: 200, item_id: 'a' }], context)).toThrowError(/echoes item_id "b"/);
  });

  it('refuses empty batches and update items without submission_id before sending', async () => {
    const { fake, market } = setupFake();
    await expect(market.packages.submit([])).rejects.toMatchObject({ kind: 'input' });
    await expect(market.packages.update([{ submission_id: 'x' }, { name: 'no id' } as never])).rejects.toThrow(/index 1/);
    expect(fake.stats.requests).toBe(0);
  });

  it('packages.update recalls a package in the pipeline and refuses other edits then', async () => {
    const { fake, market } = setupFake();
    const [sent] = (await market.packages.submit([{ ...draft(0), action: { marketing: 'submit' } }])).succeeded;
    const id = sent!.value.submission_id!;
    const result = await market.packages.update([{ submission_id: id, name: 'Renamed' }, { submission_id: id, action: { marketing: 'recall' } }]);
    expect(result.all.map((i) => i.code)).toEqual([409, 200]);
    expect(fake.getPackage(id)?.eqp_status?.marketing).toBe('recalled');
  });

  it('users.keys.create returns a BatchResult too', async () => {
    const { market } = setupFake();
    const result = await market.users.keys.create([{ label: 'ci' }, { label: 'ci' }]);
    expect(result.succeeded.map((s) => s.value.label)).toEqual(['ci']);
    expect(result.failed.map((f) => f.index)).toEqual([1]);
  });
});

describe('alignment (property)', () => {
  it('partitions any response into succeeded and failed, in order, each paired with its own input', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ item_id: fc.option(fc.string(), { nil: undefined }), n: fc.integer() }), { maxLength: 60 }), fc.array(fc.constantFrom(200, 200, 1208, 1210, 400, 500), { minLength: 60, maxLength: 60 }), (inputs, codes) => {
        const response = inputs.map((input, i) => ({ code: codes[i]!, message: `m${i}`, ...(input.item_id === undefined ? {} : { item_id: input.item_id }) }));
        const result = alignBatch(inputs, response, context);
        expect(result.succeeded.length + result.failed.length).toBe(inputs.length);
        expect(result.all.map((a) => a.index)).toEqual(inputs.map((_, i) => i));
        for (const item of result.all) {
          expect(item.input).toBe(inputs[item.index]);
          expect(item.ok).toBe(codes[item.index] === 200);
          expect(item.message).toBe(`m${item.index}`);
        }
        expect(result.failed.map((f) => f.index)).toEqual(result.all.filter((a) => !a.ok).map((a) => a.index));
      }),
      { numRuns: 1000 },
    );
  });

  it('any length mismatch or non-array response throws a BatchError, whatever the content', () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 20 }), fc.anything(), (inputs, response) => {
        const aligned = Array.isArray(response) && response.length === inputs.length;
        try {
          alignBatch(inputs, response, context);
          expect(aligned).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(BatchError);
          const { reason } = error as BatchError;
          // The reason tells which check refused it: a longer or shorter array must never pass the
          // length check and then fail later on its content.
          if (!Array.isArray(response)) expect(reason).toBe('malformed-response');
          else if (!aligned) expect(reason).toBe('length-mismatch');
          else expect(['malformed-response', 'length-mismatch']).toContain(reason);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
