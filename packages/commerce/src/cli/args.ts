/** Command-line parsing: `bulk status|wait <uuid>`, `bulk resume <journal>` and the flags, with node:util parseArgs. */
import { parseCommandArgs, parseDuration as duration } from '@magekit/core/cli';
import { CliError, HELP_HINT } from './errors.ts';

export type Command = 'status' | 'wait' | 'resume';

export interface Flags {
  baseUrl: string | undefined;
  store: string | undefined;
  username: string | undefined;
  otp: string | undefined;
  maxWait: number | undefined;
  stallAfter: number | undefined;
  pollInterval: number | undefined;
  failures: number;
  json: boolean;
  quiet: boolean;
}

export type Parsed =
  | { action: 'help' }
  | { action: 'version' }
  | { action: 'run'; command: 'status' | 'wait'; uuid: string; flags: Flags }
  | { action: 'resume'; command: 'resume'; journal: string; flags: Flags };

export const DEFAULT_LISTED_FAILURES = 10;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  'base-url': { type: 'string' },
  store: { type: 'string' },
  username: { type: 'string' },
  otp: { type: 'string' },
  'max-wait': { type: 'string' },
  'stall-after': { type: 'string' },
  'poll-interval': { type: 'string' },
  failures: { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseCommandLine(argv: readonly string[]): Parsed {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP_HINT);
  const { values, positionals } = parsed;
  if (values.help) return { action: 'help' };
  if (values.version) return { action: 'version' };
  if (positionals.length === 0) throw new CliError('No command given.', HELP_HINT);

  const [group, command, uuid, ...extra] = positionals;
  if (group !== 'bulk') throw new CliError(`Unknown command "${group}": the commands are \`bulk status <uuid>\`, \`bulk wait <uuid>\` and \`bulk resume <journal>\`.`, HELP_HINT);
  if (command !== 'status' && command !== 'wait' && command !== 'resume') {
    throw new CliError(command === undefined ? 'bulk needs a command: status, wait or resume.' : `Unknown bulk command "${command}": use status, wait or resume.`, HELP_HINT);
  }
  if (command === 'resume') {
    if (uuid === undefined) throw new CliError('bulk resume needs the journal file an import wrote (the path given to openBulkJournal).', HELP_HINT);
  } else {
    if (uuid === undefined) throw new CliError(`bulk ${command} needs the bulk's UUID (the bulk_uuid an async or bulk request returned).`, HELP_HINT);
    if (!UUID.test(uuid.trim())) throw new CliError(`"${uuid}" is not a bulk UUID: expected the bulk_uuid an async or bulk request returned, like 0f8fad5b-d9cb-469f-a165-70867728950e.`);
  }
  if (extra.length) throw new CliError(`Unexpected argument "${extra[0]}".`, HELP_HINT);
  const flags: Flags = {
    baseUrl: values['base-url'],
    store: values.store,
    username: values.username,
    otp: values.otp,
    maxWait: duration(values['max-wait'], '--max-wait'),
    stallAfter: duration(values['stall-after'], '--stall-after'),
    pollInterval: duration(values['poll-interval'], '--poll-interval'),
    failures: count(values.failures, '--failures') ?? DEFAULT_LISTED_FAILURES,
    json: values.json ?? false,
    quiet: values.quiet ?? false,
  };
  if (command === 'resume') return { action: 'resume', command, journal: uuid, flags };
  return { action: 'run', command, uuid: uuid.trim().toLowerCase(), flags };
}

function count(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(text)) throw new CliError(`${flag} must be a whole number (0 lists none); got "${text}".`);
  return Number(text);
}
