/**
 * The fake on a real HTTP server, bound to loopback, for demos, examples and benchmarks. node:http
 * is imported only when a server is started, so the testing entry loads in any runtime.
 */
import type { FakeStats } from '@magekit/core';
import { createFakeCommerce, type FakeCommerce, type FakeCommerceOptions } from './fake-commerce.ts';

export interface StartFakeCommerceOptions extends FakeCommerceOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Serve an existing fake instead of creating one. */
  fake?: FakeCommerce;
}

export interface RunningFakeCommerce {
  /** `http://127.0.0.1:<port>`: pass it as the client's baseUrl. */
  url: string;
  port: number;
  fake: FakeCommerce;
  /** The fake's traffic counters (`fake.stats`). */
  readonly stats: FakeStats;
  close(): Promise<void>;
}

export async function startFakeCommerce(options: StartFakeCommerceOptions = {}): Promise<RunningFakeCommerce> {
  const { createServer } = await import('node:http');
  const { port = 0, fake: given, ...fakeOptions } = options;
  const fake = given ?? createFakeCommerce(fakeOptions);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      // The Host header, port included: OAuth signatures cover the origin the client addressed.
      const request = new Request(`http://${req.headers.host ?? `127.0.0.1:${actualPort}`}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) });
      fake
        .handle(request)
        .then(async (response) => {
          const payload = Buffer.from(await response.arrayBuffer());
          const out: Record<string, string> = {};
          response.headers.forEach((value, name) => (out[name] = value));
          out['content-length'] = String(payload.length);
          res.writeHead(response.status, out);
          res.end(payload);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: String(error) }));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    fake,
    stats: fake.stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        fake.consumer.stop();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
