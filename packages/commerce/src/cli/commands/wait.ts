/** `bulk wait <uuid>`: the SDK's waitForBulk with progress reporting, summarised. */
import type { CommerceClient } from '../../client.ts';
import type { ProgressEvent } from '../../async/waiter/options.ts';
import { failureEntries, type BulkReport } from '../format.ts';

export interface BulkWaitOptions {
  maxWait?: number | undefined;
  stallAfter?: number | undefined;
  /** Shortest pause between polls (the waiter's minDelay). */
  pollInterval?: number | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  now?: () => number;
}

/** The waiter's options from the CLI's (`bulk wait`, `bulk resume`). */
export function waiterOptions(options: BulkWaitOptions) {
  return { maxWait: options.maxWait, stallAfter: options.stallAfter, minDelay: options.pollInterval, signal: options.signal, onProgress: options.onProgress };
}

export async function bulkWait(commerce: CommerceClient, bulkUuid: string, options: BulkWaitOptions = {}): Promise<BulkReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const outcome = await commerce.waitForBulk(bulkUuid, waiterOptions(options));
  return { command: 'wait', bulkUuid, counts: { ...outcome.counts }, failures: failureEntries(outcome.operations), elapsedMs: now() - started };
}
