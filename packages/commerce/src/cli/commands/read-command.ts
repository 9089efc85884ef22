/**
 * `export` and `changes`: the commands that read records out of a search route onto stdout. Their
 * errors print like the other commands' (one line and a hint, redacted, no stack).
 */
import type { Connect } from '../config.ts';
import { describeError, exitCodeOf, formatError } from '../format.ts';
import type { CliIO } from '../run.ts';
import { runChanges } from './changes.ts';
import { runExport } from './export.ts';

const INTERRUPTED = {
  changes: 'Interrupted; the checkpoint file holds the last page written, and the next run goes on from there.',
  export: 'Interrupted; the export is incomplete.',
} as const;

export async function runReadCommand(command: 'export' | 'changes', argv: readonly string[], io: CliIO, connect: Connect): Promise<number> {
  try {
    return await (command === 'export' ? runExport : runChanges)(argv, io, connect);
  } catch (error) {
    const described = describeError(error, { bulkUuid: undefined, baseUrl: undefined });
    io.stderr.write(formatError(described.status === 'interrupted' ? { ...described, message: INTERRUPTED[command] } : described));
    return exitCodeOf(described.status);
  }
}
