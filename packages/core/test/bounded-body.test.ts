import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES, boundedValue, excerpt, readBoundedText } from '../src/bounded-body.ts';

/** A body of `total` bytes of `fill`, produced on demand, counting what was pulled. */
function lazyBody(total: number, fill = 'x') {
  const chunk = new TextEncoder().encode(fill.repeat(64 * 1024));
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = Math.min(chunk.byteLength, total - state.pulled);
      if (size <= 0) return controller.close();
      state.pulled += size;
      controller.enqueue(chunk.subarray(0, size));
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

describe('readBoundedText', () => {
  it('keeps the first megabyte of a 30 MB body and cancels the rest instead of reading it', async () => {
    const total = 30 * 1024 * 1024;
    const { stream, state } = lazyBody(total);
    const response = new Response(stream, { headers: { 'content-length': String(total) } });
    const read = await readBoundedText(response, new AbortController().signal);
    expect(read.text.length).toBe(MAX_ERROR_BODY_BYTES);
    expect(read.complete).toBe(false);
    expect(read.unreadBytes).toBe(total - MAX_ERROR_BODY_BYTES);
    expect(state.cancelled).toBe(true);
    // Not buffered: at most a chunk past the bound was pulled from the source.
    expect(state.pulled).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES + 64 * 1024);
  });

  it('reads a body under the bound whole, multi-byte characters across chunks included', async () => {
    const text = 'é'.repeat(100_000);
    const read = await readBoundedText(new Response(text), new AbortController().signal);
    expect(read).toEqual({ text, complete: true, unreadBytes: 0 });
  });

  it('does not claim to know what is left of a body without a length', async () => {
    const { stream } = lazyBody(3 * MAX_ERROR_BODY_BYTES);
    const read = await readBoundedText(new Response(stream), new AbortController().signal);
    expect(read.complete).toBe(false);
    expect(read.unreadBytes).toBeUndefined();
  });

  it('stops at the signal', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream({ pull: () => new Promise(() => undefined) });
    const reading = readBoundedText(new Response(stream), controller.signal);
    controller.abort(new Error('deadline'));
    await expect(reading).rejects.toThrow('deadline');
  });
});

describe('excerpt', () => {
  it('leaves short text alone and says how many bytes it left out of long text', () => {
    expect(excerpt('short', 10)).toBe('short');
    expect(excerpt('abcdefghij€', 10)).toBe('abcdefghij… 3 bytes more');
    expect(excerpt('a'.repeat(20), 10, { complete: false, unreadBytes: 100 })).toBe(`${'a'.repeat(10)}… 110 bytes more`);
    expect(excerpt('a'.repeat(20), 10, { complete: false, unreadBytes: undefined })).toBe(`${'a'.repeat(10)}… over 10 bytes more`);
  });
});

describe('boundedValue: what an error keeps of a value', () => {
  it('keeps a value whose JSON fits, as the same object', () => {
    const value = { message: 'm', parameters: ['a', 1, null] };
    expect(boundedValue(value, 1024)).toBe(value);
  });

  it('cuts strings, arrays and objects, each cut saying how much it left out', () => {
    expect(boundedValue('x'.repeat(5000), 100)).toBe(`${'x'.repeat(100)}… 4900 characters more`);
    const cutArray = boundedValue(Array.from({ length: 1000 }, (_, i) => i), 200) as unknown[];
    expect(cutArray.at(-1)).toMatch(/^… \d+ more items$/);
    const cutObject = boundedValue(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])), 200) as Record<string, unknown>;
    expect(cutObject['…']).toMatch(/^\d+ more keys$/);
    expect((boundedValue({ message: 'y'.repeat(10_000) }, 1000) as { message: string }).message).toMatch(/^y+… \d+ characters more$/);
  });

  it('any JSON value comes back within the bound (200 characters or more), arrays as arrays and objects as objects', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 200, max: 4000 }), (value, max) => {
        const kept = boundedValue(value, max);
        if (typeof value !== 'string') expect((JSON.stringify(kept) ?? '').length).toBeLessThanOrEqual(max);
        expect(Array.isArray(kept)).toBe(Array.isArray(value));
        expect(typeof kept).toBe(typeof value);
      }),
      { numRuns: 300 },
    );
  });
});
