/**
 * A 30 MB error body from the marketplace gives an error whose every rendering (message, String,
 * JSON, util.inspect) is a few kilobytes and says how much was left out.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMarketplaceClient, isMarketplaceError, type HttpError } from '../src/index.ts';

const THIRTY_MB = 30 * 1024 * 1024;

/** A JSON error body `{"code":400,"message":"zzz…` of `total` bytes, produced as it is read. */
function hugeError(total: number): Response {
  const head = new TextEncoder().encode('{"code":400,"message":"');
  const filler = new TextEncoder().encode('z'.repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 ? head : filler.subarray(0, Math.min(filler.byteLength, total - sent));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return new Response(stream, { status: 400, headers: { 'content-type': 'application/json' } });
}

describe('a 30 MB marketplace error body', () => {
  it('gives an error whose every rendering is under 8 KB', async () => {
    const fetch = (async (input: RequestInfo | URL) =>
      String(input).includes('/session/token') ? Response.json({ mage_id: 'MAG1', ust: 'ust-token-1234', expires_in: 3600 }) : hugeError(THIRTY_MB)) as typeof globalThis.fetch;
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'id', appSecret: 'secret-1234', retry: 0, fetch });
    const error = (await market.users.get().catch((e: unknown) => e)) as HttpError;
    expect(isMarketplaceError(error) && error.status).toBe(400);
    expect(error.bodyTruncated).toBe(true);
    expect(String(error.body)).toMatch(/… \d+ characters more$/);
    for (const text of [error.message, String(error), JSON.stringify(error), inspect(error, { depth: 12 })]) expect(text.length).toBeLessThan(8 * 1024);
  });
});
