/**
 * Resuming an import from its journal: wait on every bulk the journal recorded, with each operation
 * tied back to its input position, and list the chunks the journal cannot vouch for: those never
 * sent, and those whose submission outcome is unknown (the process stopped between sending and
 * recording the answer, or the request failed without an answer). Those are reported, never sent
 * again by themselves: sending an unknown chunk again could queue every element twice.
 */
import { InputError } from '@magekit/core';
import type { RejectedItem } from '../async/errors.ts';
import type { BulkChunk, BulkJob, JobItem } from '../async/job.ts';
import { fromRuns, toRuns, type JournalEntry, type PositionRuns } from '../async/journal.ts';
import type { WaitOptions } from '../async/waiter/options.ts';
import type { BulkOutcome } from '../async/waiter/outcome.ts';
import { readBulkJournal } from './journal-file.ts';

export interface UnsettledChunk {
  chunk: number;
  positions: PositionRuns;
  /** `unknown`: may or may not be queued, check before sending again; `not-sent`: safe to send. */
  state: 'unknown' | 'not-sent';
  reason: string;
}

export interface ResumedImport<Row = unknown> {
  route: string;
  /** Elements the import was given. */
  total: number;
  /** The job the journal describes: every chunk known to be queued (and the elements refused). */
  job: BulkJob<string, Row>;
  outcome: BulkOutcome<string, unknown>;
  /** Chunks not known to be queued, in chunk order. */
  unsettled: UnsettledChunk[];
}

export interface ResumeOptions<Row = unknown> extends WaitOptions {
  /** The import's input, when you still have it: outcomes then carry each element as given. */
  inputs?: readonly Row[] | undefined;
}

/** What `resumeBulkImport` needs from a client. */
export interface WaitingClient {
  waitForBulk(target: BulkJob, options?: WaitOptions): Promise<BulkOutcome<string, unknown>>;
}

interface ChunkState {
  positions?: PositionRuns;
  submitted?: Extract<JournalEntry, { type: 'submitted' }>;
  failed?: Extract<JournalEntry, { type: 'failed' }>;
}

/** Replays a journal into the job it describes and the chunks it cannot vouch for. */
export function replayJournal<Row>(entries: readonly JournalEntry[], inputs?: readonly Row[]): { route: string; total: number; job: BulkJob<string, Row>; unsettled: UnsettledChunk[] } {
  const start = entries[0];
  if (!start || start.type !== 'start') throw new InputError('The journal has no start entry: it is empty, or not a bulk import journal.', { service: 'commerce' });
  const chunks = new Map<number, ChunkState>();
  const state = (index: number) => chunks.get(index) ?? (chunks.set(index, {}), chunks.get(index)!);
  for (const entry of entries.slice(1)) {
    if (entry.type === 'start') throw new InputError('The journal records two imports (two start entries); one journal file holds one import.', { service: 'commerce' });
    if (entry.type === 'submitting') state(entry.chunk).positions = entry.positions;
    else if (entry.type === 'submitted') state(entry.chunk).submitted = entry;
    else state(entry.chunk).failed = entry;
  }

  const items: JobItem[] = [];
  const rejected: RejectedItem[] = [];
  const jobChunks: BulkChunk[] = [];
  const unsettled: UnsettledChunk[] = [];
  const covered = new Set<number>();
  for (const [index, chunk] of [...chunks].sort(([a], [b]) => a - b)) {
    if (!chunk.positions) continue; // an answer without its `submitting` line: cannot be placed
    const positions = fromRuns(chunk.positions);
    positions.forEach((p) => covered.add(p));
    if (chunk.submitted) {
      const refusedById = new Map(chunk.submitted.rejected.map((r) => [r.requestId, r]));
      positions.forEach((position, requestId) => {
        const refusal = refusedById.get(requestId);
        items.push({ position, bulkUuid: chunk.submitted!.bulkUuid, requestId, status: refusal ? 'rejected' : 'accepted', dataHash: null, errorMessage: refusal?.message ?? null, errorCode: refusal?.errorCode ?? null });
        if (refusal) rejected.push({ position, message: refusal.message, errorCode: refusal.errorCode, stage: 'acceptance' });
      });
      jobChunks.push({ index, offset: positions[0] ?? 0, size: positions.length, bulkUuid: chunk.submitted.bulkUuid, accepted: positions.length - refusedById.size });
    } else if (chunk.failed?.refused) {
      // The platform answered 4xx: nothing of this chunk was queued.
      for (const position of positions) {
        items.push({ position, bulkUuid: null, requestId: position, status: 'rejected', dataHash: null, errorMessage: chunk.failed.message, errorCode: null });
        rejected.push({ position, message: chunk.failed.message, errorCode: null, stage: 'acceptance' });
      }
      jobChunks.push({ index, offset: positions[0] ?? 0, size: positions.length, bulkUuid: null, accepted: 0 });
    } else {
      unsettled.push({
        chunk: index,
        positions: chunk.positions,
        state: 'unknown',
        reason: chunk.failed
          ? `its request failed without an answer (${chunk.failed.message}); the platform may have queued it`
          : 'the process stopped after recording it as being sent and before recording the answer; the platform may have queued it',
      });
    }
  }
  const all = start.positions ? fromRuns(start.positions) : Array.from({ length: start.total }, (_, p) => p);
  const neverSent = all.filter((p) => !covered.has(p));
  if (neverSent.length) unsettled.push({ chunk: -1, positions: toRuns(neverSent), state: 'not-sent', reason: 'never sent (no record of it being submitted)' });

  items.sort((a, b) => a.position - b.position);
  const job: BulkJob<string, Row> = {
    kind: 'bulk-job',
    route: start.route,
    total: items.length,
    accepted: items.filter((i) => i.status === 'accepted').length,
    rejected: rejected.sort((a, b) => a.position - b.position),
    chunks: jobChunks,
    items,
    bulkUuids: jobChunks.filter((c) => c.bulkUuid !== null && c.accepted > 0).map((c) => c.bulkUuid!),
    // Aligned with `items`; empty without inputs (outcomes then read each element from the platform).
    inputs: inputs ? items.map((item) => inputs[item.position]!) : [],
  };
  return { route: start.route, total: start.total, job, unsettled };
}

/**
 * Reads the journal at `path`, waits on every bulk it recorded (the same waitForBulk, same
 * options), and reports the outcome beside the chunks it cannot vouch for.
 */
export async function resumeBulkImport<Row = unknown>(commerce: WaitingClient, path: string, options: ResumeOptions<Row> = {}): Promise<ResumedImport<Row>> {
  const { inputs, ...waitOptions } = options;
  const { route, total, job, unsettled } = replayJournal(await readBulkJournal(path), inputs);
  const outcome = await commerce.waitForBulk(job as BulkJob, waitOptions);
  return { route, total, job, outcome, unsettled };
}
