/**
 * The flags `export` and `changes` share: the route, the connection (as `bulk` takes it), `--fields`
 * and `--page-size`; and each command's own, parsed in one place with the same wording.
 */
import { parseCommandArgs } from '@magekit/core/cli';
import type { ConnectionFlags } from '../config.ts';
import { CliError } from '../errors.ts';

const SHARED = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  store: { type: 'string' },
  username: { type: 'string' },
  otp: { type: 'string' },
  fields: { type: 'string' },
  'page-size': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

export const EXPORT_OPTIONS = { ...SHARED, format: { type: 'string' }, concurrency: { type: 'string' } } as const;
export const CHANGES_OPTIONS = { ...SHARED, 'checkpoint-file': { type: 'string' }, since: { type: 'string' }, lookback: { type: 'string' } } as const;

export interface ReadArgs {
  /** `GET /V1/orders`: the route as the client names it. */
  route: string;
  connection: ConnectionFlags;
  fields: string | undefined;
  pageSize: number | undefined;
  quiet: boolean;
}

type Values = Record<string, string | boolean | undefined>;

/** The route and shared flags out of a parse; `usage` names the command for messages. */
export function readArgs(command: 'export' | 'changes', parsed: { values: Values; positionals: string[] }, hint: string): ReadArgs {
  const [route, ...extra] = parsed.positionals;
  if (route === undefined) throw new CliError(`${command} needs a search route, e.g. \`magekit-commerce ${command} /V1/orders\`.`, hint);
  if (extra.length) throw new CliError(`Unexpected argument "${extra[0]}".`, hint);
  const text = (name: string) => parsed.values[name] as string | undefined;
  return {
    route: routeKey(route),
    connection: { baseUrl: text('base-url'), store: text('store'), username: text('username'), otp: text('otp') },
    fields: text('fields'),
    pageSize: wholeNumber(text('page-size'), '--page-size', 1),
    quiet: parsed.values['quiet'] === true,
  };
}

export function parseReadCommand<const O extends typeof EXPORT_OPTIONS | typeof CHANGES_OPTIONS>(argv: readonly string[], options: O, hint: string) {
  return parseCommandArgs(argv, options, hint) as unknown as { values: Values; positionals: string[] };
}

/** `/V1/orders` or `GET /V1/orders`: search routes are GETs, so the method may be left out. */
function routeKey(text: string): string {
  const trimmed = text.trim();
  const key = /^[A-Z]+\s/.test(trimmed) ? trimmed.replace(/\s+/, ' ') : `GET ${trimmed}`;
  if (!/^GET \/V\d+\//.test(key)) throw new CliError(`"${text}" is not a search route: give its path, e.g. /V1/orders or "GET /V1/products".`);
  return key;
}

/** A whole number ≥ min, or undefined when the flag is absent. */
export function wholeNumber(text: string | undefined, flag: string, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < min) throw new CliError(`${flag} must be a whole number${min > 0 ? ` of at least ${min}` : ''}; got "${text}".`);
  return Number(text);
}
