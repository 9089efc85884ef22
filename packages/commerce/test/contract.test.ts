// Contract test: every route in the spec is called once through a real client's named method with a
// valid input built from the spec; the fake server reads the request as the platform would and holds it
// against the spec (method, path, query, body), then answers with a schema-valid sample that the client
// must hand back intact.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient, none, routes, type CommerceClient } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';
import { requestProblems, type CapturedRequest } from './support/contract-checks.ts';
import { sample } from './support/samples.ts';
import { deref, operations, type SpecOperation } from './support/spec.ts';
import { schemaErrors } from './support/validate.ts';
import { planCall } from './support/wire.ts';

const BASE = 'https://shop.test';
// No retries: a route the fake answers with an error must fail at once and show one request.
const client = createCommerceClient({ baseUrl: BASE, auth: none(), retry: false });
// The routes only Adobe Commerce as a Cloud Service has go through a cloud-mode client (self-hosted ones refuse them).
const CLOUD_BASE = `${BASE}/TENANT1`;
const cloudClient = createCommerceClient({ baseUrl: CLOUD_BASE, cloudService: true, auth: none(), retry: false });
const cloudOnly = new Set(routes.filter((r) => r.cloudServiceOnly).map((r) => r.key));

/** The named method for an operationId (`products.media.update` → client.products.media.update). */
function methodOf(target: CommerceClient, id: string): (input: Record<string, unknown>) => Promise<unknown> {
  const fn = id.split('.').reduce<any>((node, part) => node?.[part], target);
  if (typeof fn !== 'function') throw new Error(`the client has no method ${id}`);
  return fn;
}

async function exchange(target: CommerceClient, op: SpecOperation, input: Record<string, unknown>, answer: unknown) {
  const seen: CapturedRequest[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      seen.push({ method: request.method, url: new URL(request.url), contentType: request.headers.get('content-type'), body: await request.text() });
      return answer === undefined ? new HttpResponse(null, { status: 200 }) : HttpResponse.json(answer as never);
    }),
  );
  const result = await methodOf(target, op.id)(input);
  return { result, seen };
}

describe('every spec route, through the client, against the spec', () => {
  it('loads the whole spec', () => {
    expect(operations.length).toBe(673);
    expect(cloudOnly.size).toBe(58);
  });

  const rows = operations.map((op) => [op.key, op] as const);
  it.for(rows)('%s', async ([, op]) => {
    const planned = planCall(op);
    const answer = op.success ? sample(op.success, { resolve: deref }, 'response') : undefined;
    // The fake's answer and the planned body must themselves be valid, or the row proves nothing.
    if (op.success) expect(schemaErrors(op.success, answer), 'sample response').toEqual([]);
    if (op.body) expect(schemaErrors(op.body.schema, planned.body), 'planned body').toEqual([]);

    const cloud = cloudOnly.has(op.key);
    const { result, seen } = await exchange(cloud ? cloudClient : client, op, planned.input, answer);

    expect(seen, 'requests sent').toHaveLength(1);
    expect(requestProblems(op, planned, seen[0]!, cloud ? CLOUD_BASE : BASE, { cloudService: cloud })).toEqual([]);
    if (op.success) {
      expect(result).toEqual(answer);
      expect(schemaErrors(op.success, result), 'parsed response').toEqual([]);
    } else {
      expect(result).toBeUndefined();
    }
  });
});

// The checks above only mean something if they reject a wrong request: a client whose requests are
// altered on the way out (through its fetch option) must be caught.
describe('the contract checks catch a wrong request', () => {
  const byKey = (key: string) => operations.find((op) => op.key === key)!;

  async function problemsWith(key: string, tamper: (url: URL, init: RequestInit) => [URL, RequestInit]): Promise<string[]> {
    const tampering = createCommerceClient({
      baseUrl: BASE,
      retry: false,
      fetch: (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        return request.text().then((text) => {
          const [url, next] = tamper(new URL(request.url), { method: request.method, headers: request.headers, ...(text ? { body: text } : {}) });
          return fetch(url, next);
        });
      },
    });
    const op = byKey(key);
    const planned = planCall(op);
    const { seen } = await exchange(tampering, op, planned.input, op.success ? sample(op.success, { resolve: deref }) : undefined);
    return requestProblems(op, planned, seen[0]!, BASE);
  }

  it('a path parameter decoded once too often (%2F sent as /)', async () => {
    const problems = await problemsWith('GET /V1/products/{sku}', (url, init) => [new URL(url.href.replace('%2F', '/')), init]);
    expect(problems.join('\n')).toMatch(/does not fill/);
  });

  it('a + left raw in a path segment (PHP reads it as a space)', async () => {
    const problems = await problemsWith('GET /V1/products/{sku}', (url, init) => [new URL(url.href.replace('%2B', '+')), init]);
    expect(problems.join('\n')).toMatch(/path parameters read back/);
  });

  it('an undeclared query key, and a searchCriteria value that changed', async () => {
    const problems = await problemsWith('GET /V1/products', (url, init) => {
      url.searchParams.append('foo', '1');
      url.searchParams.set('searchCriteria[page_size]', 'ten');
      return [url, init];
    });
    expect(problems.join('\n')).toMatch(/does not declare: foo/);
    expect(problems.join('\n')).toMatch(/query searchCriteria: \/page_size must be integer/);
  });

  it('a missing required query parameter', async () => {
    const problems = await problemsWith('GET /V1/products-render-info', (url, init) => (url.searchParams.delete('storeId'), [url, init]));
    expect(problems).toContain('required query parameter storeId missing');
  });

  it('a body field of the wrong type, and a body field the input did not have', async () => {
    const problems = await problemsWith('PUT /V1/products/{sku}', (url, init) => {
      const body = JSON.parse(String(init.body));
      return [url, { ...init, body: JSON.stringify({ ...body, saveOptions: 'yes', extra: 1 }) }];
    });
    expect(problems.join('\n')).toMatch(/body: \/saveOptions must be boolean/);
    expect(problems.join('\n')).toMatch(/differs from the input's body fields/);
  });

  it('the wrong method, and a body on a GET', async () => {
    const problems = await problemsWith('GET /V1/modules', (url, init) => [url, { ...init, method: 'POST', body: '{"a":1}' }]);
    expect(problems).toEqual(expect.arrayContaining(['method POST, expected GET', 'body {"a":1} on a route without one']));
  });
});
