/**
 * The transport on its own, against the loopback fault server: the fetch standard's redirect rules
 * applied by hand (inside the fetch ky calls), and the deadlines' limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, createRedactor, createTransport, type Transport } from '../../src/index.ts';
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
