/**
 * `magekit-commerce changes <route> --checkpoint-file F`: the records changed since the checkpoint
 * in F, as NDJSON on stdout. After each page the lines are flushed first and the checkpoint saved
 * second (written beside F, then renamed over it), so a crash or a closed pipe re-delivers the page
 * it was writing on the next run and never skips it.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { readChanges } from '../../reads/changes.ts';
import type { ListRouteKey } from '../../generated/operations.ts';
import type { Connect } from '../config.ts';
import { CliError } from '../errors.ts';
import { recordWriter } from '../records.ts';
import type { CliIO } from '../run.ts';
import { CHANGES_OPTIONS, parseReadCommand, readArgs, wholeNumber } from './read-args.ts';

const CHANGES_USAGE = `Usage: magekit-commerce changes <route> --checkpoint-file <file> [options]

Writes the records of a search route changed since the checkpoint in <file>
as NDJSON (one JSON object a line) on stdout, then saves the new checkpoint.
Run it again with the same file for what changed since. A record can come
twice (delivery is at least once: after a crash, the page being written comes
again); the same version never comes twice from one checkpoint.

  <route>                   A search route with updated_at: /V1/orders,
                            /V1/customers/search, /V1/products (products: mass
                            attribute and stock updates do not move updated_at;
                            export them in full now and then)
  --checkpoint-file <file>  Where the checkpoint is kept (created when missing)
  --since <date>            With no checkpoint file yet: start at records
                            changed from this date (YYYY-MM-DD HH:MM:SS UTC,
                            YYYY-MM-DD, or ISO 8601 with a zone); default: all
  --lookback <seconds>      Re-read this far back for rows committed late
                            (default 30)
  --fields <selector>       Item fields, e.g. entity_id,status,items[sku]
  --page-size <n>           Records per request (default 100)
  -q, --quiet               No summary on stderr

Connection and credentials as for \`bulk\` (see magekit-commerce --help).
`;

const HINT = 'Run `magekit-commerce changes --help` for usage.';

export async function runChanges(argv: readonly string[], io: CliIO, connect: Connect): Promise<number> {
  const parsed = parseReadCommand(argv, CHANGES_OPTIONS, HINT);
  if (parsed.values['help']) {
    io.stdout.write(CHANGES_USAGE);
    return 0;
  }
  const args = readArgs('changes', parsed, HINT);
  const file = parsed.values['checkpoint-file'] as string | undefined;
  if (!file) throw new CliError('changes needs --checkpoint-file <file>: where the feed keeps its place between runs (created when missing).', HINT);
  const lookback = wholeNumber(parsed.values['lookback'] as string | undefined, '--lookback', 0);
  const since = parsed.values['since'] as string | undefined;
  const stored = await readCheckpointFile(file);
  if (stored !== undefined && since !== undefined) {
    throw new CliError(`${file} already holds a checkpoint, and the feed goes on from it: --since applies only to a first run.`, `Leave out --since, or remove ${file} to start again from that date.`);
  }
  const commerce = connect(args.connection);
  const flush = io.flushStdout ?? (async () => {});
  const ndjson = recordWriter('ndjson', undefined);
  const result = await readChanges(commerce, args.route as ListRouteKey, args.fields === undefined ? undefined : ({ fields: args.fields } as never), {
    checkpoint: stored ?? since ?? '',
    ...(lookback === undefined ? {} : { lookback }),
    ...(args.pageSize === undefined ? {} : { pageSize: args.pageSize }),
    signal: io.signal,
    deliver: async (page) => {
      io.stdout.write(ndjson.lines(page.items));
      await flush();
      await saveCheckpoint(file, page.checkpoint);
    },
  });
  await saveCheckpoint(file, result.checkpoint);
  if (!args.quiet) {
    const dropped = result.duplicatesDropped ? ` (${result.duplicatesDropped} already delivered at that version left out)` : '';
    io.stderr.write(`${result.delivered} changed record(s) written${dropped} in ${result.requests} request(s); checkpoint saved to ${file}.\n`);
    if (result.incomplete) io.stderr.write(`note: ${result.incomplete}\n`);
  }
  return 0;
}

async function readCheckpointFile(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`Cannot read the checkpoint file ${file}: ${(error as Error).message}`);
  }
  // An empty file (created by hand, or by `touch`) means a first run, like a missing one.
  return text.trim() === '' ? undefined : text.trim();
}

/** Write beside, then rename: a crash mid-write leaves the previous checkpoint whole. */
async function saveCheckpoint(file: string, checkpoint: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${checkpoint}\n`);
  await rename(temporary, file);
}
