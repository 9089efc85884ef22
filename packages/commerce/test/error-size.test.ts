/**
 * Error sizes: a 30 MB error body (a JSON message of 30 MB, an endless HTML page, a JSON body of huge
 * parameters, errors[] or nesting) gives an error whose every rendering (message, String, toString,
 * JSON, util.inspect) is a few kilobytes and says how much was left out, on every error path (the
 * client's calls, a 2xx that is not JSON, the marketplace, IMS, the integration token exchange), with
 * the secrets in that body still removed; no more than the first megabyte is read.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES, isMagekitError, type HttpError } from '@magekit/core';
import { bearer, ims } from '../src/auth/index.ts';
import { createCommerceClient } from '../src/client.ts';
import { exchangeIntegrationTokens } from '../src/onboarding/index.ts';
import type { BulkRejectedError } from '../src/async/index.ts';
import { acceptanceBody, asyncClient } from './async-harness.ts';

/** The most any rendering of an error may take, in characters. */
const FEW_KB = 8 * 1024;

function renderings(error: Error): Record<string, string> {
  return { message: error.message, String: String(error), toString: error.toString(), JSON: JSON.stringify(error), inspect: inspect(error, { depth: 12 }), stack: error.stack ?? '' };
}

function expectBounded(error: unknown): void {
  expect(isMagekitError(error), String(error)).toBe(true);
  const sizes = Object.fromEntries(Object.entries(renderings(error as Error)).map(([name, text]) => [name, text.length]));
  if (process.env.SHOW_SIZES) console.log(JSON.stringify(sizes));
  for (const [name, size] of Object.entries(sizes)) expect(size, `${name}: ${JSON.stringify(sizes)}`).toBeLessThan(FEW_KB);
}

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
    it(`${name}: a message under 4 KB, a body cut to a few KB, the rest not read`, async () => {
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
      expect(String(error.body)).toMatch(/… \d+ characters more$/);
      expectBounded(error);
      expect(pulled()).toBeLessThan(2 * MAX_ERROR_BODY_BYTES);
      for (const text of [error.message, JSON.stringify(error), String(error.body)]) expect(text).not.toContain(TOKEN);
    });
  }

  it('a JSON message of 900 KB (read whole): the message quotes 2 KB of it and says how much more there is', async () => {
    const message = `Broken ${'z'.repeat(900 * 1024)}`;
    const error = await failureOf(async () => Response.json({ message }, { status: 400 }));
    expect(error.message.length).toBeLessThan(4096);
    expect(error.message).toContain(`… ${message.length - 2048} bytes more`);
    // The body keeps the start of that message, marked, and says it is not whole.
    expect(error.bodyTruncated).toBe(true);
    expect((error.body as { message: string }).message).toMatch(/^Broken z+… \d+ characters more$/);
    expectBounded(error);
  });

  it('a small body is kept whole', async () => {
    const body = { message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'sku', fieldValue: 'MB01' } };
    const error = await failureOf(async () => Response.json(body, { status: 404 }));
    expect(error.body).toEqual(body);
    expect(error.bodyTruncated).toBe(false);
  });
});

describe('every rendering of an error is a few KB, whatever the body', () => {
  const huge = 'w'.repeat(900 * 1024);
  const many = <T,>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
  for (const [name, body] of [
    ['a huge parameter', { message: 'Refused %1', parameters: [huge] }],
    ['a hundred thousand parameters', { message: 'Refused %1 %2', parameters: many(100_000, (i) => `p${i}`) }],
    ['fifty thousand errors[]', { message: 'Invalid', errors: many(50_000, (i) => ({ message: 'Row %1 is invalid: %2', parameters: [i, 'x'.repeat(10)] })) }],
    ['a huge template', { message: `%1 ${huge}`, parameters: ['a'] }],
    ['a deep nesting', { message: 'Deep', trace: JSON.parse(`${'{"a":'.repeat(2000)}"${'t'.repeat(50_000)}"${'}'.repeat(2000)}`) as unknown }],
    ['sixty thousand keys', { message: 'Keys', trace: Object.fromEntries(many(60_000, (i) => [`key${i}`, i] as const)) }],
  ] as const) {
    it(`commerce: ${name}`, async () => {
      expectBounded(await failureOf(async () => Response.json(body, { status: 400 })));
    });
  }

  it('commerce: a 2xx answer of 30 MB that is not JSON', async () => {
    expectBounded(await failureOf(async () => new Response(`<html>${'h'.repeat(THIRTY_MB)}`, { status: 200, headers: { 'content-type': 'text/html' } })));
  });

  it('commerce: a 30 MB URL-like text in a Location the SDK does not follow', async () => {
    const error = await failureOf(async () => new Response(null, { status: 302, headers: { location: `https://elsewhere.test/${'l'.repeat(100_000)}` } }));
    expectBounded(error);
  });

  it('a bulk acceptance of 1,000 rejected items with 30 KB messages (30 MB): the items stay whole on the error, its renderings are bounded', async () => {
    const rejected = Object.fromEntries(many(1000, (i) => [i, `Row ${i}: ${'r'.repeat(30_000)}`] as const));
    const fetch = (async () => Response.json(acceptanceBody('u-big', 1000, rejected), { status: 202 })) as typeof globalThis.fetch;
    const rows = many(1000, (i) => ({ sku: `S${i}`, product: { sku: `S${i}`, price: 1 } }));
    const error = (await asyncClient({ fetch, retry: 0 }).bulk.products.update(rows).catch((e: unknown) => e)) as BulkRejectedError;
    expect(error.kind, String(error)).toBe("bulk");
    expect(error.items).toHaveLength(1000);
    expect(error.items[999]!.message).toBe(rejected[999]);
    expectBounded(error);
  });

  it('IMS: a huge error body and a huge 2xx without a token', async () => {
    const credentials = { clientId: 'ims-client-id-1', clientSecret: 'ims-client-secret-1', orgId: 'ORG@AdobeOrg', tokenUrl: 'https://ims.size.test/ims/token/v3' };
    for (const answer of [() => Response.json({ error: 'invalid_client', error_description: huge }, { status: 400 }), () => Response.json({ access_token: 'x', note: huge })]) {
      const client = createCommerceClient({ baseUrl: BASE, auth: ims({ ...credentials, fetch: async () => answer() }), retry: 0 });
      expectBounded(await client.request('GET /V1/products/{sku}', { sku: 'MB01' }).catch((e: unknown) => e));
    }
  });

  it('the integration token exchange: a huge refusal and a huge answer without the pair', async () => {
    const activation = { consumerKey: 'ck', consumerSecret: 'cs-secret-value', storeBaseUrl: 'https://exchange.size.test/', verifier: 'verifier-value-1' };
    for (const answer of [() => Response.json({ message: huge }, { status: 401 }), () => new Response(`oauth_problem=${huge}`)]) {
      expectBounded(await exchangeIntegrationTokens(activation, { fetch: async () => answer() }).catch((e: unknown) => e));
    }
  });
});
