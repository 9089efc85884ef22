/** Public surface of the async and bulk features. */
export type { AsyncFeatures, AsyncNamespace, BulkNamespace, ReadBulkStatus, WaitForBulk } from './attach.ts';
export type { AcceptanceItem, AsyncAcceptance } from './acceptance.ts';
export { MAX_CHUNK_SIZE, DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY } from './chunking.ts';
export { BulkFailedError, BulkRejectedError, BulkStalledError, BulkTimeoutError, type BulkCounts, type RejectedItem } from './errors.ts';
export { isBulkJob, type BulkChunk, type BulkJob, type JobItem } from './job.ts';
// The journal hook a bulk call writes through: implement it over any storage; the file one is in the Node entry.
export type { BulkJournal, JournalEntry, PositionRuns } from './journal.ts';
export type { BulkOptions } from './submit.ts';
export type { AsyncMethod, AsyncTree, BulkMethod, BulkRouteKey, BulkRow, BulkTree, OperationResult, WriteRouteKey } from './types.ts';
export type { ProgressEvent, WaitOptions } from './waiter/options.ts';
export { OPERATION_STATUS, type BulkOutcome, type OperationOutcome, type OperationState, type OperationStatus, type ResultsOptions } from './waiter/outcome.ts';
export type { ReadStatusOptions } from './waiter/read-status.ts';
// Whether a route (from `routes`) has a bulk variant: the platform cannot express a parameter inside a path segment.
export { isBulkable } from './write-routes.ts';
