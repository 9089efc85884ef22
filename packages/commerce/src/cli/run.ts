/**
 * The CLI's testable core: `run(argv, io)` parses, connects, runs one command and returns the exit
 * code. It never touches `process`: main.ts wires the real streams, environment and exit code.
 */
import { answerHelpOrVersion, refuseSecretFlags, withSecretFiles, type CliIO } from '@magekit/core/cli';
import { createRedactor, redactingSink } from '@magekit/core';
import { version } from '../../package.json';
import { createCommerceClient } from '../client.ts';
import { runtimeOf } from '../calls/runtime.ts';
import { DEFAULT_LISTED_FAILURES, parseCommandLine, type Command } from './args.ts';
import { bulkResume, formatUnsettled } from './commands/resume.ts';
import { bulkStatus } from './commands/status.ts';
import { bulkWait } from './commands/wait.ts';
import { runTypes } from './commands/types-pull.ts';
import { runReadCommand } from './commands/read-command.ts';
import { OUTPUT_SECRET_VARIABLES, SECRET_FLAGS, SECRET_VARIABLES, resolveConfig, type ConnectionFlags } from './config.ts';
import { describeError, errorJson, exitCodeOf, formatError, formatReport, reportJson, statusOf } from './format.ts';
import { createProgressReporter, type ProgressReporter } from './progress-bar.ts';
import { USAGE } from './usage.ts';

export type { CliIO };

const VERSION: string = version;

export async function run(argv: readonly string[], given: CliIO): Promise<number> {
  // Every line this command prints, text or --json, passes through the secrets it was given
  // (environment, NAME_FILE, standard input) and, once the client exists, the client's redactor (the
  // tokens it obtained): a server that echoes a credential (a consumer key in a bulk's result
  // message, a token in an error page) cannot get it printed.
  const fromConfig = createRedactor();
  let redact = (text: string) => fromConfig.text(text);
  const io: CliIO = { ...given, stdout: redactingSink(given.stdout, (t) => redact(t)), stderr: redactingSink(given.stderr, (t) => redact(t)) };
  let command: Command | undefined;
  let bulkUuid: string | undefined;
  let baseUrl: string | undefined;
  let json = argv.includes('--json');
  let progress: ProgressReporter | undefined;
  let listLimit = DEFAULT_LISTED_FAILURES;
  try {
    // One credential policy for every command: no secret in a flag; NAME_FILE fills NAME.
    refuseSecretFlags(argv, SECRET_FLAGS);
    const env = await withSecretFiles(io.env, SECRET_VARIABLES, io.readStdin);
    for (const name of OUTPUT_SECRET_VARIABLES) fromConfig.add(env[name]);
    // The client for the flags given: its redactor joins the output's (tokens it obtains never print).
    const connect = (flags: ConnectionFlags) => {
      const config = resolveConfig(flags, env);
      baseUrl = config.baseUrl;
      const client = createCommerceClient({ baseUrl: config.baseUrl, storeCode: config.storeCode, auth: config.auth, fetch: io.fetch });
      // Joined, not replaced: `types diff` may connect to two installations in one run.
      const { redactor } = runtimeOf(client);
      const before = redact;
      redact = (text) => redactor.text(before(text));
      return client;
    };
    // `types pull` has its own flags and output (commands/types-pull.ts); so have `export` and `changes`.
    if (argv[0] === 'types') return await runTypes(argv.slice(1), { ...io, env }, connect);
    if (argv[0] === 'export' || argv[0] === 'changes') return await runReadCommand(argv[0], argv.slice(1), { ...io, env }, connect);
    const parsed = parseCommandLine(argv);
    if (parsed.action === 'help' || parsed.action === 'version') return answerHelpOrVersion(parsed.action, io.stdout, { usage: USAGE, version: VERSION });
    command = parsed.command;
    if (parsed.action === 'run') bulkUuid = parsed.uuid;
    const { flags } = parsed;
    json = flags.json;
    listLimit = flags.failures;
    const commerce = connect(flags);
    const now = io.now ?? Date.now;

    const waiting = (what: string) => {
      if (flags.quiet) return undefined;
      progress = createProgressReporter(io.stderr, { isTTY: io.isTTY, now, columns: io.columns });
      if (!io.isTTY) io.stderr.write(`Waiting for ${what} at ${runtimeOf(commerce).baseUrl}\n`);
      const reporter = progress;
      return (event: Parameters<ProgressReporter['update']>[0]) => reporter.update(event);
    };
    const waitFlags = { maxWait: flags.maxWait, stallAfter: flags.stallAfter, pollInterval: flags.pollInterval, signal: io.signal, now };

    if (parsed.action === 'resume') {
      const report = await bulkResume(commerce, parsed.journal, { ...waitFlags, onProgress: waiting(`the bulks recorded in ${parsed.journal}`) });
      progress?.end();
      report.title = `Import ${parsed.journal}`;
      // Chunks to check come first: until they are settled the import's outcome is not known.
      const status = report.unsettled.length ? 'unsettled' : statusOf(report.counts);
      io.stdout.write(json ? `${JSON.stringify({ ...reportJson(report), status, exitCode: exitCodeOf(status), journal: report.journal, unsettled: report.unsettled }, null, 2)}\n` : formatReport(report, flags.failures) + formatUnsettled(report.unsettled));
      return exitCodeOf(status);
    }
    let report;
    if (command === 'status') {
      report = await bulkStatus(commerce, parsed.uuid, { signal: io.signal, now });
    } else {
      report = await bulkWait(commerce, parsed.uuid, { ...waitFlags, onProgress: waiting(`bulk ${parsed.uuid}`) });
      progress?.end();
    }
    io.stdout.write(json ? `${JSON.stringify(reportJson(report), null, 2)}\n` : formatReport(report, flags.failures));
    return exitCodeOf(statusOf(report.counts));
  } catch (error) {
    progress?.end();
    const described = describeError(error, { bulkUuid, baseUrl });
    io.stderr.write(formatError(described));
    if (json) io.stdout.write(`${JSON.stringify(errorJson(described, command, bulkUuid), null, 2)}\n`);
    else if (described.failures?.length && described.counts && command) {
      // The wait gave up, but what failed so far is known: show it rather than drop it.
      io.stdout.write(formatReport({ command, bulkUuid: bulkUuid ?? '', title: command === 'resume' ? 'Import so far' : undefined, counts: described.counts, failures: described.failures, elapsedMs: 0 }, listLimit));
    }
    return exitCodeOf(described.status);
  }
}
