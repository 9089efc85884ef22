export { createFakeMarketplace, type CallbackDelivery, type FakeApp, type FakeMarketplace, type FakeMarketplaceOptions, type ItemFailureCode } from './fake.ts';
export { startFakeMarketplace, type RunningFakeMarketplace } from './server.ts';
