/**
 * Command-line parsing with node:util parseArgs: `release <manifest>`, `status <submission_id>`,
 * `results <submission_id>`. There are deliberately no flags for the app ID and secret: core's CLI
 * credential policy refuses them (run.ts), since flags end up in shell history, CI logs and the process list.
 */
import { parseCommandArgs, parseDuration as duration } from '@magekit/core/cli';
import { CliError, HELP_HINT } from './errors.ts';

export type Command = 'release' | 'status' | 'results';

export interface Flags {
  environment: string | undefined;
  baseUrl: string | undefined;
  /** Stop once the service accepted the submission instead of waiting for the reviews. */
  noWait: boolean;
  maxWait: number | undefined;
  scanWait: number | undefined;
  pollInterval: number | undefined;
  json: boolean;
  quiet: boolean;
}

export type Parsed = { action: 'help' } | { action: 'version' } | { action: 'run'; command: Command; target: string; flags: Flags };

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  environment: { type: 'string', short: 'e' },
  'base-url': { type: 'string' },
  'no-wait': { type: 'boolean' },
  'max-wait': { type: 'string' },
  'scan-wait': { type: 'string' },
  'poll-interval': { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

export function parseCommandLine(argv: readonly string[]): Parsed {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP_HINT);
  const { values, positionals } = parsed;
  if (values.help) return { action: 'help' };
  if (values.version) return { action: 'version' };
  const [command, target, ...extra] = positionals;
  if (command === undefined) throw new CliError('No command given: use release, status or results.', HELP_HINT);
  if (command !== 'release' && command !== 'status' && command !== 'results') throw new CliError(`Unknown command "${command}": use release, status or results.`, HELP_HINT);
  if (target === undefined || !target.trim()) {
    throw new CliError(command === 'release' ? 'release needs the path of a release manifest (JSON).' : `${command} needs a submission_id (release prints it).`, HELP_HINT);
  }
  if (extra.length) throw new CliError(`Unexpected argument "${extra[0]}".`, HELP_HINT);
  const waitFlags = (['no-wait', 'max-wait', 'scan-wait', 'poll-interval'] as const).filter((f) => values[f] !== undefined);
  if (command !== 'release' && waitFlags.length) throw new CliError(`--${waitFlags[0]} belongs to release; ${command} reads once.`, HELP_HINT);
  if (values['no-wait'] && values['max-wait'] !== undefined) throw new CliError('--no-wait stops after submission, so --max-wait (the review wait) has no effect: give one of them.', HELP_HINT);
  return {
    action: 'run',
    command,
    target: target.trim(),
    flags: {
      environment: values.environment,
      baseUrl: values['base-url'],
      noWait: values['no-wait'] ?? false,
      maxWait: duration(values['max-wait'], '--max-wait'),
      scanWait: duration(values['scan-wait'], '--scan-wait'),
      pollInterval: duration(values['poll-interval'], '--poll-interval'),
      json: values.json ?? false,
      quiet: values.quiet ?? false,
    },
  };
}
