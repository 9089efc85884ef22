export { createFakeMarketplace, type CallbackDelivery, type FakeApp, type FakeMarketplace, type FakeMarketplaceOptions, type ItemFailureCode, type ReviewFailureRule } from './fake.ts';
export type { FakeStats } from '@magekit/core';
export { startFakeMarketplace, type RunningFakeMarketplace } from './server.ts';
