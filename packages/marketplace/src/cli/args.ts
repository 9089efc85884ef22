/**
 * Command-line parsing with node:util parseArgs: `release <manifest>`, `status <submission_id>`,
 * `results <submission_id>`. There are deliberately no flags for the app ID and secret: credentials
 * come from the environment only (flags end up in shell history, CI logs and the process list).
 */
import { parseArgs } from 'node:util';
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

const CREDENTIAL_FLAGS = /^--?(app-?id|app-?secret|secret|password|token|key)(=|$)/i;

export function parseCommandLine(argv: readonly string[]): Parsed {
  const credential = argv.find((arg) => CREDENTIAL_FLAGS.test(arg));
  if (credential) {
    // Named without its value: the value may be the secret itself.
    throw new CliError(`${credential.split('=')[0]} is not accepted: credentials come from the environment only (MAGEKIT_EQP_APP_ID, MAGEKIT_EQP_APP_SECRET), never from flags, which end up in logs and shell history.`);
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]!.split('. To specify')[0]!.replace(/\.?$/, '.') : String(error);
    throw new CliError(message, HELP_HINT);
  }
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

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90` (seconds), `500ms`, `90s`, `15m`, `2h` → milliseconds. */
function duration(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  const ms = match ? Number(match[1]) * UNIT_MS[(match[2] ?? 's').toLowerCase()]! : NaN;
  if (!(ms > 0) || !Number.isFinite(ms)) throw new CliError(`${flag} must be a positive duration such as 90s, 15m or 2h (a bare number is seconds); got "${text}".`);
  return Math.round(ms);
}
