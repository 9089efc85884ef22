/**
 * Error sizes: a 30 MB error body (a JSON message of 30 MB, an endless HTML page) gives a message of
 * a few kilobytes that says how much was left out, a `body` of at most 1 MB, and a JSON form of a
 * bounded size, with the secrets in that body still removed.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES, isMagekitError, type HttpError } from '@magekit/core';
import { bearer } from '../src/auth/index.ts';
import { createCommerceClient } from '../src/client.ts';

const BASE = 'https://big.shop.test';
const TOKEN = 'big-body-bearer-token-7d1f';
const THIRTY_MB = 30 * 1024 * 1024;

/** A response whose body is `head`, then filler up to `total` bytes, produced as it is read. */
function hugeResponse(status: number, head: string, total: number, contentType: string): { response: Response; pulled: () => number } {
  const start = new TextEncoder().encode(head);
  const filler = new TextEncoder().encode('y'.repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 ? start : filler.subarray(0, Math.min(filler.byteLength, total - sent));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return { response: new Response(stream, { status, headers: { 'content-type': contentType, 'content-length': String(total) } }), pulled: () => sent };
}

async function failureOf(fetchImpl: typeof fetch): Promise<HttpError> {
  const client = createCommerceClient({ baseUrl: BASE, auth: bearer(TOKEN), fetch: fetchImpl, retry: 0 });
  const error = await client.request('GET /V1/products/{sku}', { sku: 'MB01' }).catch((e: unknown) => e);
  expect(isMagekitError(error)).toBe(true);
  return error as HttpError;
}

describe('a 30 MB error body', () => {
  for (const [name, head, type] of [
    ['a JSON message', `{"message":"Fatal: ${TOKEN} `, 'application/json'],
    ['an HTML page', `<html><body>Fatal: ${TOKEN} `, 'text/html'],
  ] as const) {
    it(`${name}: a message under 4 KB, a body of at most 1 MB, the rest not read`, async () => {
      let pulled = () => 0;
      const error = await failureOf(async () => {
        const huge = hugeResponse(500, head, THIRTY_MB, type);
        pulled = huge.pulled;
        return huge.response;
      });
      expect(error.status).toBe(500);
      expect(error.message.length).toBeLessThan(4096);
      expect(error.message).toMatch(/… \d+ bytes more/);
      expect(error.bodyTruncated).toBe(true);
      expect(String(error.body).length).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
      expect(JSON.stringify(error).length).toBeLessThan(3 * MAX_ERROR_BODY_BYTES);
      expect(pulled()).toBeLessThan(2 * MAX_ERROR_BODY_BYTES);
      for (const text of [error.message, JSON.stringify(error), String(error.body)]) expect(text).not.toContain(TOKEN);
    });
  }

  it('a JSON message of 900 KB (read whole): the message quotes 2 KB of it and says how much more there is', async () => {
    const message = `Broken ${'z'.repeat(900 * 1024)}`;
    const error = await failureOf(async () => Response.json({ message }, { status: 400 }));
    expect(error.message.length).toBeLessThan(4096);
    expect(error.message).toContain(`… ${message.length - 2048} bytes more`);
    expect(error.bodyTruncated).toBe(false);
    expect((error.body as { message: string }).message).toBe(message);
  });
});
