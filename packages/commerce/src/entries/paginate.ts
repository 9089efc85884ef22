// `@magekit/commerce/paginate`: every item of a search route, exactly once, partitioned exports and change feeds, for a full or a lean client.
export { paginate, type Paginator, type Page, type PaginateOptions, type PaginateParams, type ListRouteKey } from '../reads/paginate.ts';
export { exportRecords, planExport, sliceCheckpoint, type Deliver, type ExportCheckpoint, type ExportOptions, type ExportProgress, type ExportResult, type ExportSlice } from '../reads/export.ts';
export { readChanges, DEFAULT_LOOKBACK_SECONDS, type ChangeFeedOptions, type ChangeFeedParams, type ChangeFeedResult, type ChangePage } from '../reads/changes.ts';
export { missingKeys, type MissingKeysOptions } from '../reads/reconcile.ts';
export { CheckpointError } from '../reads/checkpoint.ts';
export type { WalkKey, WalkKeyOption } from '../reads/keyset.ts';
export type { RuntimeHolder } from '../calls/runtime.ts';
