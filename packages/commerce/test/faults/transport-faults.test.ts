/**
 * The transport under faults, against a real loopback server: for each route class (idempotent
 * read, idempotent write, creating write, async, bulk) and each fault, how many requests the
 * server received for one call, and which typed error the call ended with. A write that may have
 * reached the server is sent once unless its route is idempotent; async and bulk submissions once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startFaultServer, type Fault, type FaultServer } from '@magekit/test-support/fault-server';
import { bearer } from '../../src/auth/index.ts';
import { createCommerceClient, type CommerceClient } from '../../src/index.ts';
import { server as msw } from '@magekit/test-support/msw';

type RouteClass = 'idempotent read' | 'idempotent write' | 'creating write (PUT)' | 'async' | 'bulk';

interface ClassCase {
  path: string;
  call(client: CommerceClient): Promise<unknown>;
}

const SKU = 'MB01';
const product = { sku: SKU, name: 'Bag' };

const CLASSES: Record<RouteClass, ClassCase> = {
  'idempotent read': { path: `/rest/V1/products/${SKU}`, call: (c) => c.products.get({ sku: SKU }) },
  'idempotent write': { path: `/rest/V1/products/${SKU}`, call: (c) => c.products.update({ sku: SKU, product }) },
  'creating write (PUT)': { path: '/rest/V1/orders/create', call: (c) => c.request('PUT /V1/orders/create', { entity: { customer_email: 'a@b.test' } } as never) },
  async: { path: `/rest/async/V1/products/${SKU}`, call: (c) => c.async.products.update({ sku: SKU, product }) },
  bulk: { path: '/rest/async/bulk/V1/products/bySku', call: (c) => c.bulk.products.update(['A1', 'A2', 'A3'].map((sku) => ({ sku, product: { sku, name: 'Bag' } }))) },
};

/** Faults after which the request may have reached the server. */
const FAULTS: Record<string, Fault> = {
  'reset before response': 'reset',
  'reset mid-body': 'reset-mid-body',
  'stall mid-body': 'stall-mid-body',
  'trickled body': 'trickle',
  '500': { status: 500 },
  '502': { status: 502 },
  '503': { status: 503 },
  '429 Retry-After: 0': { status: 429, retryAfter: '0' },
  'garbage (not HTTP)': 'garbage-protocol',
};

/** Faults that are never retried, whatever the route. */
const FINAL_FAULTS: Record<string, Fault> = {
  '429 Retry-After: 86400 (a day)': { status: 429, retryAfter: '86400' },
  'garbage (HTML 200)': 'garbage-body',
};

const RETRY_LIMIT = 2;
const table: string[] = [];

function acceptance(rows: number) {
  return { bulk_uuid: '0f8fad5b-d9cb-469f-a165-70867728950e', request_items: Array.from({ length: rows }, (_, id) => ({ id, data_hash: 'h', status: 'accepted' })), errors: false };
}

let server: FaultServer;
let elsewhere: FaultServer;

beforeAll(async () => {
  // Real sockets only: the MSW interceptor would stand between the client and the faults.
  msw.close();
  server = await startFaultServer((request) => {
    if (request.path.startsWith('/rest/async/bulk/')) return { body: acceptance(JSON.parse(request.body).length) };
    if (request.path.startsWith('/rest/async/')) return { body: acceptance(1) };
    if (request.path === '/rest/V1/orders/create') return { body: { entity_id: 1 } };
    return { body: { sku: SKU } };
  });
  elsewhere = await startFaultServer();
});

afterAll(async () => {
  console.log(['', '| fault | ' + Object.keys(CLASSES).join(' | ') + ' |', '|---|' + Object.keys(CLASSES).map(() => '---').join('|') + '|', ...table].join('\n'));
  await server.close();
  await elsewhere.close();
  msw.listen({ onUnhandledFrame: 'error' });
});

function client(options: Partial<Parameters<typeof createCommerceClient>[0]> = {}): CommerceClient {
  return createCommerceClient({ baseUrl: server.url, auth: bearer('tok-fault-0123456789'), timeout: 300, retry: { limit: RETRY_LIMIT, backoffLimit: 5 }, ...options });
}

async function outcome(promise: Promise<unknown>): Promise<Record<string, any> | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error as Record<string, any>;
  }
}

/** The error itself or one in its cause chain with a `fate` (a bulk wraps the transport's error). */
function fateOf(error: Record<string, any> | undefined): string | undefined {
  for (let e = error, i = 0; e && i < 5; e = e['cause'], i++) if (e['fate']) return e['fate'];
  return undefined;
}

function row(fault: string, counts: Record<string, number>) {
  table.push(`| ${fault} | ${Object.keys(CLASSES).map((c) => counts[c]).join(' | ')} |`);
}

const idempotentClass = (name: RouteClass) => name === 'idempotent read' || name === 'idempotent write';

describe.each(Object.entries(FAULTS))('%s', (faultName, fault) => {
  it('idempotent routes are retried; creating writes, async and bulk are sent once and say their fate is unknown', async () => {
    const counts: Record<string, number> = {};
    for (const [name, route] of Object.entries(CLASSES) as [RouteClass, ClassCase][]) {
      server.reset();
      server.plan(route.path, fault, { times: Infinity });
      const error = await outcome(route.call(client()));
      counts[name] = server.count(route.path);
      expect(error, `${name} under ${faultName} must fail`).toBeDefined();
      expect(counts[name], `${name} under ${faultName}`).toBe(idempotentClass(name) ? RETRY_LIMIT + 1 : 1);
      if (name === 'idempotent read' || name === 'idempotent write') {
        expect(error!['kind']).toBe(typeof fault === 'object' ? 'http' : fault === 'stall-mid-body' || fault === 'trickle' ? 'timeout' : 'network');
      } else if (typeof fault === 'string' || ('status' in fault && fault.status === 502)) {
        // A write that may have been applied says so, and how to find out.
        expect(fateOf(error), `${name} under ${faultName}`).toBe('unknown');
        if (name !== 'creating write (PUT)') expect(JSON.stringify(error!['message']) + JSON.stringify(error)).toMatch(/GET \/V1\/bulk|bulk\.operations\.search/);
      }
    }
    row(faultName, counts);
  });
});

describe.each(Object.entries(FINAL_FAULTS))('%s', (faultName, fault) => {
  it('is never retried, on any route', async () => {
    const counts: Record<string, number> = {};
    for (const [name, route] of Object.entries(CLASSES) as [RouteClass, ClassCase][]) {
      server.reset();
      server.plan(route.path, fault, { times: Infinity });
      const error = await outcome(route.call(client()));
      counts[name] = server.count(route.path);
      expect(error).toBeDefined();
      expect(counts[name], `${name} under ${faultName}`).toBe(1);
      if (name === 'idempotent read' && typeof fault === 'object' && 'retryAfter' in fault) {
        expect(error!['kind']).toBe('http');
        expect(error!['retryAfterMs']).toBe(86_400_000);
        expect(error!['message']).toMatch(/asked to wait 24 h/);
      }
      if (name === 'idempotent read' && fault === 'garbage-body') expect(error!['kind']).toBe('response');
    }
    row(faultName, counts);
  });
});

describe.each([301, 302, 307, 308] as const)('redirect %i to another origin', (status) => {
  it('is not followed by a request carrying credentials: a typed error names the target, the other origin receives nothing', async () => {
    const counts: Record<string, number> = {};
    for (const [name, route] of Object.entries(CLASSES) as [RouteClass, ClassCase][]) {
      server.reset();
      elsewhere.reset();
      server.plan(route.path, { redirect: status, to: `${elsewhere.url}${route.path}` }, { times: Infinity });
      const error = await outcome(route.call(client()));
      counts[name] = server.count(route.path);
      expect(elsewhere.requests).toHaveLength(0);
      expect(counts[name]).toBe(1);
      if (name === 'idempotent read' || name === 'creating write (PUT)') {
        expect(error!['name']).toBe('RedirectError');
        expect(error!['location']).toBe(`${elsewhere.url}${route.path}`);
        expect(error!['message']).toContain(elsewhere.url);
      }
    }
    row(`${status} to another origin`, counts);
  });
});

describe('connection refused (nothing sent)', () => {
  it('is retried for every route class, writes included', async () => {
    const base = await closedPort();
    const counts: Record<string, number> = {};
    for (const [name, route] of Object.entries(CLASSES) as [RouteClass, ClassCase][]) {
      let attempts = 0;
      const counting: typeof fetch = (input, init) => {
        attempts += 1;
        return fetch(input, init);
      };
      const error = await outcome(route.call(client({ baseUrl: base, fetch: counting })));
      counts[name] = attempts;
      expect(attempts, name).toBe(RETRY_LIMIT + 1);
      expect(fateOf(error)).toBe('not-sent');
    }
    row('connection refused', counts);
  });
});

describe('same-origin redirects', () => {
  it('are followed by hand, credentials kept', async () => {
    server.reset();
    server.plan('/rest/V1/products/OLD', { redirect: 301, to: `${server.url}/rest/V1/products/${SKU}` });
    await expect(client().products.get({ sku: 'OLD' })).resolves.toEqual({ sku: SKU });
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/rest/V1/products/OLD', 'Bearer tok-fault-0123456789'],
      [`/rest/V1/products/${SKU}`, 'Bearer tok-fault-0123456789'],
    ]);
  });
});

describe('deadlines cover the body', () => {
  it('a trickling body ends the call at the overall deadline (timeout 500, totalTimeout 1500), with a TimeoutError', async () => {
    server.reset();
    server.plan(`/rest/V1/products/${SKU}`, 'trickle', { times: Infinity });
    const error = await outcome(client({ timeout: 500, totalTimeout: 1500 }).products.get({ sku: SKU }));
    expect(error!['kind']).toBe('timeout');
    expect(error!['message']).toMatch(/reading the response body|totalTimeout/);
    // The body takes about 5 s to trickle; the call ended on its own deadline, so at most 3 attempts started.
    expect(server.count(`/rest/V1/products/${SKU}`)).toBeLessThanOrEqual(3);
  });

  it('a body that never finishes ends with a TimeoutError on a write that is not retried', async () => {
    server.reset();
    server.plan('/rest/V1/orders/create', 'stall-mid-body');
    const error = await outcome(client({ timeout: 200 }).request('PUT /V1/orders/create', { entity: {} } as never));
    expect(error!['kind']).toBe('timeout');
    expect(error!['fate']).toBe('unknown');
    expect(server.count('/rest/V1/orders/create')).toBe(1);
  });

  it('a connection reset while reading the body is a typed NetworkError, not a raw TypeError', async () => {
    server.reset();
    server.plan(`/rest/V1/products/${SKU}`, 'reset-mid-body');
    const error = await outcome(client({ retry: false }).products.get({ sku: SKU }));
    expect(error!['name']).toBe('NetworkError');
    expect(error!['kind']).toBe('network');
    expect(error!['message']).toMatch(/closed before the whole response body arrived/);
  });
});

describe('per-call idempotency', () => {
  it('a call can opt a write in to retries, and a read out', async () => {
    server.reset();
    server.plan('/rest/V1/orders/create', { status: 503 }, { times: 1 });
    await expect(client().request('PUT /V1/orders/create', { entity: {} } as never, { idempotent: true })).resolves.toEqual({ entity_id: 1 });
    expect(server.count('/rest/V1/orders/create')).toBe(2);
    server.reset();
    server.plan(`/rest/V1/products/${SKU}`, { status: 503 }, { times: Infinity });
    await outcome(client().products.get({ sku: SKU }, { idempotent: false }));
    expect(server.count(`/rest/V1/products/${SKU}`)).toBe(1);
  });

  it('async and bulk submissions are not retried even when the call opts in', async () => {
    server.reset();
    server.plan(`/rest/async/V1/products/${SKU}`, { status: 503 }, { times: Infinity });
    await outcome(client().async.products.update({ sku: SKU, product }, { idempotent: true }));
    expect(server.count(`/rest/async/V1/products/${SKU}`)).toBe(1);
  });
});
