/**
 * Delivery that never loses an event: redeliveries after a failure are handled, after a success
 * acknowledged; a handler past its deadline gets the sender a 503 and its late outcome still
 * settles the claim; slow bodies get 408; a malformed Host gets 400; and the host stays healthy.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallbackHandler, createMemoryIdempotencyStore, deliveryKey, type CallbackHandlerOptions, type DeliveryContext } from '../src/index.ts';
import { createFileIdempotencyStore, toNodeListener } from '../src/node.ts';

const USER = 'cb-user';
const PASS = 'cb-password-s3cret';
const AUTH = `Basic ${btoa(`${USER}:${PASS}`)}`;
const scan = { callback_event: 'malware_scan_complete', update_info: { file_upload_id: 'f-1', tool_result: 'passed', modified_at: '2024-01-01 00:00:00' } };
const post = (body: unknown = scan) => new Request('https://receiver.test/eqp', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: AUTH } });

function handlerWith(on: CallbackHandlerOptions['on'], options: Partial<CallbackHandlerOptions> = {}) {
  return createCallbackHandler({ username: USER, password: PASS, on, ...options });
}

/** A promise with its resolve/reject outside, for handlers that settle when the test says so. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}

describe('redelivery', () => {
  it('a delivery that failed (500) is handled again on redelivery; after a success, redeliveries are acknowledged', async () => {
    let calls = 0;
    const handler = handlerWith({ malware_scan_complete: () => { calls += 1; if (calls === 1) throw new Error('database down'); } });
    expect((await handler(post())).status).toBe(500);
    const retried = await handler(post());
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ status: 'ok' });
    expect(calls).toBe(2);
    const again = await handler(post());
    expect(await again.json()).toEqual({ status: 'duplicate' });
    expect(calls).toBe(2);
  });

  it('the same update with its fields in another order is the same delivery; a new status is a new one', async () => {
    const seen: string[] = [];
    const handler = handlerWith({ eqp_status_update: (e) => void seen.push(e.update_info.current_status) });
    const a = { callback_event: 'eqp_status_update', update_info: { submission_id: 's1', eqp_flow: 'technical', current_status: 'in_automation', modified_at: '2024-01-01 00:00:00' } };
    const reordered = { update_info: { modified_at: '2024-01-01 00:00:00', current_status: 'in_automation', eqp_flow: 'technical', submission_id: 's1' }, callback_event: 'eqp_status_update' };
    const next = { ...a, update_info: { ...a.update_info, current_status: 'approved', modified_at: '2024-01-01 00:05:00' } };
    for (const body of [a, reordered, next, next]) expect((await handler(post(body))).status).toBe(200);
    expect(seen).toEqual(['in_automation', 'approved']);
    expect(await deliveryKey(a)).toBe(await deliveryKey(reordered));
  });

  it('a redelivery while the first is still being handled gets 503 with Retry-After, and the handler runs once', async () => {
    const gate = deferred();
    const entered = deferred();
    let calls = 0;
    const handler = handlerWith({ malware_scan_complete: async () => { calls += 1; entered.resolve(); await gate.promise; } });
    const first = handler(post());
    await entered.promise; // the first delivery holds the claim now
    const concurrent = await handler(post());
    expect(concurrent.status).toBe(503);
    expect(concurrent.headers.get('retry-after')).toMatch(/^\d+$/);
    gate.resolve();
    expect((await first).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('isDuplicate (deprecated) is still honoured before the store', async () => {
    let calls = 0;
    const handler = handlerWith({ malware_scan_complete: () => void (calls += 1) }, { isDuplicate: () => true });
    expect(await (await handler(post())).json()).toEqual({ status: 'duplicate' });
    expect(calls).toBe(0);
  });

  it('a store that is down answers 503 (the sender retries) and never runs the handler unclaimed', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const broken = { claim: () => Promise.reject(new Error('redis unreachable')), complete: async () => undefined, release: async () => undefined };
    const handler = handlerWith({ malware_scan_complete: () => void (calls += 1) }, { idempotency: broken, onError: (e) => errors.push(e) });
    expect((await handler(post())).status).toBe(503);
    expect(calls).toBe(0);
    expect(errors).toHaveLength(1);
  });

  it('idempotency: false runs the handler for every delivery', async () => {
    let calls = 0;
    const handler = handlerWith({ malware_scan_complete: () => void (calls += 1) }, { idempotency: false });
    await handler(post());
    await handler(post());
    expect(calls).toBe(2);
  });
});

describe('handler deadline', () => {
  it('answers 503 at the deadline, aborts the signal, and a late success still completes the claim', async () => {
    const gate = deferred();
    let context: DeliveryContext | undefined;
    let calls = 0;
    const handler = handlerWith({ malware_scan_complete: async (_e, ctx) => { calls += 1; context = ctx; await gate.promise; } }, { handlerTimeout: 30 });
    const response = await handler(post());
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(context!.signal.aborted).toBe(true);
    // Still running: a redelivery now must not start a second run.
    expect((await handler(post())).status).toBe(503);
    gate.resolve();
    await new Promise((r) => setTimeout(r, 10));
    expect(await (await handler(post())).json()).toEqual({ status: 'duplicate' });
    expect(calls).toBe(1);
  });

  it('a late failure releases the claim, so the redelivery is handled', async () => {
    const gate = deferred();
    const errors: unknown[] = [];
    let calls = 0;
    const handler = handlerWith(
      { malware_scan_complete: async () => { calls += 1; if (calls === 1) await gate.promise; } },
      { handlerTimeout: 30, onError: (e) => errors.push(e) },
    );
    expect((await handler(post())).status).toBe(503);
    gate.reject(new Error('late failure'));
    await new Promise((r) => setTimeout(r, 10));
    expect(errors).toHaveLength(1);
    expect((await handler(post())).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('a handler that never settles frees its claim when the lease ends', async () => {
    let now = 1_000_000;
    const store = createMemoryIdempotencyStore({ now: () => now });
    let calls = 0;
    const handler = handlerWith({ malware_scan_complete: () => { calls += 1; return calls === 1 ? new Promise<void>(() => undefined) : undefined; } }, { handlerTimeout: 20, claimLease: 60_000, idempotency: store });
    expect((await handler(post())).status).toBe(503);
    expect((await handler(post())).status).toBe(503);
    now += 61_000;
    expect((await handler(post())).status).toBe(200);
    expect(calls).toBe(2);
  });
});

describe('lease takeover', () => {
  it('a handler that fails after its lease ran out does not free the claim of the delivery that took over', async () => {
    let now = 1_000_000;
    const store = createMemoryIdempotencyStore({ now: () => now });
    const first = deferred();
    const second = deferred();
    let calls = 0;
    const handler = handlerWith(
      { malware_scan_complete: () => { calls += 1; return calls === 1 ? first.promise : calls === 2 ? second.promise : undefined; } },
      { handlerTimeout: 20, claimLease: 60_000, idempotency: store, onError: () => undefined },
    );
    expect((await handler(post())).status).toBe(503);
    now += 61_000;
    expect((await handler(post())).status).toBe(503); // took over the expired claim; still running
    first.reject(new Error('late failure of the first run'));
    await new Promise((r) => setTimeout(r, 10));
    expect((await handler(post())).status).toBe(503); // the second run still holds the key
    expect(calls).toBe(2);
    second.resolve();
    await new Promise((r) => setTimeout(r, 10));
    expect(await (await handler(post())).json()).toEqual({ status: 'duplicate' });
    expect(calls).toBe(2);
  });
});

describe('body-read deadline', () => {
  it('a body that stalls mid-way gets 408', async () => {
    const handler = handlerWith({}, { bodyTimeout: 40 });
    const stalled = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode('{"callback_event":')); } });
    const request = new Request('https://receiver.test/eqp', { method: 'POST', body: stalled, duplex: 'half', headers: { authorization: AUTH } } as RequestInit);
    expect((await handler(request)).status).toBe(408);
  });

  it('rejects bad durations at set-up', () => {
    expect(() => handlerWith({}, { handlerTimeout: 0 })).toThrow(/handlerTimeout/);
    expect(() => handlerWith({}, { bodyTimeout: Number.NaN })).toThrow(/bodyTimeout/);
  });
});

describe('over node:http', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server) await new Promise<void>((r) => (server!.closeAllConnections(), server!.close(() => r())));
    server = undefined;
  });

  async function listen(handler: ReturnType<typeof createCallbackHandler>): Promise<number> {
    server = createServer(toNodeListener(handler));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }

  /** Writes raw bytes on a socket and collects what comes back until the server closes it or `ms` pass. */
  function raw(port: number, chunks: string[], ms = 8_000): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      const done = () => { clearTimeout(timer); socket.destroy(); resolve(text); };
      const timer = setTimeout(done, ms);
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', done);
      socket.on('error', done);
      for (const chunk of chunks) socket.write(chunk);
    });
  }

  const body = JSON.stringify(scan);
  const requestHead = (host: string, length = body.length) => `POST /eqp HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${length}\r\n\r\n`;

  it('a malformed Host header gets 400, not 500', async () => {
    let calls = 0;
    const port = await listen(handlerWith({ malware_scan_complete: () => void (calls += 1) }));
    for (const host of ['exa mple.com', 'a/b', 'user@host', '[::1', 'host:99999999']) {
      const answer = await raw(port, [requestHead(host) + body]);
      expect(answer, host).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect(calls).toBe(0);
    expect(await raw(port, [requestHead('receiver.example.com:443') + body])).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a sender that stops mid-body gets 408 and the connection is closed; the host keeps serving', async () => {
    const port = await listen(handlerWith({ malware_scan_complete: () => undefined }, { bodyTimeout: 60 }));
    const answer = await raw(port, [requestHead('127.0.0.1', body.length + 50) + body.slice(0, 10)]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await raw(port, [requestHead('127.0.0.1') + body])).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('handlers that never settle get 503s and the host stays healthy', async () => {
    const port = await listen(handlerWith({ malware_scan_complete: () => new Promise<void>(() => undefined), eqp_status_update: () => undefined }, { handlerTimeout: 30 }));
    const bodyOf = (i: number) => JSON.stringify({ ...scan, update_info: { ...scan.update_info, file_upload_id: `f-${i}` } });
    const stuck = await Promise.all(Array.from({ length: 20 }, (_, i) => raw(port, [requestHead('127.0.0.1', bodyOf(i).length) + bodyOf(i)], 10_000)));
    expect(stuck.every((answer) => /^HTTP\/1\.1 503 /.test(answer))).toBe(true);
    const ok = JSON.stringify({ callback_event: 'eqp_status_update', update_info: { submission_id: 's', current_status: 'approved' } });
    expect(await raw(port, [requestHead('127.0.0.1', ok.length) + ok], 10_000)).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('idempotency stores', () => {
  const dirs: string[] = [];
  afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
  const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'magekit-idem-')); dirs.push(d); return d; };

  for (const [name, make] of [
    ['memory', (now: () => number) => createMemoryIdempotencyStore({ now, retain: 10_000 })],
    ['file', (now: () => number) => createFileIdempotencyStore(tempDir(), { now, retain: 10_000 })],
  ] as const) {
    it(`${name}: claim / complete / release, leases and retention`, async () => {
      let now = 5_000_000;
      const store = make(() => now);
      expect(await store.claim('k1', 1_000)).toBe('claimed');
      expect(await store.claim('k1', 1_000)).toBe('in-progress');
      await store.release('k1');
      expect(await store.claim('k1', 1_000)).toBe('claimed');
      await store.complete('k1');
      expect(await store.claim('k1', 1_000)).toBe('completed');
      await store.release('k1'); // a completed key is not released by a stray release()
      expect(await store.claim('k1', 1_000)).toBe('completed');
      expect(await store.claim('k2', 1_000)).toBe('claimed');
      now += 1_001; // k2's lease ran out (its handler died)
      expect(await store.claim('k2', 1_000)).toBe('claimed');
      now += 10_001; // k1 is forgotten after `retain`
      expect(await store.claim('k1', 1_000)).toBe('claimed');
    });

    it(`${name}: a late release by a delivery whose lease ran out does not free the newer claim`, async () => {
      let now = 5_000_000;
      const store = make(() => now);
      expect(await store.claim('k', 1_000, 'first')).toBe('claimed');
      now += 1_001; // the first delivery's handler is still running, past its lease
      expect(await store.claim('k', 1_000, 'second')).toBe('claimed');
      await store.release('k', 'first'); // the first handler fails late
      expect(await store.claim('k', 1_000, 'third')).toBe('in-progress');
      await store.release('k', 'second');
      expect(await store.claim('k', 1_000, 'third')).toBe('claimed');
    });

    it(`${name}: of 25 concurrent claims of one key exactly one wins`, async () => {
      const store = make(Date.now);
      const results = await Promise.all(Array.from({ length: 25 }, () => store.claim('same', 60_000)));
      expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r === 'in-progress')).toHaveLength(24);
    });
  }

  it('file: completed keys survive a restart (a new store on the same directory), and old ones are pruned', async () => {
    const dir = tempDir();
    let now = 1_000;
    const before = createFileIdempotencyStore(dir, { now: () => now, retain: 5_000 });
    expect(await before.claim('evt-a', 1_000)).toBe('claimed');
    await before.complete('evt-a');
    const after = createFileIdempotencyStore(dir, { now: () => now, retain: 5_000 });
    expect(await after.claim('evt-a', 1_000)).toBe('completed');
    now += 6_000;
    expect(await after.prune()).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('file: a key that is not a safe file name is refused', async () => {
    const store = createFileIdempotencyStore(tempDir());
    await expect(store.claim('../escape', 1_000)).rejects.toMatchObject({ kind: 'configuration' });
  });

  it('the handler with a file store: a restart between a success and its redelivery still acknowledges it', async () => {
    const dir = tempDir();
    let calls = 0;
    const on = { malware_scan_complete: () => void (calls += 1) };
    expect((await handlerWith(on, { idempotency: createFileIdempotencyStore(dir) })(post())).status).toBe(200);
    const restarted = handlerWith(on, { idempotency: createFileIdempotencyStore(dir) });
    expect(await (await restarted(post())).json()).toEqual({ status: 'duplicate' });
    expect(calls).toBe(1);
  });
});

describe('delivery keys (property)', () => {
  it('the same update has one key whatever the order of its fields; changing any value changes the key', async () => {
    const fc = (await import('fast-check')).default;
    const info = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), { minKeys: 1, maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), info, async (event, update) => {
        const reversed = Object.fromEntries(Object.entries(update).reverse());
        const key = await deliveryKey({ callback_event: event, update_info: update });
        expect(await deliveryKey({ callback_event: event, update_info: reversed })).toBe(key);
        expect(key).toMatch(/^[A-Za-z0-9_-]+$/); // usable as a file name by the file store
        const [first] = Object.keys(update);
        const changed = { ...update, [first!]: JSON.stringify(update[first!]) + 'x' };
        expect(await deliveryKey({ callback_event: event, update_info: changed })).not.toBe(key);
      }),
      { numRuns: 200 },
    );
  });

  it('a store that fails to record a success is reported, and the sender is asked to retry', async () => {
    const errors: unknown[] = [];
    const store = { ...createMemoryIdempotencyStore(), complete: () => Promise.reject(new Error('disk full')) };
    const handler = handlerWith({ malware_scan_complete: () => undefined }, { idempotency: store, onError: (e) => errors.push(e) });
    expect((await handler(post())).status).toBe(500);
    expect(String(errors[0])).toContain('disk full');
  });
});
