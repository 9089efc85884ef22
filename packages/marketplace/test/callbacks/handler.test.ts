import fc from 'fast-check';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallbackHandler, type CallbackEvent, type UnknownCallbackEvent } from '../../src/index.ts';
import { toNodeListener } from '../../src/node.ts';

const USER = 'cb-user';
const PASS = 'cb-password-s3cret';
const basic = (user: string, pass: string) => `Basic ${btoa(`${user}:${pass}`)}`;
const post = (body: string | Uint8Array, auth: string | null = basic(USER, PASS), headers: Record<string, string> = {}) =>
  new Request('https://receiver.test/callbacks', { method: 'POST', body: body as BodyInit, headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}), ...headers } });

const scan = { callback_event: 'malware_scan_complete', update_info: { file_upload_id: '5c129cd41ba478.65767699.1', tool_result: 'passed', modified_at: '2024-01-01 00:00:00' } };
const status = { callback_event: 'eqp_status_update', update_info: { submission_id: 'f4eacd72be', item_id: '12', eqp_flow: 'marketing', current_status: 'approved', eqp_status: { overall: 'approved', technical: 'approved', marketing: 'approved' }, modified_at: '2024-01-01 00:00:00' } };

function recorder() {
  const events: (CallbackEvent | UnknownCallbackEvent)[] = [];
  const handler = createCallbackHandler({
    username: USER,
    password: PASS,
    on: { malware_scan_complete: (e) => void events.push(e), eqp_status_update: (e) => void events.push(e), unknown: (e) => void events.push(e) },
  });
  return { events, handler };
}

describe('createCallbackHandler', () => {
  it('delivers the two documented events, typed', async () => {
    const { events, handler } = recorder();
    expect((await handler(post(JSON.stringify(scan)))).status).toBe(200);
    expect((await handler(post(JSON.stringify(status)))).status).toBe(200);
    expect(events).toEqual([scan, status]);
  });

  it('accepts eqp_state as an alias of current_status', async () => {
    const { events, handler } = recorder();
    const { current_status: _c, ...info } = status.update_info;
    expect((await handler(post(JSON.stringify({ ...status, update_info: { ...info, eqp_state: 'rejected' } })))).status).toBe(200);
    expect(events[0]).toMatchObject({ callback_event: 'eqp_status_update', update_info: { current_status: 'rejected', submission_id: 'f4eacd72be' } });
  });

  it('passes unknown events intact to `unknown`', async () => {
    const { events, handler } = recorder();
    const body = { callback_event: 'package_deleted', update_info: { submission_id: 'x', nested: { a: [1, 2] } }, extra: true };
    expect((await handler(post(JSON.stringify(body)))).status).toBe(200);
    expect(events).toEqual([{ callback_event: 'package_deleted', update_info: body.update_info, body }]);
  });

  it('401 with WWW-Authenticate on wrong, missing or malformed credentials, and the handler never runs', async () => {
    const { events, handler } = recorder();
    for (const auth of [basic(USER, 'wrong'), basic('other', PASS), null, 'Bearer abc', 'Basic !!!', basic(USER, PASS + 'x')]) {
      const response = await handler(post(JSON.stringify(scan), auth));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    }
    expect(events).toEqual([]);
  });

  it('400 for a non-JSON body and for a body of the wrong shape; 413 for an oversized body; 405 for other methods', async () => {
    const handler = createCallbackHandler({ username: USER, password: PASS, on: {}, maxBodyBytes: 1024 });
    expect((await handler(post('not json'))).status).toBe(400);
    expect((await handler(post(''))).status).toBe(400);
    expect((await handler(post(JSON.stringify({ callback_event: 'malware_scan_complete', update_info: { file_upload_id: 7 } })))).status).toBe(400);
    expect((await handler(post(JSON.stringify({ callback_event: 'eqp_status_update', update_info: { submission_id: 'x' } })))).status).toBe(400);
    expect((await handler(post(JSON.stringify([1, 2])))).status).toBe(400);
    expect((await handler(post(JSON.stringify({ ...scan, pad: 'x'.repeat(2000) })))).status).toBe(413);
    // Without a Content-Length the limit still holds while streaming.
    const stream = new ReadableStream<Uint8Array>({ start(c) { for (let i = 0; i < 10; i++) c.enqueue(new Uint8Array(500)); c.close(); } });
    const streamed = new Request('https://receiver.test/cb', { method: 'POST', body: stream, duplex: 'half', headers: { authorization: basic(USER, PASS) } } as RequestInit);
    expect((await handler(streamed)).status).toBe(413);
    expect((await handler(new Request('https://receiver.test/cb', { headers: { authorization: basic(USER, PASS) } }))).status).toBe(405);
  });

  it('an error in the user handler gives a bare 500 without details, and onError sees it', async () => {
    const onError = vi.fn();
    const handler = createCallbackHandler({ username: USER, password: PASS, onError, on: { malware_scan_complete: () => { throw new Error(`db down at ${PASS}`); } } });
    const response = await handler(post(JSON.stringify(scan)));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/db down|s3cret/);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('isDuplicate drops redelivered events', async () => {
    const seen = new Set<string>();
    const calls: string[] = [];
    const handler = createCallbackHandler({
      username: USER,
      password: PASS,
      isDuplicate: (e) => {
        const key = JSON.stringify(e);
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      },
      on: { malware_scan_complete: (e) => void calls.push(e.update_info.file_upload_id) },
    });
    expect((await handler(post(JSON.stringify(scan)))).status).toBe(200);
    const again = await handler(post(JSON.stringify(scan)));
    expect(await again.json()).toEqual({ status: 'duplicate' });
    expect(calls).toHaveLength(1);
  });

  it('400, never 5xx, for pathological input: 10,000-deep JSON, bad UTF-8; the handler never runs', async () => {
    const { events, handler } = recorder();
    const deepObject = `{"callback_event":"package_deleted","update_info":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const deepArray = `{"callback_event":"package_deleted","update_info":{"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    for (const body of [deepObject, deepArray]) {
      const response = await handler(post(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'body nested deeper than 32 levels' });
    }
    // Brackets inside strings are not nesting.
    expect((await handler(post(JSON.stringify({ ...scan, update_info: { ...scan.update_info, note: '[{'.repeat(5000) } }), basic(USER, PASS)))).status).toBe(200);
    const latin1 = new TextEncoder().encode(JSON.stringify({ ...scan, update_info: { ...scan.update_info, note: 'x' } }));
    latin1[latin1.lastIndexOf(0x78)] = 0xff; // in a string, so only the encoding is wrong: not a UTF-8 byte
    expect((await handler(post(latin1))).status).toBe(400);
    expect(events).toHaveLength(1);
  });

  it('rejects a set-up without credentials', () => {
    expect(() => createCallbackHandler({ username: '', password: 'x', on: {} })).toThrow(/username and password/);
  });

  it('never throws and never answers outside the documented statuses, whatever the body (property)', async () => {
    const { handler } = recorder();
    const bodies = fc.oneof(
      fc.string(),
      fc.json(),
      fc.anything().map((v) => { try { return JSON.stringify(v) ?? ''; } catch { return ''; } }),
      fc.record({ callback_event: fc.oneof(fc.constantFrom('malware_scan_complete', 'eqp_status_update'), fc.string()), update_info: fc.anything() }).map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 300 }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, authorized) => {
        const response = await handler(post(body, authorized ? basic(USER, PASS) : basic(USER, 'nope')));
        expect(authorized ? [200, 400, 413] : [401]).toContain(response.status);
      }),
      { numRuns: 1000 },
    );
  });

  it('throwing user handlers never escape, for any event (property)', async () => {
    const handler = createCallbackHandler({ username: USER, password: PASS, on: { unknown: () => Promise.reject(new Error('boom')), malware_scan_complete: () => { throw 'string'; }, eqp_status_update: () => { throw null; } } });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(scan, status, { callback_event: 'other', update_info: {} }), async (body) => {
        expect((await handler(post(JSON.stringify(body)))).status).toBe(500);
      }),
      { numRuns: 50 },
    );
  });
});

describe('toNodeListener (node:http)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function listen(listener: ReturnType<typeof toNodeListener>) {
    const srv = createServer(listener);
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    close = () => new Promise((r) => { srv.closeAllConnections(); srv.close(() => r()); });
    return (srv.address() as AddressInfo).port;
  }

  // Raw node:http client: it is not intercepted by MSW and can send any body.
  function send(port: number, body: Buffer, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/callbacks', headers: { 'content-length': String(body.length), ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers 200 / 401 / 400 / 400 / 413 and the host server keeps running', async () => {
    const { events, handler } = recorder();
    const port = await listen(toNodeListener(createCallbackHandler({ username: USER, password: PASS, maxBodyBytes: 2048, on: { malware_scan_complete: (e) => void events.push(e) } })));
    void handler;
    const auth = { authorization: basic(USER, PASS), 'content-type': 'application/json' };
    expect((await send(port, Buffer.from(JSON.stringify(scan)), auth)).status).toBe(200);
    const denied = await send(port, Buffer.from(JSON.stringify(scan)), { authorization: basic(USER, 'x') });
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toMatch(/Basic/);
    expect((await send(port, Buffer.from('{oops'), auth)).status).toBe(400);
    expect((await send(port, Buffer.from('{"callback_event":1}'), auth)).status).toBe(400);
    expect((await send(port, Buffer.alloc(100_000, 97), auth)).status).toBe(413);
    // A new update is handled; the same update delivered again is acknowledged, not handled twice.
    const next = { ...scan, update_info: { ...scan.update_info, modified_at: '2024-01-01 00:01:00' } };
    expect((await send(port, Buffer.from(JSON.stringify(next)), auth)).status).toBe(200);
    expect(JSON.parse((await send(port, Buffer.from(JSON.stringify(scan)), auth)).text)).toEqual({ status: 'duplicate' });
    expect(events).toHaveLength(2);
  });

  it('works behind a body parser that already consumed the stream (Express with express.json())', async () => {
    const { events } = recorder();
    const inner = toNodeListener(createCallbackHandler({ username: USER, password: PASS, on: { eqp_status_update: (e) => void events.push(e) } }));
    const port = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        (req as typeof req & { body: unknown }).body = JSON.parse(Buffer.concat(chunks).toString());
        inner(req, res);
      });
    });
    const response = await send(port, Buffer.from(JSON.stringify(status)), { authorization: basic(USER, PASS), 'content-type': 'application/json' });
    expect(response.status).toBe(200);
    expect(events).toHaveLength(1);
  });

  it('a handler that throws gives a 500, not a crash', async () => {
    const port = await listen(toNodeListener(() => Promise.reject(new Error('kaput'))));
    const response = await send(port, Buffer.from('{}'), {});
    expect(response.status).toBe(500);
    expect(response.text).not.toContain('kaput');
  });
});
