/**
 * The CLI's testable core: `run(argv, io)` parses, connects, runs one command and returns the exit
 * code. It never touches `process`: main.ts wires the real streams, environment and exit code.
 */
import { version } from '../../package.json';
import { createCommerceClient } from '../commerce-client.ts';
import { parseCommandLine, type Command } from './args.ts';
import { bulkStatus } from './commands/status.ts';
import { bulkWait } from './commands/wait.ts';
import { runTypes } from './commands/types-pull.ts';
import { resolveConfig, type Env } from './config.ts';
import { EXIT, describeError, errorJson, exitCodeOf, formatError, formatReport, reportJson, statusOf } from './format.ts';
import { createProgressReporter, type ProgressReporter, type TextSink } from './progress-bar.ts';
import { USAGE } from './usage.ts';

export interface CliIO {
  env: Env;
  /** The outcome (text or --json). */
  stdout: TextSink;
  /** Progress, errors and hints. */
  stderr: TextSink;
  /** stderr is a terminal: redraw one progress bar instead of writing a line per change. */
  isTTY: boolean;
  /** Aborts a running command (main.ts fires it on Ctrl-C). */
  signal?: AbortSignal | undefined;
  /** A fetch implementation for the client (default: the global one). */
  fetch?: typeof fetch | undefined;
  now?: () => number;
}

export const VERSION: string = version;

export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  let command: Command | undefined;
  let bulkUuid: string | undefined;
  let baseUrl: string | undefined;
  let json = argv.includes('--json');
  let progress: ProgressReporter | undefined;
  // `types pull` has its own flags and output (commands/types-pull.ts).
  if (argv[0] === 'types') return runTypes(argv.slice(1), io);
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.action === 'help') {
      io.stdout.write(USAGE);
      return EXIT.ok;
    }
    if (parsed.action === 'version') {
      io.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    ({ command, uuid: bulkUuid } = parsed);
    const { flags } = parsed;
    json = flags.json;
    const config = resolveConfig(flags, io.env);
    baseUrl = config.baseUrl;
    const commerce = createCommerceClient({ baseUrl: config.baseUrl, storeCode: config.storeCode, auth: config.auth, fetch: io.fetch });
    const now = io.now ?? Date.now;

    let report;
    if (command === 'status') {
      report = await bulkStatus(commerce, bulkUuid, { signal: io.signal, now });
    } else {
      if (!flags.quiet) {
        progress = createProgressReporter(io.stderr, { isTTY: io.isTTY, now });
        if (!io.isTTY) io.stderr.write(`Waiting for bulk ${bulkUuid} at ${commerce.runtime.baseUrl}\n`);
      }
      const reporter = progress;
      report = await bulkWait(commerce, bulkUuid, {
        maxWait: flags.maxWait,
        stallAfter: flags.stallAfter,
        pollInterval: flags.pollInterval,
        signal: io.signal,
        onProgress: reporter ? (event) => reporter.update(event) : undefined,
        now,
      });
      progress?.end();
    }
    io.stdout.write(json ? `${JSON.stringify(reportJson(report), null, 2)}\n` : formatReport(report, flags.failures));
    return exitCodeOf(statusOf(report.counts));
  } catch (error) {
    progress?.end();
    const described = describeError(error, { bulkUuid, baseUrl });
    io.stderr.write(formatError(described));
    if (json) io.stdout.write(`${JSON.stringify(errorJson(described, command, bulkUuid), null, 2)}\n`);
    return exitCodeOf(described.status);
  }
}
