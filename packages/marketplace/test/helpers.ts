// Shared set-up: a fake marketplace routed through the project's MSW server, and a client for it.
import { createMarketplaceClient, type MarketplaceClientOptions } from '../src/index.ts';
import { createFakeMarketplace, type FakeMarketplaceOptions } from '../src/testing/index.ts';
import { marketplaceHandlers } from '../src/testing/msw.ts';
import { server } from '@magekit/test-support/msw';

export function setupFake(fakeOptions: FakeMarketplaceOptions = {}, clientOptions: Partial<MarketplaceClientOptions> = {}) {
  const fake = createFakeMarketplace({ reviewDelayMs: false, scanDelayMs: 5, ...fakeOptions });
  server.use(...marketplaceHandlers(fake));
  const market = createMarketplaceClient({ environment: fake.environment, appId: fake.app.appId, appSecret: fake.app.appSecret, retry: 0, ...clientOptions });
  return { fake, market };
}

export const draft = (i: number) => ({ item_id: `item-${i}`, type: 'extension' as const, platform: 'M2' as const, name: `Package ${i}`, version: '1.0.0', long_description: `<p>${i}</p>` });
