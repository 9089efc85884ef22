export { createMarketplaceClient, type MarketplaceClient } from './client.ts';
export type { CallOptions, MarketplaceClientOptions } from './runtime.ts';
// What `retry` and `hooks` take, so hooks can be written as typed functions of their own.
export type { RetryPolicy, TransportHooks, RequestEvent, ResponseEvent, RetryEvent } from '@magekit/core';
export { BASE_URLS, type Environment } from './environments.ts';
export type { M2KeyCreated, PageItem, PaginatedRouteKey, RawRouteMethod, RouteArgs, RouteInput, RouteKey, RouteMethod, RouteOutput, Routes, UsersGetMethod } from './methods.ts';
export type { BatchItem, BatchResult, BatchSuccess } from './batch.ts';
export { BatchError, isMarketplaceError, type BatchErrorReason, type BatchFailure } from './errors.ts';
export { AbortError, AuthError, ConfigurationError, HttpError, InputError, MagekitError, NetworkError, PermissionError, RedirectError, ResponseError, TimeoutError, type ErrorKind, type Fate } from './errors.ts';
export { createMalwareScanFeed, type MalwareScanFeed, type UploadSource, type WaitForMalwareScanOptions } from './files.ts';
export type { CollectOptions, Page, PaginateOptions, Paginator } from './paginate.ts';
export { createReviewFeed, reviewOutcome, ReviewTimeoutError, type FlowVerdict, type ReviewFeed, type ReviewFlow, type ReviewOutcome, type ReviewProgress, type WaitForReviewOptions } from './review.ts';
export { createCallbackHandler, type CallbackHandler, type CallbackHandlerOptions, type CallbackHandlers, type DeliveryContext } from './callbacks/handler.ts';
export { createMemoryIdempotencyStore, deliveryKey, type ClaimResult, type IdempotencyStore, type MemoryIdempotencyStoreOptions } from './callbacks/idempotency.ts';
export { parseCallbackBody, type CallbackEvent, type EqpStatusUpdate, type EqpStatusUpdateEvent, type MalwareScanComplete, type MalwareScanCompleteEvent, type UnknownCallbackEvent } from './callbacks/events.ts';
export { routes, type RouteInfo } from './route-table.ts';
export type { Session, UserProfile, UserSummary, UserProfileUpdate, ApiCallback, ApiCallbackInput, M2Key, M2KeyInput, PackageInput, PackageUpdate, PackageFields, Package, PackageBatchItem } from './types.ts';
export type { EqpStatus, ToolRunSummary, ToolReport, ToolReportEntry, FileRecord, UploadResult, PackageSortField, PackageSort } from './types.ts';
export type { components, operations, paths } from './generated/schema.ts';
