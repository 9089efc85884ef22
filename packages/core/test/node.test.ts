// serveOnLoopback: a Fetch-API handler on a real loopback server through the node bridge.
import { describe, expect, it } from 'vitest';
import { rawExchange as exchange } from '@magekit/test-support/raw-http';
import { serveOnLoopback } from '../src/node.ts';

describe('serveOnLoopback', () => {
  it('serves the handler on 127.0.0.1 with the URL the client addressed (Host header, port included)', async () => {
    const server = await serveOnLoopback(async (request) => Response.json({ url: request.url, method: request.method }));
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      const answer = await exchange(server.port, `GET /rest/V1/products?x=1 HTTP/1.1\r\nHost: shop.test:8080`);
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('{"url":"http://shop.test:8080/rest/V1/products?x=1","method":"GET"}');
    } finally {
      await server.close();
    }
  });

  it('answers a malformed Host header with 400 without calling the handler', async () => {
    let calls = 0;
    const server = await serveOnLoopback(async () => {
      calls += 1;
      return new Response('ok');
    });
    try {
      expect(await exchange(server.port, 'GET / HTTP/1.1\r\nHost: evil.test/path@x')).toMatch(/^HTTP\/1\.1 400/);
      expect(calls).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('close() runs onClose and stops listening', async () => {
    let closed = 0;
    const server = await serveOnLoopback(async () => new Response('ok'), { onClose: () => (closed += 1) });
    await server.close();
    expect(closed).toBe(1);
    await expect(exchange(server.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1')).rejects.toThrow(/ECONNREFUSED/);
  });
});
