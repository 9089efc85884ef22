/**
 * The transport under faults, against a real loopback server: for each route class (idempotent
 * read, idempotent write, creating write, async, bulk) and each fault, how many requests the
 * server received for one call, and which typed error the call ended with. A write that may have
 * reached the server is sent once unless its route is idempotent; async and bulk submissions once.
 *
 * The route classes are what the clients hand the core runtime: the route's `x-idempotent`, and for
 * queued (async, bulk) submissions `idempotent: false` with the hint saying how to find out
 * (commerce's test/faults/queued-faults.test.ts checks that its async and bulk calls send exactly that).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '@magekit/test-support/failure';
import { closedPort, startFaultServer, type Fault, type FaultServer } from '@magekit/test-support/fault-server';
import { server as msw } from '@magekit/test-support/msw';
import { HttpError, createRuntime, type HttpMethod, type Runtime, type RuntimeOptions } from '../../src/index.ts';

type RouteClass = 'idempotent read' | 'idempotent write' | 'creating write (PUT)' | 'async' | 'bulk';

interface ClassCase {
  path: string;
  method: HttpMethod;
  idempotent: boolean;
  json?: unknown;
  unknownOutcomeHint?: string;
}

const SKU = 'MB01';
const product = { sku: SKU, name: 'Bag' };
const QUEUED_HINT = 'The submission may have been queued: look for its bulk with GET /V1/bulk before submitting again.';

const CLASSES: Record<RouteClass, ClassCase> = {
  'idempotent read': { path: `/rest/V1/products/${SKU}`, method: 'GET', idempotent: true },
  'idempotent write': { path: `/rest/V1/products/${SKU}`, method: 'PUT', idempotent: true, json: { product } },
  'creating write (PUT)': { path: '/rest/V1/orders/create', method: 'PUT', idempotent: false, json: { entity: { customer_email: 'a@b.test' } } },
  async: { path: `/rest/async/V1/products/${SKU}`, method: 'PUT', idempotent: false, json: { product }, unknownOutcomeHint: QUEUED_HINT },
  bulk: { path: '/rest/async/bulk/V1/products/bySku', method: 'PUT', idempotent: false, json: ['A1', 'A2', 'A3'].map((sku) => ({ product: { sku, name: 'Bag' } })), unknownOutcomeHint: QUEUED_HINT },
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
const TOKEN = 'tok-fault-0123456789';
const table: string[] = [];

let server: FaultServer;
let elsewhere: FaultServer;

beforeAll(async () => {
  // Real sockets only: the MSW interceptor would stand between the client and the faults.
  msw.close();
  server = await startFaultServer((request) => (request.path === '/rest/V1/orders/create' ? { body: { entity_id: 1 } } : { body: { sku: SKU } }));
  elsewhere = await startFaultServer();
});

afterAll(async () => {
  console.log(['', '| fault | ' + Object.keys(CLASSES).join(' | ') + ' |', '|---|' + Object.keys(CLASSES).map(() => '---').join('|') + '|', ...table].join('\n'));
  await server.close();
  await elsewhere.close();
  msw.listen({ onUnhandledFrame: 'error' });
});

const httpError: RuntimeOptions['httpError'] = (status, body, context) => new HttpError(`${context.method} ${context.url} failed with ${status}`, { service: 'commerce', status, body, method: context.method, url: context.url });

/** A runtime with a fixed bearer credential, as commerce's bearer() gives it. */
function runtime(options: Partial<RuntimeOptions> = {}): Runtime {
  const rt = createRuntime({ service: 'commerce', httpError, timeout: 300, retry: { limit: RETRY_LIMIT, backoffLimit: 5 }, ...options });
  rt.useCredential({ staticHeaders: { authorization: `Bearer ${TOKEN}` }, authorize: () => undefined, unauthorized: () => 'fail', signOut: () => undefined });
  return rt;
}

function send(rt: Runtime, route: ClassCase, base = server.url, extra: { idempotent?: boolean } = {}) {
  return rt.send({ method: route.method, url: `${base}${route.path}`, json: route.json, idempotent: extra.idempotent ?? route.idempotent, unknownOutcomeHint: route.unknownOutcomeHint });
}

function row(fault: string, counts: Record<string, number>) {
  table.push(`| ${fault} | ${Object.keys(CLASSES).map((c) => counts[c]).join(' | ')} |`);
}

/** One call of a route class against a server that answers it with `fault` every time: the error and how often it was sent. */
async function underFault(route: ClassCase, fault: Fault) {
  server.reset();
  server.plan(route.path, fault, { times: Infinity });
  const error = await failure(send(runtime(), route));
  return { error, sent: server.count(route.path) };
}

const idempotentClass = (name: RouteClass) => name === 'idempotent read' || name === 'idempotent write';

describe.each(Object.entries(FAULTS))('%s', (faultName, fault) => {
  it('idempotent routes are retried; creating writes, async and bulk are sent once and say their fate is unknown', async () => {
    const counts: Record<string, number> = {};
    for (const [name, route] of Object.entries(CLASSES) as [RouteClass, ClassCase][]) {
      const { error, sent } = await underFault(route, fault);
      counts[name] = sent;
      expect(error, `${name} under ${faultName} must fail`).toBeDefined();
      expect(counts[name], `${name} under ${faultName}`).toBe(idempotentClass(name) ? RETRY_LIMIT + 1 : 1);
      if (idempotentClass(name)) {
        expect(error!['kind']).toBe(typeof fault === 'object' ? 'http' : fault === 'stall-mid-body' || fault === 'trickle' ? 'timeout' : 'network');
      } else if (typeof fault === 'string' || ('status' in fault && fault.status === 502)) {
        // A write that may have been applied says so, and how to find out.
        expect(error!['fate'], `${name} under ${faultName}`).toBe('unknown');
        if (name !== 'creating write (PUT)') expect(JSON.stringify(error!['hint'])).toContain('GET /V1/bulk');
      }
    }
    row(faultName, counts);
  });
});

describe.each(Object.entries(FINAL_FAULTS))('%s', (faultName, fault) => {
  it('is never retried, on any route', async () => {
    const counts: Record<string, number> = {};
    for (const [name, route] of Object.entries(CLASSES) as [RouteClass, ClassCase][]) {
      const { error, sent } = await underFault(route, fault);
      counts[name] = sent;
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
      const error = await failure(send(runtime(), route));
      counts[name] = server.count(route.path);
      expect(elsewhere.requests).toHaveLength(0);
      expect(counts[name]).toBe(1);
      expect(error!['name']).toBe('RedirectError');
      expect(error!['location']).toBe(`${elsewhere.url}${route.path}`);
      expect(error!['message']).toContain(elsewhere.url);
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
      const error = await failure(send(runtime({ fetch: counting }), route, base));
      counts[name] = attempts;
      expect(attempts, name).toBe(RETRY_LIMIT + 1);
      expect(error!['fate']).toBe('not-sent');
    }
    row('connection refused', counts);
  });
});

describe('same-origin redirects', () => {
  it('are followed by hand, credentials kept', async () => {
    server.reset();
    server.plan('/rest/V1/products/OLD', { redirect: 301, to: `${server.url}/rest/V1/products/${SKU}` });
    await expect(runtime().send({ method: 'GET', url: `${server.url}/rest/V1/products/OLD`, idempotent: true }).then((r) => r.data)).resolves.toEqual({ sku: SKU });
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/rest/V1/products/OLD', `Bearer ${TOKEN}`],
      [`/rest/V1/products/${SKU}`, `Bearer ${TOKEN}`],
    ]);
  });
});

describe('deadlines cover the body', () => {
  const read = CLASSES['idempotent read'];
  const create = CLASSES['creating write (PUT)'];

  it('a trickling body ends the call at the overall deadline (timeout 500, totalTimeout 1500), with a TimeoutError', async () => {
    server.reset();
    server.plan(read.path, 'trickle', { times: Infinity });
    const error = await failure(send(runtime({ timeout: 500, totalTimeout: 1500 }), read));
    expect(error!['kind']).toBe('timeout');
    expect(error!['message']).toMatch(/reading the response body|totalTimeout/);
    // The body takes about 5 s to trickle; the call ended on its own deadline, so at most 3 attempts started.
    expect(server.count(read.path)).toBeLessThanOrEqual(3);
  });

  it('a body that never finishes ends with a TimeoutError on a write that is not retried', async () => {
    server.reset();
    server.plan(create.path, 'stall-mid-body');
    const error = await failure(send(runtime({ timeout: 200 }), create));
    expect(error!['kind']).toBe('timeout');
    expect(error!['fate']).toBe('unknown');
    expect(server.count(create.path)).toBe(1);
  });

  it('a connection reset while reading the body is a typed NetworkError, not a raw TypeError', async () => {
    server.reset();
    server.plan(read.path, 'reset-mid-body');
    const error = await failure(send(runtime({ retry: false }), read));
    expect(error!['name']).toBe('NetworkError');
    expect(error!['kind']).toBe('network');
    expect(error!['message']).toMatch(/closed before the whole response body arrived/);
  });
});

describe('per-call idempotency', () => {
  it('a call can opt a write in to retries, and a read out', async () => {
    const create = CLASSES['creating write (PUT)'];
    const read = CLASSES['idempotent read'];
    server.reset();
    server.plan(create.path, { status: 503 }, { times: 1 });
    await expect(send(runtime(), create, server.url, { idempotent: true }).then((r) => r.data)).resolves.toEqual({ entity_id: 1 });
    expect(server.count(create.path)).toBe(2);
    server.reset();
    server.plan(read.path, { status: 503 }, { times: Infinity });
    await failure(send(runtime(), read, server.url, { idempotent: false }));
    expect(server.count(read.path)).toBe(1);
  });
});
