/**
 * The fake on a real HTTP server, bound to loopback, for demos, examples and benchmarks: core's node
 * bridge (a malformed Host is answered 400, an unread body closes the connection). node:http is imported
 * only when a server is started, so the testing entry loads in any runtime.
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
  const { serveOnLoopback } = await import('@magekit/core/node');
  const { port, fake: given, ...fakeOptions } = options;
  const fake = given ?? createFakeCommerce(fakeOptions);
  // The request URL keeps the Host header, port included: OAuth signatures cover the origin the client addressed.
  const server = await serveOnLoopback(fake.handle, { port, onClose: () => fake.consumer.stop() });
  return { url: server.url, port: server.port, fake, stats: fake.stats, close: server.close };
}
