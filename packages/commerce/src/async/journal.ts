/**
 * The import journal's record format and the hook a bulk call writes it through. Storage lives
 * elsewhere (a file in the Node entry, `openBulkJournal`), so this module, like the rest of the
 * client, uses nothing beyond the web platform.
 *
 * For each chunk the call records `submitting` (its input positions) before the request goes out,
 * and `submitted` (its bulk UUID, the elements the platform rejected) or `failed` after. A process
 * killed at any point leaves a journal from which `resume` can tell the chunks that were queued
 * (wait on them), the chunks that were never sent, and the chunks whose fate is unknown (sent, or
 * about to be, with no answer recorded), which must be checked rather than blindly sent again.
 */

/** Runs of input positions, `[from, to]` inclusive: a chunk is usually one run. */
export type PositionRuns = [from: number, to: number][];

export type JournalEntry =
  /** `positions`: the elements' input positions when they are not 0..total-1 (a resubmission). */
  | { type: 'start'; version: 1; route: string; total: number; positions?: PositionRuns | undefined; storeCode?: string | undefined; at: string }
  | { type: 'submitting'; chunk: number; positions: PositionRuns; at: string }
  | { type: 'submitted'; chunk: number; bulkUuid: string; rejected: { requestId: number; message: string; errorCode: number | null }[]; at: string }
  | { type: 'failed'; chunk: number; refused: boolean; message: string; at: string };

/** Where a bulk call records its progress; `record` resolves once the entry is durable. */
export interface BulkJournal {
  record(entry: JournalEntry): Promise<void>;
}

export function toRuns(positions: readonly number[]): PositionRuns {
  const runs: PositionRuns = [];
  for (const position of positions) {
    const last = runs.at(-1);
    if (last && position === last[1] + 1) last[1] = position;
    else runs.push([position, position]);
  }
  return runs;
}

export function fromRuns(runs: PositionRuns): number[] {
  const out: number[] = [];
  for (const [from, to] of runs) for (let p = from; p <= to; p++) out.push(p);
  return out;
}
