/** A bulk call's result: one job over however many chunks (bulk UUIDs) the input needed. */
import type { RejectedItem } from './errors.ts';

export interface BulkChunk {
  index: number;
  /** Position in the job's input of this chunk's first element. */
  offset: number;
  size: number;
  /** Null when the chunk's request failed as a whole. */
  bulkUuid: string | null;
  /** How many of its elements the platform accepted (each is now an open operation). */
  accepted: number;
}

export interface JobItem {
  /** Index in the caller's input array (for a resubmission: in the original input). */
  position: number;
  bulkUuid: string | null;
  /** The element's index inside its chunk's request, which the platform echoes as request item id. */
  requestId: number;
  status: 'accepted' | 'rejected';
  dataHash: string | null;
  errorMessage: string | null;
  errorCode: number | null;
}

export interface BulkJob<K extends string = string, Row = unknown> {
  readonly kind: 'bulk-job';
  readonly route: K;
  /** Elements submitted. */
  readonly total: number;
  readonly accepted: number;
  readonly rejected: readonly RejectedItem[];
  readonly chunks: readonly BulkChunk[];
  /** One per input element, in input order. */
  readonly items: readonly JobItem[];
  /** The accepted chunks' bulk UUIDs, in input order. */
  readonly bulkUuids: readonly string[];
  /** The elements as given (kept so retryable operations can be resubmitted exactly). */
  readonly inputs: readonly Row[];
}

export function isBulkJob(value: unknown): value is BulkJob {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'bulk-job';
}
