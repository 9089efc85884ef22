/** `bulk status <uuid>`: one look at the bulk through the SDK's readBulkStatus, summarised. */
import type { CommerceClient } from '../../client.ts';
import { failureEntries, type BulkReport } from '../format.ts';

export async function bulkStatus(commerce: CommerceClient, bulkUuid: string, options: { signal?: AbortSignal | undefined; now?: () => number } = {}): Promise<BulkReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const outcome = await commerce.readBulkStatus(bulkUuid, { signal: options.signal });
  return { command: 'status', bulkUuid, counts: { ...outcome.counts }, failures: failureEntries(outcome.operations), elapsedMs: now() - started };
}
