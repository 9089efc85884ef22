/**
 * The transport through a core runtime, against MSW: the retry policy (by idempotency, status,
 * Retry-After, limit), timeouts, the deadline, abort, network failures, the SDK's hooks with
 * credentials masked, and the caller's ky hooks and fetch on the client's ky instance.
 * (Moved from commerce's test/transport.test.ts: the same calls, made as the clients make them.)
 */
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { failure } from '@magekit/test-support/failure';
import { server } from '@magekit/test-support/msw';
import { HttpError, createRuntime, isMagekitError, type HttpMethod, type RetryEvent, type RuntimeOptions } from '../../src/index.ts';

const base = 'https://shop.test';
const httpError: RuntimeOptions['httpError'] = (status, body, context) =>
  new HttpError(`${context.method} ${context.url} failed with ${status}: ${typeof body === 'object' ? JSON.stringify(body) : String(body)}`, { service: 'commerce', status, body, method: context.method, url: context.url });
const runtime = (options: Partial<RuntimeOptions> = {}) => createRuntime({ service: 'commerce', httpError, retry: { backoffLimit: 5 }, ...options });

/** A call as the clients make it: the route's idempotency (GET, PUT, DELETE true; POST false). */
function call(rt = runtime(), method: HttpMethod, path: string, extra: Partial<Parameters<ReturnType<typeof runtime>['send']>[0]> = {}) {
  return rt.send({ method, url: `${base}/rest/V1${path}`, idempotent: method !== 'POST', ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }), ...extra }).then((r) => r.data);
}

describe('retries', () => {
  const counting = (method: 'get' | 'post' | 'put' | 'delete', path: string, statuses: number[], headers: Record<string, string> = {}) => {
    const counter = { attempts: 0 };
    server.use(
      http[method](`${base}/rest/V1${path}`, () => {
        const status = statuses[Math.min(counter.attempts++, statuses.length - 1)]!;
        return status < 300 ? HttpResponse.json(true) : HttpResponse.json({ message: 'busy' }, { status, headers });
      }),
    );
    return counter;
  };

  it.each([408, 429, 500, 502, 503, 504])('retries an idempotent GET on %i', async (status) => {
    const counter = counting('get', '/products/a', [status, status, 200]);
    await expect(call(runtime(), 'GET', '/products/a')).resolves.toBe(true);
    expect(counter.attempts).toBe(3);
  });

  it('retries PUT and DELETE, which are idempotent', async () => {
    const put = counting('put', '/products/a', [503, 200]);
    await call(runtime(), 'PUT', '/products/a');
    const del = counting('delete', '/products/a', [503, 200]);
    await call(runtime(), 'DELETE', '/products/a');
    expect([put.attempts, del.attempts]).toEqual([2, 2]);
  });

  it('never replays a POST by default, but does when the call opts in', async () => {
    const once = counting('post', '/products', [503, 200]);
    const error = await failure(call(runtime(), 'POST', '/products'));
    expect(error.status).toBe(503);
    expect(once.attempts).toBe(1);
    const opted = counting('post', '/products', [503, 200]);
    await call(runtime(), 'POST', '/products', { retry: { methods: ['POST'] } });
    expect(opted.attempts).toBe(2);
  });

  it('does not retry 4xx input errors, and stops at the limit', async () => {
    const bad = counting('get', '/products/a', [400, 200]);
    await failure(call(runtime(), 'GET', '/products/a'));
    expect(bad.attempts).toBe(1);
    const limited = counting('get', '/products/a', [503]);
    await failure(call(runtime({ retry: { limit: 1, backoffLimit: 5 } }), 'GET', '/products/a'));
    expect(limited.attempts).toBe(2);
    const off = counting('get', '/products/a', [503]);
    await failure(call(runtime(), 'GET', '/products/a', { retry: false }));
    expect(off.attempts).toBe(1);
  });

  it('honours Retry-After; a wait beyond maxRetryAfter is a typed error carrying the wait, not a retry', async () => {
    const honoured = counting('get', '/products/a', [429, 200], { 'retry-after': '1' });
    const retries: RetryEvent[] = [];
    await call(runtime({ hooks: { onRetry: (event) => retries.push(event) } }), 'GET', '/products/a');
    expect(honoured.attempts).toBe(2);
    expect(retries.map((r) => [r.attempt, r.waitedMs])).toEqual([[2, 1000]]); // waited as told, not the 5 ms backoff
    const capped = counting('get', '/products/a', [503, 200], { 'retry-after': '3600' });
    const error = await failure(call(runtime({ retry: { maxRetryAfter: 20, backoffLimit: 5 } }), 'GET', '/products/a'));
    expect(capped.attempts).toBe(1);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.message).toMatch(/asked to wait 1 h .*longer than retry.maxRetryAfter \(20 ms\); not retried/);
  });

  it('maxRetryAfter is in ms and inclusive: a wait equal to it is honoured, 1 ms more is refused', async () => {
    // Retry-After is in seconds on the wire (0.05 s = 50 ms); a seconds/milliseconds slip on either
    // side, or a strict comparison, changes one of these outcomes.
    const equal = counting('get', '/products/a', [503, 200], { 'retry-after': '0.05' });
    await call(runtime({ retry: { maxRetryAfter: 50, backoffLimit: 5 } }), 'GET', '/products/a');
    expect(equal.attempts).toBe(2);
    const above = counting('get', '/products/a', [503, 200], { 'retry-after': '0.05' });
    const error = await failure(call(runtime({ retry: { maxRetryAfter: 49, backoffLimit: 5 } }), 'GET', '/products/a'));
    expect(above.attempts).toBe(1);
    expect(error.retryAfterMs).toBe(50);
    const seconds = counting('get', '/products/a', [503, 200], { 'retry-after': '3' });
    await failure(call(runtime({ retry: { maxRetryAfter: 2_999, backoffLimit: 5 } }), 'GET', '/products/a'));
    expect(seconds.attempts).toBe(1);
  });

  it('retries network failures of idempotent calls', async () => {
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    server.use(http.get(`${base}/rest/V1/products/a`, () => HttpResponse.json({ sku: 'a' })));
    await expect(call(runtime({ fetch: flaky }), 'GET', '/products/a')).resolves.toEqual({ sku: 'a' });
    expect(calls).toBe(2);
  });
});

describe('timeouts, abort and network failures', () => {
  it('a slow attempt becomes a TimeoutError', async () => {
    server.use(http.get(`${base}/rest/V1/products/slow`, async () => (await delay(400), HttpResponse.json({}))));
    const error = await failure(call(runtime({ timeout: 30 }), 'GET', '/products/slow'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/timed out/);
  });

  // A call hands ky only the options that differ from the client's (send.ts): its own bounds must still reach ky.
  it("a call's own timeout bounds its first attempt", async () => {
    server.use(http.get(`${base}/rest/V1/products/slow`, async () => (await delay(1000), HttpResponse.json({}))));
    // Without it, the client's two minutes would apply and the answer would come after a second.
    const error = await failure(call(runtime(), 'GET', '/products/slow', { timeout: 30, retry: false }));
    expect(error.kind).toBe('timeout');
  });

  it("a call's own deadline bounds its first attempt", async () => {
    server.use(http.get(`${base}/rest/V1/products/slow`, async () => (await delay(1000), HttpResponse.json({}))));
    const error = await failure(call(runtime(), 'GET', '/products/slow', { totalTimeout: 30, retry: false }));
    expect(error.kind).toBe('timeout');
  });

  it('the overall deadline bounds retries too', async () => {
    server.use(http.get(`${base}/rest/V1/products/a`, async () => (await delay(50), HttpResponse.json({ message: 'busy' }, { status: 503 }))));
    const error = await failure(call(runtime({ totalTimeout: 120, retry: { limit: 50, backoffLimit: 5 } }), 'GET', '/products/a'));
    expect(error.kind).toBe('timeout');
  });

  it('the caller aborting gives an AbortError', async () => {
    server.use(http.get(`${base}/rest/V1/products/slow`, async () => (await delay(1000), HttpResponse.json({}))));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const error = await failure(call(runtime(), 'GET', '/products/slow', { signal: controller.signal }));
    expect(error.kind).toBe('abort');
  });

  it('a refused connection is a NetworkError', async () => {
    server.close();
    try {
      const error = await failure(runtime({ retry: false }).send({ method: 'GET', url: 'http://127.0.0.1:9/rest/V1/products/a', idempotent: true }));
      expect(error.kind).toBe('network');
      expect(error.message).toMatch(/failed before any response/);
    } finally {
      server.listen({ onUnhandledFrame: 'error' });
    }
  });

  it('resolves fetch at request time, so interceptors installed after creation apply', async () => {
    const rt = runtime();
    server.use(http.get(`${base}/rest/V1/products/late`, () => HttpResponse.json({ sku: 'late' })));
    await expect(call(rt, 'GET', '/products/late')).resolves.toEqual({ sku: 'late' });
  });
});

describe('hooks and redaction', () => {
  it('hooks see every request and response with credentials masked; errors never carry them', async () => {
    const token = 'tok_3f9a8c7e6d5b4a3921';
    const events: unknown[] = [];
    server.use(http.get(`${base}/rest/V1/products/a`, () => HttpResponse.json({ message: `Token ${token} is not valid`, trace: `Authorization: Bearer ${token}` }, { status: 401 })));
    const rt = runtime({
      headers: { authorization: `Bearer ${token}` },
      hooks: { onRequest: (e) => events.push(e), onResponse: (e) => events.push(e), onRetry: (e) => events.push(e) },
    });
    const error = await failure(call(rt, 'GET', '/products/a', { headers: { authorization: `Bearer ${token}` } }));
    const outputs = [JSON.stringify(events), error.message, error.stack, JSON.stringify(error), JSON.stringify(error.body)];
    for (const text of outputs) expect(text).not.toContain(token);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(events)).toContain('[redacted]');
  });
});

describe("the caller's ky hooks and fetch", () => {
  it('run on the client ky instance after the SDK: beforeRequest sees the authorized request, beforeRetry each retry, beforeError the typed error', async () => {
    const seen: string[] = [];
    let attempts = 0;
    server.use(http.get(`${base}/rest/V1/products/a`, ({ request }) => (attempts++, seen.push(`server ${request.headers.get('x-trace')}`), attempts === 1 ? HttpResponse.json({ message: 'busy' }, { status: 503 }) : HttpResponse.json({ message: 'gone' }, { status: 404 }))));
    const rt = runtime({
      hooks: {
        beforeRequest: [({ request }) => void (seen.push(`beforeRequest ${request.headers.get('authorization')}`), request.headers.set('x-trace', 't1'))],
        beforeRetry: [({ retryCount }) => void seen.push(`beforeRetry ${retryCount}`)],
        afterResponse: [({ response }) => void seen.push(`afterResponse ${response.status}`)],
        beforeError: [({ error }) => (seen.push(`beforeError ${isMagekitError(error) ? error.kind : 'raw'}`), error)],
      },
    });
    rt.useCredential({ authorize: (request) => void request.headers.set('authorization', 'Bearer fresh-0123456789'), unauthorized: () => 'fail', signOut: () => undefined });
    const error = await failure(call(rt, 'GET', '/products/a'));
    expect(error.status).toBe(404);
    expect(seen).toEqual(['beforeRequest Bearer fresh-0123456789', 'server t1', 'afterResponse 503', 'beforeRetry 1', 'server t1', 'afterResponse 404', 'beforeError http']);
  });

  it("the caller's fetch gets a Request per attempt, with redirect: 'manual'", async () => {
    const requests: Request[] = [];
    const mine: typeof fetch = async (input) => {
      requests.push(input as Request);
      return requests.length === 1 ? Response.json({}, { status: 502 }) : Response.json({ sku: 'a' });
    };
    await expect(call(runtime({ fetch: mine }), 'GET', '/products/a')).resolves.toEqual({ sku: 'a' });
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r instanceof Request && r.redirect === 'manual')).toBe(true);
  });
});
