/** `bulk status <uuid>`: one detailed-status read, summarised. */
import { ResponseError } from '@magekit/core';
import type { CommerceClient } from '../../commerce-client.ts';
import { buildOutcome, type RawOperation } from '../../async/waiter/outcome.ts';
import { planFor } from '../../async/waiter/targets.ts';
import { failureEntries, type BulkReport } from '../format.ts';

interface DetailedStatus {
  operations_list?: unknown;
  operation_count?: unknown;
}

export async function bulkStatus(commerce: CommerceClient, bulkUuid: string, options: { signal?: AbortSignal | undefined; now?: () => number } = {}): Promise<BulkReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const body = (await commerce.bulk.getDetailedStatus({ bulkUuid }, { signal: options.signal })) as unknown as DetailedStatus | null;
  if (!body || !Array.isArray(body.operations_list)) {
    throw new ResponseError('GET /V1/bulk/{bulkUuid}/detailed-status answered with an unexpected shape.', JSON.stringify(body) ?? String(body), { service: 'commerce', method: 'GET' });
  }
  const operations = body.operations_list as RawOperation[];
  const plan = planFor(bulkUuid);
  const tracked = plan.bulks[0]!;
  const declared = typeof body.operation_count === 'number' ? body.operation_count : operations.length;
  tracked.operations = declared;
  const outcome = buildOutcome(plan, [{ bulk: tracked, operations }]);
  // Installations that store an operation only once it has been worked list fewer operations than
  // the bulk declares: the missing ones are still open.
  const unlisted = Math.max(0, declared - operations.length);
  const counts = { ...outcome.counts, open: outcome.counts.open + unlisted, total: outcome.counts.total + unlisted };
  return { command: 'status', bulkUuid, counts, failures: failureEntries(outcome.operations), elapsedMs: now() - started };
}
