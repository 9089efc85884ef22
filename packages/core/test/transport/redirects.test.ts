/**
 * The transport on its own, against the loopback fault server: the fetch standard's redirect rules
 * applied by hand (inside the fetch ky calls), and the deadlines' limits; then each redirect rule
 * on one attempt, against a stand-in fetch.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, RedirectError, createRedactor, createTransport, type Redactor, type Transport } from '../../src/index.ts';
import { callFixture } from './call-fixture.ts';
import type { HttpMethod, TransportHooks } from '../../src/transport/options.ts';
import { fetchFollowing, type RedirectContext } from '../../src/transport/redirects.ts';
import { server as msw } from '@magekit/test-support/msw';
import { startFaultServer, type FaultServer } from '@magekit/test-support/fault-server';

let server: FaultServer;
let transport: Transport;

beforeAll(async () => {
  msw.close();
  server = await startFaultServer((request) => ({ body: { method: request.method, path: request.path, body: request.body } }));
  transport = createTransport({
    service: 'commerce',
    redactor: createRedactor(),
    retry: { backoffLimit: 5 },
    httpError: (status, body, context) => new HttpError(`${context.method} ${context.url} failed with ${status}`, { service: 'commerce', status, body }),
  });
});

afterAll(async () => {
  await server.close();
  msw.listen({ onUnhandledFrame: 'error' });
});

describe('same-origin redirects, followed by hand', () => {
  it('303 continues as a GET without the body', async () => {
    server.reset();
    server.plan('/form', { redirect: 303, to: '/result' });
    const { data } = await transport.send<{ method: string; path: string; body: string }>({ method: 'POST', url: `${server.url}/form`, json: { a: 1 }, idempotent: false });
    expect(data).toEqual({ method: 'GET', path: '/result', body: '' });
  });

  it('307 and 308 repeat the method and the body', async () => {
    for (const status of [307, 308] as const) {
      server.reset();
      server.plan('/old', { redirect: status, to: '/new' });
      const { data } = await transport.send<{ method: string; path: string; body: string }>({ method: 'PUT', url: `${server.url}/old`, json: { a: 1 }, idempotent: true });
      expect(data).toEqual({ method: 'PUT', path: '/new', body: '{"a":1}' });
    }
  });

  it('a redirect loop ends with a RedirectError after 5 hops', async () => {
    server.reset();
    server.plan('/loop', { redirect: 302, to: '/loop' }, { times: Infinity });
    const error = await transport.send({ method: 'GET', url: `${server.url}/loop`, idempotent: true }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('RedirectError');
    expect(server.count('/loop')).toBe(6);
  });

  it('an anonymous GET without credentials may follow a redirect to another origin', async () => {
    const other = await startFaultServer(() => ({ body: { elsewhere: true } }));
    try {
      server.reset();
      server.plan('/public', { redirect: 301, to: `${other.url}/public` });
      const { data } = await transport.send({ method: 'GET', url: `${server.url}/public`, idempotent: true });
      expect(data).toEqual({ elsewhere: true });
    } finally {
      await other.close();
    }
  });
});

describe('deadlines', () => {
  it('a timeout beyond what a timer can hold does not fire at once', async () => {
    server.reset();
    const { data } = await transport.send({ method: 'GET', url: `${server.url}/slow-ok`, idempotent: true, timeout: 2 ** 40, totalTimeout: false });
    expect(data).toMatchObject({ path: '/slow-ok' });
  });

  it('a caller that already aborted sends nothing', async () => {
    server.reset();
    const error = await transport.send({ method: 'GET', url: `${server.url}/x`, idempotent: true, signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('abort');
    expect(server.requests).toHaveLength(0);
  });
});

/**
 * The redirect rules on one attempt, without a server: a stand-in fetch answers each request in
 * turn and records what it was handed (as the platform's fetch or a caller's fetch would get it).
 */
describe('fetchFollowing, request by request', () => {
  const ORIGIN = 'https://shop.test';
  const OTHER = 'https://cdn.other.test';

  afterEach(() => {
    vi.restoreAllMocks();
  });

  interface Sent {
    url: string;
    method: string;
    /** A copy: the redirect rules edit the request's headers in place for the next hop. */
    headers: Headers;
    body: string | null;
    /** Whether fetch got the call's string body as it is (not inside a Request). */
    bodyAsIs: boolean;
  }

  const redirect = (status: number, location?: string, body: string | null = null) => new Response(body, { status, headers: location === undefined ? {} : { location } });

  async function follow(
    answers: Response[],
    options: { method?: HttpMethod; url?: string; json?: unknown; body?: BodyInit | null; headers?: Record<string, string>; sendsCallBody?: boolean; hooks?: TransportHooks; redactor?: Redactor } = {},
  ) {
    const { method = 'GET', url = `${ORIGIN}/rest/V1/products`, headers = {}, sendsCallBody = false, hooks = {}, redactor = createRedactor() } = options;
    // A null body stays null: a JavaScript caller may pass one.
    const payload = options.json === undefined ? (options.body as BodyInit | undefined) : JSON.stringify(options.json);
    const sent: Sent[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const bodyAsIs = !(input instanceof Request) && typeof init?.body === 'string';
      // What the platform's fetch does first: one Request of its arguments (refusing a stream body in init without `duplex`).
      const request = new Request(input, init);
      sent.push({ url: request.url, method: request.method, headers: new Headers(request.headers), body: request.body ? await request.text() : null, bodyAsIs });
      const answer = answers[sent.length - 1];
      if (!answer) throw new Error(`no answer planned for request ${sent.length}`);
      return answer;
    }) as typeof fetch;
    const allHeaders = { ...headers, ...(options.json === undefined ? {} : { 'content-type': 'application/json' }) };
    const request = new Request(url, { method, headers: allHeaders, body: payload ?? null, redirect: 'manual', ...(payload instanceof ReadableStream ? { duplex: 'half' } : {}) });
    const call = callFixture({ request: { method, url, idempotent: true }, body: payload });
    const context: RedirectContext = { service: 'commerce', redactor, hooks, sendsCallBody };
    const outcome = await fetchFollowing(fetchImpl, request, call, context).then(
      (response) => ({ response, error: undefined }),
      (error: unknown) => ({ response: undefined, error: error as RedirectError }),
    );
    return { ...outcome, sent };
  }

  it('a 301 or 302 after a POST continues as a GET, without the body or its content type', async () => {
    for (const status of [301, 302]) {
      const { sent } = await follow([redirect(status, '/rest/V1/done'), Response.json({})], { method: 'POST', json: { a: 1 } });
      expect(sent.map((s) => [s.method, s.url, s.body, s.headers.get('content-type')])).toEqual([
        ['POST', `${ORIGIN}/rest/V1/products`, '{"a":1}', 'application/json'],
        ['GET', `${ORIGIN}/rest/V1/done`, null, null],
      ]);
    }
  });

  it('a 301 or 302 after a PUT, and a 307 after a POST, repeat the method with its body', async () => {
    for (const [method, status] of [['PUT', 301], ['PUT', 302], ['POST', 307]] as const) {
      const { sent } = await follow([redirect(status, '/rest/V1/moved'), Response.json({})], { method, json: { a: 1 } });
      expect(sent[1], `${method} ${status}`).toMatchObject({ method, url: `${ORIGIN}/rest/V1/moved`, body: '{"a":1}' });
      expect(sent[1]!.headers.get('content-type')).toBe('application/json');
    }
  });

  it('a 303 continues as a GET whatever the method', async () => {
    const { sent } = await follow([redirect(303, '/rest/V1/result'), Response.json({})], { method: 'PUT', json: { a: 1 } });
    expect(sent[1]).toMatchObject({ method: 'GET', body: null });
  });

  it("with the platform's fetch, a string body is handed over as it is, on the redirected request too; anything else as a Request", async () => {
    const { sent } = await follow([redirect(307, '/rest/V1/moved'), Response.json({})], { method: 'PUT', json: { a: 1 }, sendsCallBody: true });
    expect(sent.map((s) => [s.bodyAsIs, s.body])).toEqual([[true, '{"a":1}'], [true, '{"a":1}']]);
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    // A stream goes inside the Request: fetch refuses one in its init (without `duplex`).
    const stream = new Blob(['{"b":2}']).stream();
    const streamed = await follow([Response.json({})], { method: 'PUT', body: stream, sendsCallBody: true });
    expect(streamed.error).toBeUndefined();
    expect(streamed.sent[0]).toMatchObject({ bodyAsIs: false, body: '{"b":2}' });
    // A caller's fetch always gets the Request (its hooks may have replaced it).
    const caller = await follow([Response.json({})], { method: 'PUT', json: { a: 1 } });
    expect(caller.sent[0]).toMatchObject({ bodyAsIs: false, body: '{"a":1}' });
  });

  it('only a redirect status with a Location is followed: a 3xx without one, or a 201 with one, is the answer', async () => {
    const bare = await follow([redirect(302), Response.json({})]);
    expect(bare.response!.status).toBe(302);
    expect(bare.sent).toHaveLength(1);
    const created = await follow([new Response('{}', { status: 201, headers: { location: '/rest/V1/products/1' } }), Response.json({})], { method: 'POST', json: {} });
    expect(created.response!.status).toBe(201);
    expect(created.sent).toHaveLength(1);
  });

  it("a redirect's own body is dropped, whether it has one or not", async () => {
    const empty = await follow([redirect(302, '/a'), Response.json({ ok: 1 })]);
    expect(await empty.response!.json()).toEqual({ ok: 1 });
    const withBody = await follow([redirect(302, '/a', '<a href="/a">moved</a>'), Response.json({ ok: 2 })]);
    expect(await withBody.response!.json()).toEqual({ ok: 2 });
  });

  it('to another origin, a request carrying a body, a credential header or a secret-named parameter is refused with a RedirectError saying why', async () => {
    const target = `${OTHER}/rest/V1/products`;
    const refused: Array<{ method?: HttpMethod; json?: unknown; headers?: Record<string, string>; url?: string }> = [
      { method: 'POST', json: { password: 'x' } },
      { headers: { authorization: 'Bearer abcdefgh12345678' } },
      { headers: { cookie: 'PHPSESSID=abc' } },
      { headers: { 'x-api-key': 'key-123456' } },
      { url: `${ORIGIN}/rest/V1/products?access_token=abc123456789` },
    ];
    for (const options of refused) {
      const { error, sent } = await follow([redirect(307, target)], options);
      expect(sent, JSON.stringify(options)).toHaveLength(1);
      expect(error).toBeInstanceOf(RedirectError);
      const url = options.url === undefined ? `${ORIGIN}/rest/V1/products` : `${ORIGIN}/rest/V1/products?access_token=[redacted]`;
      const hint = 'Point baseUrl at the address it redirects to (often https:// or a www. host).';
      expect(error!.message).toBe(`${options.method ?? 'GET'} ${url} was redirected (307) to ${target}; not followed because it carries credentials, which must not go to ${OTHER}. ${hint}`);
      expect(error).toMatchObject({ service: 'commerce', status: 307, url, hint, fate: 'not-sent', location: target });
    }
  });

  it('to another origin, a request with nothing secret is followed (no body, a null one, ordinary parameters)', async () => {
    for (const options of [{}, { body: null }, { url: `${ORIGIN}/rest/V1/products?page=2&sort=name` }]) {
      const { response, sent } = await follow([redirect(302, `${OTHER}/public`), Response.json({ elsewhere: true })], options);
      expect(sent.map((s) => s.url), JSON.stringify(options)).toEqual([options.url ?? `${ORIGIN}/rest/V1/products`, `${OTHER}/public`]);
      expect(await response!.json()).toEqual({ elsewhere: true });
    }
  });

  it("the refused target is told without the client's secrets", async () => {
    const redactor = createRedactor();
    redactor.add('s3cr3t-reset-code');
    const { error } = await follow([redirect(302, `${OTHER}/reset/s3cr3t-reset-code`)], { headers: { authorization: 'Bearer abcdefgh12345678' }, redactor });
    expect(error!.location).toBe(`${OTHER}/reset/[redacted]`);
    expect(error!.message).toContain(`to ${OTHER}/reset/[redacted];`);
    expect(JSON.stringify(error)).not.toContain('s3cr3t-reset-code');
  });

  it('more than five redirects end with a RedirectError saying so', async () => {
    const { error, sent } = await follow(Array.from({ length: 6 }, (_, i) => redirect(302, `/hop${i + 1}`)));
    expect(sent).toHaveLength(6);
    expect(error!.message).toContain(`to ${ORIGIN}/hop6; not followed because more than 5 redirects.`);
  });

  it("a browser's opaque redirect, whose target cannot be checked, is not followed", async () => {
    const opaque = redirect(200);
    Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
    const { error, sent } = await follow([opaque, Response.json({})]);
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error!.message).toBe(`GET ${ORIGIN}/rest/V1/products was redirected (opaque) to another address; not followed because the browser does not reveal where. Point baseUrl at the address it redirects to (often https:// or a www. host).`);
    expect(error).toMatchObject({ status: 0, location: undefined, fate: 'not-sent' });
  });

  it('hooks see each hop: the request with credentials masked, the response with its status and how long it took', async () => {
    let clock = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 250));
    const events: unknown[] = [];
    const hooks: TransportHooks = { onRequest: (e) => events.push(e), onResponse: (e) => events.push(e) };
    await follow([redirect(303, '/rest/V1/result'), Response.json({})], { method: 'POST', json: {}, headers: { authorization: 'Bearer abcdefgh12345678' }, hooks });
    expect(events).toEqual([
      { method: 'POST', url: `${ORIGIN}/rest/V1/products`, headers: { authorization: '[redacted]', 'content-type': 'application/json' }, attempt: 1 },
      { method: 'POST', url: `${ORIGIN}/rest/V1/products`, status: 303, attempt: 1, durationMs: 250 },
      { method: 'GET', url: `${ORIGIN}/rest/V1/result`, headers: { authorization: '[redacted]' }, attempt: 1 },
      { method: 'GET', url: `${ORIGIN}/rest/V1/result`, status: 200, attempt: 1, durationMs: 250 },
    ]);
  });
});
