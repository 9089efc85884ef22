import { describe, expect, it } from 'vitest';
import { IncomingBodyTooLarge, IncomingBodyTooSlow, readIncomingText } from '../src/incoming-body.ts';

const post = (body: BodyInit | ReadableStream<Uint8Array>) => new Request('http://127.0.0.1/hook', { method: 'POST', body, duplex: 'half' } as RequestInit);

/** A body that sends one chunk and then never ends (a stalled sender). */
function stalled(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode(first)) });
}

describe('readIncomingText', () => {
  it('reads a UTF-8 body within its bounds', async () => {
    await expect(readIncomingText(post('{"ok":"ü"}'), { maxBytes: 64 })).resolves.toBe('{"ok":"ü"}');
    await expect(readIncomingText(new Request('http://127.0.0.1/hook', { method: 'POST' }), { maxBytes: 1 })).resolves.toBe('');
  });

  it('stops at maxBytes with IncomingBodyTooLarge instead of buffering the rest', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    await expect(readIncomingText(post(endless), { maxBytes: 4096 })).rejects.toBeInstanceOf(IncomingBodyTooLarge);
    expect(pulled).toBeLessThan(10);
  });

  it('cuts off a sender that stalls past the deadline with IncomingBodyTooSlow', async () => {
    await expect(readIncomingText(post(stalled('{"a":')), { maxBytes: 1024, deadlineMs: 20 })).rejects.toBeInstanceOf(IncomingBodyTooSlow);
  });

  it('refuses text that is not UTF-8 rather than reading it with replacement characters', async () => {
    await expect(readIncomingText(post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), { maxBytes: 64 })).rejects.toBeInstanceOf(TypeError);
  });
});
