/**
 * Commerce's part of the fault rules: async and bulk submissions are handed to the core transport
 * as writes that are never repeated once they may have reached the server (whatever the sync route's
 * `x-idempotent` and whatever the call asks), with a hint that says how to find the bulk. The fault
 * matrix for every route class lives with the transport: packages/core/test/faults/transport-faults.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '@magekit/test-support/failure';
import { closedPort, startFaultServer, type Fault, type FaultServer } from '@magekit/test-support/fault-server';
import { server as msw } from '@magekit/test-support/msw';
import { bearer } from '../../src/auth/index.ts';
import { createCommerceClient, type CommerceClient } from '../../src/index.ts';

type Queued = 'async' | 'bulk';

const SKU = 'MB01';
const product = { sku: SKU, name: 'Bag' };

const QUEUED: Record<Queued, { path: string; call(client: CommerceClient, options?: { idempotent?: boolean }): Promise<unknown> }> = {
  async: { path: `/rest/async/V1/products/${SKU}`, call: (c, o) => c.async.products.update({ sku: SKU, product }, o) },
  bulk: { path: '/rest/async/bulk/V1/products/bySku', call: (c, o) => c.bulk.products.update(['A1', 'A2', 'A3'].map((sku) => ({ sku, product: { sku, name: 'Bag' } })), o) },
};

/** Faults after which the submission may have been queued. */
const FAULTS: Record<string, Fault> = {
  'reset before response': 'reset',
  'reset mid-body': 'reset-mid-body',
  'stall mid-body': 'stall-mid-body',
  '502': { status: 502 },
  '503': { status: 503 },
};

const RETRY_LIMIT = 2;

function acceptance(rows: number) {
  return { bulk_uuid: '0f8fad5b-d9cb-469f-a165-70867728950e', request_items: Array.from({ length: rows }, (_, id) => ({ id, data_hash: 'h', status: 'accepted' })), errors: false };
}

let server: FaultServer;

beforeAll(async () => {
  // Real sockets only: the MSW interceptor would stand between the client and the faults.
  msw.close();
  server = await startFaultServer((request) => (request.path.startsWith('/rest/async/bulk/') ? { body: acceptance(JSON.parse(request.body).length) } : { body: acceptance(1) }));
});

afterAll(async () => {
  await server.close();
  msw.listen({ onUnhandledFrame: 'error' });
});

function client(options: Partial<Parameters<typeof createCommerceClient>[0]> = {}): CommerceClient {
  return createCommerceClient({ baseUrl: server.url, auth: bearer('tok-fault-0123456789'), timeout: 300, retry: { limit: RETRY_LIMIT, backoffLimit: 5 }, ...options });
}

/** The error itself or one in its cause chain with a `fate` (a bulk wraps the transport's error). */
function fateOf(error: Record<string, any> | undefined): string | undefined {
  for (let e = error, i = 0; e && i < 5; e = e['cause'], i++) if (e['fate']) return e['fate'];
  return undefined;
}

describe.each(Object.entries(FAULTS))('%s', (_faultName, fault) => {
  it.each(Object.keys(QUEUED) as Queued[])('%s is sent once, even when the call opts in, and says how to find out', async (name) => {
    const route = QUEUED[name];
    for (const idempotent of [undefined, true]) {
      server.reset();
      server.plan(route.path, fault, { times: Infinity });
      const error = await failure(route.call(client(), idempotent === undefined ? undefined : { idempotent }));
      expect(error).toBeDefined();
      expect(server.count(route.path)).toBe(1);
      if (typeof fault === 'string' || ('status' in fault && fault.status === 502)) {
        expect(fateOf(error)).toBe('unknown');
        expect(JSON.stringify(error!['message']) + JSON.stringify(error)).toMatch(/GET \/V1\/bulk|bulk\.operations\.search/);
      }
    }
  });
});

describe('connection refused (nothing sent)', () => {
  it.each(Object.keys(QUEUED) as Queued[])('%s is retried: nothing can have been queued', async (name) => {
    const base = await closedPort();
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts += 1;
      return fetch(input, init);
    };
    const error = await failure(QUEUED[name].call(client({ baseUrl: base, fetch: counting })));
    expect(attempts).toBe(RETRY_LIMIT + 1);
    expect(fateOf(error)).toBe('not-sent');
  });
});
