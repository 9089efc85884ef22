/**
 * What a sender (and the operator reading its logs) sees from the callback receiver: the exact status,
 * body and headers of every outcome, the limits at their edges, the set-up errors, and which handler
 * gets which event.
 */
import { describe, expect, it } from 'vitest';
import { createCallbackHandler, type CallbackHandlerOptions, type IdempotencyStore } from '../../src/index.ts';

const USER = 'cb-user';
const PASS = 'cb-password-s3cret';
const AUTH = `Basic ${btoa(`${USER}:${PASS}`)}`;
const post = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  new Request('https://receiver.test/callbacks', { method: 'POST', body: body as BodyInit, headers: { authorization: AUTH, ...headers } });

const scan = { callback_event: 'malware_scan_complete', update_info: { file_upload_id: '5c129cd41ba478.65767699.1', tool_result: 'passed', modified_at: '2024-01-01 00:00:00' } };
const status = { callback_event: 'eqp_status_update', update_info: { submission_id: 'f4eacd72be', item_id: '12', eqp_flow: 'marketing', current_status: 'approved', modified_at: '2024-01-01 00:00:00' } };
const unknownEvent = { callback_event: 'package_deleted', update_info: { submission_id: 'x' } };

const handlerWith = (options: Partial<CallbackHandlerOptions> = {}) => createCallbackHandler({ username: USER, password: PASS, on: {}, ...options });

async function expectReply(response: Response, statusCode: number, body: Record<string, string>, headers: Record<string, string> = {}) {
  expect(response.status).toBe(statusCode);
  expect(response.headers.get('content-type')).toBe('application/json');
  for (const [name, value] of Object.entries(headers)) expect(response.headers.get(name)).toBe(value);
  expect(await response.json()).toEqual(body);
}

const never = () => new Promise<void>(() => undefined);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `depth` levels of nesting in all: the envelope, update_info, then arrays. */
const nestedBody = (depth: number) => `{"callback_event":"package_deleted","update_info":{"x":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;

describe('callback receiver responses', () => {
  it('405 names the allowed method; 401 asks for Basic credentials; both as JSON', async () => {
    const handler = handlerWith();
    await expectReply(await handler(new Request('https://receiver.test/callbacks', { headers: { authorization: AUTH } })), 405, { error: 'method not allowed' }, { allow: 'POST' });
    await expectReply(await handler(post(JSON.stringify(scan), { authorization: 'Basic eDp5' })), 401, { error: 'unauthorized' }, { 'www-authenticate': 'Basic realm="marketplace-callbacks", charset="UTF-8"' });
  });

  it('413 on a declared Content-Length over the limit, before reading the body', async () => {
    const calls: unknown[] = [];
    const handler = handlerWith({ maxBodyBytes: 200, on: { malware_scan_complete: (e) => void calls.push(e) } });
    const small = JSON.stringify({ callback_event: 'malware_scan_complete', update_info: { file_upload_id: 'a', tool_result: 'passed' } });
    expect(small.length).toBeLessThanOrEqual(200);
    await expectReply(await handler(post(small, { 'content-length': '201' })), 413, { error: 'body too large' });
    expect(calls).toEqual([]);
  });

  it('a body of exactly maxBodyBytes is accepted, one byte more is 413 (declared or streamed)', async () => {
    const body = JSON.stringify(scan);
    const exact = handlerWith({ maxBodyBytes: body.length, on: { malware_scan_complete: () => undefined } });
    expect((await exact(post(body, { 'content-length': String(body.length) }))).status).toBe(200);
    const oneLess = handlerWith({ maxBodyBytes: body.length - 1 });
    await expectReply(await oneLess(post(body)), 413, { error: 'body too large' });
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(body)); c.close(); } });
    const streamed = new Request('https://receiver.test/cb', { method: 'POST', body: stream, duplex: 'half', headers: { authorization: AUTH } } as RequestInit);
    await expectReply(await oneLess(streamed), 413, { error: 'body too large' });
  });

  it('a maxBodyBytes of 1 is a valid set-up', () => {
    expect(() => handlerWith({ maxBodyBytes: 1 })).not.toThrow();
  });

  it('408 with Connection: close when the body stalls past bodyTimeout', async () => {
    const handler = handlerWith({ bodyTimeout: 20 });
    const stalled = new Request('https://receiver.test/cb', { method: 'POST', body: new ReadableStream<Uint8Array>({ start() {} }), duplex: 'half', headers: { authorization: AUTH } } as RequestInit);
    await expectReply(await handler(stalled), 408, { error: 'body not received in time' }, { connection: 'close' });
  });

  it('400 bodies say what was wrong: encoding, JSON, nesting, shape', async () => {
    const handler = handlerWith();
    await expectReply(await handler(post(new Uint8Array([0x7b, 0xff, 0x7d]))), 400, { error: 'unreadable body (or not UTF-8)' });
    await expectReply(await handler(post('{oops')), 400, { error: 'body is not JSON' });
    await expectReply(await handler(post(nestedBody(33))), 400, { error: 'body nested deeper than 32 levels' });
    await expectReply(await handler(post(JSON.stringify({ callback_event: 'malware_scan_complete', update_info: { file_upload_id: 7 } }))), 400, {
      error: 'malware_scan_complete needs update_info.file_upload_id and tool_result as strings',
    });
  });

  it('nesting is counted exactly: 32 levels pass, wide bodies of many siblings pass, an escaped quote does not end a string', async () => {
    const seen: unknown[] = [];
    const handler = handlerWith({ idempotency: false, on: { unknown: (e) => void seen.push(e.update_info) } });
    expect((await handler(post(nestedBody(32)))).status).toBe(200);
    // 40 sibling objects, 40 sibling arrays and 40 numbers: wide, but only 4 levels deep.
    const wide = { objects: Array.from({ length: 40 }, () => ({})), arrays: Array.from({ length: 40 }, () => []), numbers: Array.from({ length: 40 }, (_, i) => i) };
    expect((await handler(post(JSON.stringify({ callback_event: 'package_deleted', update_info: wide })))).status).toBe(200);
    // In the JSON text this is \"{{{…: the quote is escaped, so the braces are still inside the string.
    const escaped = { note: `say \"${'{'.repeat(40)}` };
    expect((await handler(post(JSON.stringify({ callback_event: 'package_deleted', update_info: escaped })))).status).toBe(200);
    expect(seen).toEqual([{ x: JSON.parse(nestedBody(32)).update_info.x }, wide, escaped]);
  });

  it('after a string with escapes in it, nesting is counted again', async () => {
    const handler = handlerWith({ idempotency: false, on: { unknown: () => undefined } });
    const deep = `{"callback_event":"package_deleted","update_info":{"note":"a\\"b\\\\","x":${'['.repeat(31)}${']'.repeat(31)}}}`;
    expect(() => JSON.parse(deep) as unknown).not.toThrow();
    await expectReply(await handler(post(deep)), 400, { error: 'body nested deeper than 32 levels' });
  });

  it('503 with Retry-After when another delivery of the event holds the claim, or the store is down', async () => {
    const ran: unknown[] = [];
    const store = (claim: IdempotencyStore['claim']): IdempotencyStore => ({ claim, complete: async () => undefined, release: async () => undefined });
    const busy = handlerWith({ idempotency: store(async () => 'in-progress'), on: { malware_scan_complete: (e) => void ran.push(e) } });
    await expectReply(await busy(post(JSON.stringify(scan))), 503, { error: 'this event is being handled; retry later' }, { 'retry-after': '10' });
    const errors: unknown[] = [];
    const down = handlerWith({ idempotency: store(async () => { throw new Error('redis down'); }), onError: (e) => void errors.push(e), on: { malware_scan_complete: (e) => void ran.push(e) } });
    await expectReply(await down(post(JSON.stringify(scan))), 503, { error: 'temporarily unavailable' }, { 'retry-after': '10' });
    expect(ran).toEqual([]);
    expect(errors).toEqual([new Error('redis down')]);
  });

  it('503 with Retry-After at handlerTimeout, and the handler signal is aborted with a reason naming the timeout', async () => {
    let signal: AbortSignal | undefined;
    const handler = handlerWith({ handlerTimeout: 20, on: { malware_scan_complete: (_e, context) => { signal = context.signal; return never(); } } });
    await expectReply(await handler(post(JSON.stringify(scan))), 503, { error: 'handler timed out; retry later' }, { 'retry-after': '10' });
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).message).toBe('handlerTimeout (20 ms) passed');
  });

  it('a handler that finished in time is never aborted afterwards, whether it succeeded or threw', async () => {
    const signals: AbortSignal[] = [];
    const handler = handlerWith({
      handlerTimeout: 20,
      on: {
        malware_scan_complete: (_e, context) => void signals.push(context.signal),
        eqp_status_update: (_e, context) => { signals.push(context.signal); throw new Error('no'); },
      },
    });
    await expectReply(await handler(post(JSON.stringify(scan))), 200, { status: 'ok' });
    await expectReply(await handler(post(JSON.stringify(status))), 500, { error: 'internal error' });
    await sleep(60);
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
  });

  it('with idempotency: false every delivery runs the handler, also a redelivery', async () => {
    let runs = 0;
    const handler = handlerWith({ idempotency: false, on: { malware_scan_complete: () => void runs++ } });
    for (let i = 0; i < 2; i++) await expectReply(await handler(post(JSON.stringify(scan))), 200, { status: 'ok' });
    expect(runs).toBe(2);
  });

  it('events go only to their own handler; an event without a handler is acknowledged 200', async () => {
    const got: string[] = [];
    const onlyStatus = handlerWith({ on: { eqp_status_update: (e) => void got.push(e.callback_event) } });
    await expectReply(await onlyStatus(post(JSON.stringify(unknownEvent))), 200, { status: 'ok' });
    await expectReply(await onlyStatus(post(JSON.stringify(scan))), 200, { status: 'ok' });
    expect(got).toEqual([]);
    const none = handlerWith({ on: {} });
    for (const event of [unknownEvent, scan, status]) await expectReply(await none(post(JSON.stringify(event))), 200, { status: 'ok' });
  });

  it('a request object that breaks while being read is a bare 500, never an exception in the host', async () => {
    const handler = handlerWith();
    const broken = { method: 'POST', headers: { get: () => { throw new Error(`header failure ${PASS}`); } } } as unknown as Request;
    await expectReply(await handler(broken), 500, { error: 'internal error' });
  });
});

describe('createCallbackHandler set-up errors', () => {
  const setUp = (options: unknown) => () => createCallbackHandler(options as CallbackHandlerOptions);

  it('refuses missing options, or a username or password that is missing, empty or not a string', () => {
    const message = 'createCallbackHandler needs the username and password registered in api_callbacks.';
    for (const options of [undefined, { password: PASS, on: {} }, { username: 7, password: PASS, on: {} }, { username: USER, password: '', on: {} }, { username: USER, password: 7, on: {} }, { username: USER, on: {} }]) {
      expect(setUp(options)).toThrow(expect.objectContaining({ name: 'ConfigurationError', message, service: 'marketplace' }));
    }
  });

  it('refuses a set-up without `on` handlers', () => {
    const message = 'createCallbackHandler needs `on` with handlers for malware_scan_complete and/or eqp_status_update.';
    for (const on of [undefined, null, 'handlers']) {
      expect(setUp({ username: USER, password: PASS, on })).toThrow(expect.objectContaining({ name: 'ConfigurationError', message, service: 'marketplace' }));
    }
  });

  it('refuses a maxBodyBytes that is not a positive integer, saying what it got', () => {
    for (const max of [0, -5, 1.5, Number.NaN]) {
      expect(setUp({ username: USER, password: PASS, on: {}, maxBodyBytes: max })).toThrow(
        expect.objectContaining({ name: 'ConfigurationError', message: `maxBodyBytes must be a positive integer, got ${max}.`, service: 'marketplace' }),
      );
    }
  });

  it('names the duration option that is wrong', () => {
    for (const name of ['handlerTimeout', 'bodyTimeout', 'claimLease']) {
      expect(setUp({ username: USER, password: PASS, on: {}, [name]: -1 })).toThrow(`${name} must be a positive number of milliseconds, got -1.`);
    }
  });
});
