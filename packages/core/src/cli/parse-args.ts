/** node:util parseArgs with the CLIs' error wording: a `CliError` naming the flag, never echoing a value. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './errors.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandArgs<const O extends Options>(argv: readonly string[], options: O, hint: string) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the flag; drop its "To specify a positional argument…" advice, which can quote a value.
    const message = error instanceof Error ? error.message.split('\n')[0]!.split('. To specify')[0]!.replace(/\.?$/, '.') : String(error);
    throw new CliError(message, hint);
  }
}
