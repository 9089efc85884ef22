/**
 * The CLI's testable core: `run(argv, io)` parses, connects, runs one command and returns the exit
 * code. It never touches `process`: main.ts wires the real streams, environment and exit code.
 */
import { refuseSecretFlags, withSecretFiles, type CliIO } from '@magekit/core/cli';
import { version } from '../../package.json';
import { redactingSink } from '@magekit/core';
import { createMarketplaceClient } from '../client.ts';
import { runtimeOf } from '../runtime.ts';
import { reviewOutcome } from '../review.ts';
import { parseCommandLine, type Command } from './args.ts';
import { SECRET_FLAGS, SECRET_VARIABLES, resolveConnection } from './config.ts';
import { EXIT, exitCodeOf, describeError, errorJson, formatError, formatRelease, formatResults, formatStatus, releaseJson, releaseOutcome, resultsOutcome, statusOutcome } from './format.ts';
import { readManifest } from './manifest.ts';
import { createProgress, type Progress } from './progress.ts';
import { release } from './release.ts';
import { testResultsOf } from './results.ts';
import { USAGE } from './usage.ts';

export type { CliIO };

const VERSION: string = version;

export async function run(argv: readonly string[], given: CliIO): Promise<number> {
  // Every line this command prints, text or --json, passes through the client's redactor once the
  // client exists: a server that echoes the app secret or a session token cannot get it printed.
  let redact = (text: string) => text;
  const io: CliIO = { ...given, stdout: redactingSink(given.stdout, (t) => redact(t)), stderr: redactingSink(given.stderr, (t) => redact(t)) };
  let command: Command | undefined;
  let json = argv.includes('--json');
  let progress: Progress | undefined;
  const now = io.now ?? Date.now;
  const started = now();
  try {
    // One credential policy for both CLIs: no credential in a flag; NAME_FILE fills NAME.
    refuseSecretFlags(argv, SECRET_FLAGS);
    const parsed = parseCommandLine(argv);
    if (parsed.action === 'help') {
      io.stdout.write(USAGE);
      return EXIT.ok;
    }
    if (parsed.action === 'version') {
      io.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    const { flags, target } = parsed;
    command = parsed.command;
    json = flags.json;
    const connection = resolveConnection(flags, await withSecretFiles(io.env, SECRET_VARIABLES, io.readStdin));
    const market = createMarketplaceClient({ ...connection, fetch: io.fetch });
    const { redactor } = runtimeOf(market);
    redact = (text) => redactor.text(text);

    if (command === 'status') {
      const outcome = reviewOutcome(await market.packages.get({ submission_id: target }, { signal: io.signal }));
      const result = statusOutcome(outcome);
      io.stdout.write(json ? `${JSON.stringify({ command, submissionId: target, status: result, exitCode: exitCodeOf(result), eqp_status: outcome.package.eqp_status, technical: outcome.technical, marketing: outcome.marketing }, null, 2)}\n` : formatStatus(outcome));
      return exitCodeOf(result);
    }
    if (command === 'results') {
      const results = await testResultsOf(market, target, io.signal);
      const result = resultsOutcome(results);
      io.stdout.write(json ? `${JSON.stringify({ command, submissionId: target, status: result, exitCode: exitCodeOf(result), results }, null, 2)}\n` : formatResults(target, results));
      return exitCodeOf(result);
    }

    const plans = await readManifest(target);
    progress = createProgress(io.stderr, { isTTY: io.isTTY, quiet: flags.quiet, now, columns: io.columns });
    progress.step(`Releasing ${plans.length} package(s) to ${connection.environment}${connection.baseUrl ? ` at ${connection.baseUrl}` : ''}`);
    const reports = await release(market, plans, { noWait: flags.noWait, maxWait: flags.maxWait, scanWait: flags.scanWait, pollInterval: flags.pollInterval, signal: io.signal, progress });
    progress.end();
    io.stdout.write(json ? `${JSON.stringify(releaseJson(reports, { environment: connection.environment, elapsedMs: now() - started }), null, 2)}\n` : formatRelease(reports, { environment: connection.environment, noWait: flags.noWait }));
    return exitCodeOf(releaseOutcome(reports));
  } catch (error) {
    progress?.end();
    const described = describeError(error);
    io.stderr.write(formatError(described));
    if (json) io.stdout.write(`${JSON.stringify(errorJson(described, command), null, 2)}\n`);
    return exitCodeOf(described.outcome);
  }
}
