/**
 * `@magekit/commerce/testing`: a stateful fake of the platform for your own tests (MSW handlers: `@magekit/commerce/testing/msw`)
 * or a loopback HTTP server.
 */
export { createFakeCommerce, type FakeCommerce, type FakeCommerceOptions } from './fake-commerce.ts';
export type { FakeStats } from '@magekit/core';
export { startFakeCommerce, type RunningFakeCommerce, type StartFakeCommerceOptions } from './server.ts';
export type { ConsumerOptions, FailureInjection, FakeConsumer, InjectedFailure } from './consumer.ts';
export { DUPLICATE_OPERATION_ID, type FakeBulk, type FakeOperation, type FakeQueue, type OperationIds, type OperationStorage } from './async-queue.ts';
export type { FakeStore, SeedOptions, Entity } from './store.ts';
export type { FakeLive, FakeLiveOptions, LiveCosts, LiveSearchRequest, LiveUpdateOptions, LiveWriteOptions, LiveWriterOptions, LiveWrites } from './live-store.ts';
export type { LiveClock } from './live-clock.ts';
export type { LiveTable } from './search-tables.ts';
export type { SearchCounts, SearchStats } from './search-stats.ts';
export type { PastLastPage } from './search.ts';
export { INPUT_LIMIT_MESSAGES, type FakeInputLimits } from './input-limits.ts';
export { MESSAGES, PlatformError } from './platform-errors.ts';
export { phpUrlDecode } from './php-urldecode.ts';
export { createFakeAuth, type FakeAuth, type FakeAuthOptions, type Principal } from './auth.ts';
export type { FakeTwoFactor, FakeTwoFactorOptions } from './tfa.ts';
export { PUBLIC_CATALOG_ID, type FakeB2b, type FakeNegotiableQuote, type NegotiableQuoteStatus } from './b2b/index.ts';
export { createFakeIms, DEFAULT_FAKE_IMS_CLIENT, IMS_TOKEN_PATH, type FakeIms, type FakeImsClient, type FakeImsOptions, type ImsVerdict } from './ims.ts';
export type { ActivateOptions, FakeActivation, FakeActivations } from './activation.ts';
export { acmeWarrantyModule, type FakeModule, type ModuleContext, type ModuleHandler } from './custom-module.ts';
