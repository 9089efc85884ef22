/**
 * The fake as a real HTTP server on 127.0.0.1, for demos, examples and end-to-end tests. node:http
 * is imported lazily so the testing entry still loads where Node built-ins do not exist.
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
  const { createServer } = await import('node:http');
  const { toNodeListener } = await import('../node.ts');
  const fake = options.fake ?? createFakeMarketplace(options);
  const server = createServer(toNodeListener(fake.handle));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    fake,
    url: `http://127.0.0.1:${port}`,
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    stats: fake.stats,
    close: () =>
      new Promise<void>((resolve) => {
        fake.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
