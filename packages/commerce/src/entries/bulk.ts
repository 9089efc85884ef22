// `@magekit/commerce/bulk`: async and bulk writes, the bulk waiter and status reads, for a full or
// a lean client. zod (the acceptance check) loads on the first queued write.
export { asyncFeatures, asyncRequest, bulkRequest, waitForBulk, readBulkStatus } from '../async/features.ts';
export type { AsyncFeatures, AsyncNamespace, BulkNamespace } from '../async/attach.ts';
export type { AcceptanceItem, AsyncAcceptance } from '../async/acceptance.ts';
export { MAX_CHUNK_SIZE, DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY } from '../async/chunking.ts';
export { BulkFailedError, BulkRejectedError, BulkStalledError, BulkTimeoutError, type BulkCounts, type RejectedItem } from '../async/errors.ts';
export { isBulkJob, type BulkChunk, type BulkJob, type JobItem } from '../async/job.ts';
export type { BulkJournal, JournalEntry, PositionRuns } from '../async/journal.ts';
export type { BulkOptions } from '../async/submit.ts';
export type { AsyncMethod, AsyncTree, BulkMethod, BulkRouteKey, BulkRow, BulkTree, OperationResult, WriteRouteKey } from '../async/types.ts';
export type { ProgressEvent, WaitOptions } from '../async/waiter/options.ts';
export { OPERATION_STATUS, type BulkOutcome, type OperationOutcome, type OperationState, type OperationStatus, type ResultsOptions } from '../async/waiter/outcome.ts';
export type { ReadStatusOptions } from '../async/waiter/read-status.ts';
