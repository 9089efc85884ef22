/** `bulk resume <journal>`: an import's journal replayed, every recorded bulk waited on, the unsettled chunks listed. */
import type { CommerceClient } from '../../client.ts';
import { resumeBulkImport, type ResumedImport, type UnsettledChunk } from '../../node/resume.ts';
import { CliError } from '../errors.ts';
import { failureEntries, type BulkReport } from '../format.ts';
import { waiterOptions, type BulkWaitOptions } from './wait.ts';

export interface ResumeReport extends BulkReport {
  journal: string;
  unsettled: UnsettledChunk[];
}

export async function bulkResume(commerce: CommerceClient, journal: string, options: BulkWaitOptions = {}): Promise<ResumeReport> {
  const now = options.now ?? Date.now;
  const started = now();
  let resumed: ResumedImport;
  try {
    resumed = await resumeBulkImport(commerce, journal, waiterOptions(options));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new CliError(`Cannot read the journal ${journal} (${code}).`, 'Give the path passed to openBulkJournal when the import started.');
    throw error;
  }
  const { outcome, unsettled } = resumed;
  return {
    command: 'resume',
    bulkUuid: outcome.bulkUuids.join(', '),
    journal,
    counts: { ...outcome.counts },
    failures: failureEntries(outcome.operations),
    unsettled,
    elapsedMs: now() - started,
  };
}

/** The chunks the journal cannot vouch for, as text. */
export function formatUnsettled(unsettled: readonly UnsettledChunk[]): string {
  if (unsettled.length === 0) return '';
  const runs = (chunk: UnsettledChunk) => chunk.positions.map(([from, to]) => (from === to ? `#${from}` : `#${from}-#${to}`)).join(', ');
  let out = 'Not known to be queued:\n';
  for (const chunk of unsettled) {
    const name = chunk.chunk >= 0 ? `chunk ${chunk.chunk}` : 'elements';
    out += `  ${name} (${runs(chunk)}): ${chunk.state === 'unknown' ? 'submission outcome unknown, ' : ''}${chunk.reason}\n`;
  }
  if (unsettled.some((c) => c.state === 'unknown')) {
    out += 'Check the unknown ones before sending them again (GET /V1/bulk, bulk.operations.search, by topic and start time): sending a queued chunk twice applies it twice.\n';
  }
  return out;
}
