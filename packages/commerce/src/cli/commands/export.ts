/**
 * `magekit-commerce export <route>`: every record of a search route on stdout, NDJSON or CSV, read by
 * the partitioned export (reads/export.ts: key-range slices walked in parallel, each in windows of
 * about a page), with a progress line on stderr.
 */
import { createStatusLine } from '@magekit/core/cli';
import type { ListRouteKey } from '../../generated/operations.ts';
import { exportRecords, type ExportProgress } from '../../reads/export.ts';
import type { Connect } from '../config.ts';
import { recordWriter } from '../records.ts';
import type { CliIO } from '../run.ts';
import { EXPORT_OPTIONS, parseReadCommand, readArgs, wholeNumber } from './read-args.ts';

const EXPORT_USAGE = `Usage: magekit-commerce export <route> [options]

Writes every record of a search route on stdout, each exactly once even while
the store is written to: the key range is cut into slices read in parallel,
each in windows of about a page, so no request counts or skips the whole table.

  <route>               A search route: /V1/products, /V1/orders,
                        /V1/customers/search, ...
  --format <f>          ndjson (default: one JSON object a line) or csv
  --fields <selector>   Item fields, e.g. sku,name,price or
                        entity_id,status,items[sku]; CSV needs them (its
                        columns; nested values are written as JSON)
  --concurrency <n>     Slices read at once (default 4): at most the
                        installation's PHP workers you may take
  --page-size <n>       Records per request (default 300)
  -q, --quiet           No progress line on stderr

Connection and credentials as for \`bulk\` (see magekit-commerce --help).
`;

const HINT = 'Run `magekit-commerce export --help` for usage.';

export async function runExport(argv: readonly string[], io: CliIO, connect: Connect): Promise<number> {
  const parsed = parseReadCommand(argv, EXPORT_OPTIONS, HINT);
  if (parsed.values['help']) {
    io.stdout.write(EXPORT_USAGE);
    return 0;
  }
  const args = readArgs('export', parsed, HINT);
  const writer = recordWriter(parsed.values['format'] as string | undefined, args.fields);
  const concurrency = wholeNumber(parsed.values['concurrency'] as string | undefined, '--concurrency', 1);
  const commerce = connect(args.connection);
  const progress = args.quiet ? undefined : progressLine(io);
  // The CSV header goes out with the first records (or at the end of an empty export), never before an input error.
  let head = writer.head;
  const write = (text: string) => {
    io.stdout.write(head + text);
    head = '';
  };
  const result = await exportRecords(commerce, args.route as ListRouteKey, args.fields === undefined ? undefined : ({ fields: args.fields } as never), (items) => write(writer.lines(items)), {
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(args.pageSize === undefined ? {} : { pageSize: args.pageSize }),
    signal: io.signal,
    onProgress: progress?.update,
  });
  if (head) write('');
  await io.flushStdout?.();
  progress?.end(`Exported ${result.rows.toLocaleString('en-US')} record(s) in ${result.requests.toLocaleString('en-US')} request(s).`);
  return 0;
}

/** On a terminal one line redrawn in place; elsewhere a line at most every 2 s, then the summary. */
function progressLine(io: CliIO): { update: (p: ExportProgress) => void; end: (summary: string) => void } {
  const line = createStatusLine(io.stderr, { columns: io.columns });
  const now = io.now ?? Date.now;
  let printed = -Infinity;
  const text = (p: ExportProgress) => {
    const percent = p.estimatedTotal ? ` (${Math.min(100, Math.round((100 * p.rows) / p.estimatedTotal))}%)` : '';
    return `progress: ${p.rows.toLocaleString('en-US')} of ~${p.estimatedTotal.toLocaleString('en-US')} records${percent}, ${p.slicesDone}/${p.slices} slices done, ${p.requests} requests`;
  };
  return {
    update(p) {
      if (io.isTTY) return line.draw(text(p));
      if (now() - printed < 2000) return;
      printed = now();
      io.stderr.write(`${text(p)}\n`);
    },
    end(summary) {
      line.clear();
      io.stderr.write(`${summary}\n`);
    },
  };
}
