export { createFakeMarketplace, type CallbackDelivery, type FakeApp, type FakeMarketplace, type FakeMarketplaceOptions, type ItemFailureCode, type ReviewFailureRule } from './fake.ts';
export { startFakeMarketplace, type RunningFakeMarketplace } from './server.ts';
