/**
 * The fake as a real HTTP server on 127.0.0.1, for demos, examples and end-to-end tests, through core's
 * node bridge (a malformed Host is answered 400).
 * node:http is imported lazily so the testing entry still loads where Node built-ins do not exist.
 */
import type { FakeStats } from '@magekit/core';
import { createFakeMarketplace, type FakeMarketplace, type FakeMarketplaceOptions } from './fake.ts';

export interface RunningFakeMarketplace {
  fake: FakeMarketplace;
  /** http://127.0.0.1:<port>: pass it as the client's baseUrl (the same name as the commerce fake's). */
  url: string;
  /** @deprecated Use `url`; kept as an alias for one minor release. */
  baseUrl: string;
  port: number;
  /** The fake's traffic counters (`fake.stats`). */
  readonly stats: FakeStats;
  close(): Promise<void>;
}

export async function startFakeMarketplace(options: FakeMarketplaceOptions & { port?: number; fake?: FakeMarketplace } = {}): Promise<RunningFakeMarketplace> {
  const { serveOnLoopback } = await import('@magekit/core/node');
  const fake = options.fake ?? createFakeMarketplace(options);
  const server = await serveOnLoopback(fake.handle, { port: options.port, onClose: () => fake.close() });
  return { fake, url: server.url, baseUrl: server.url, port: server.port, stats: fake.stats, close: server.close };
}
