/**
 * One credential policy for both CLIs: a secret comes from the environment (`NAME`), from a file
 * (`NAME_FILE=/path`) or from standard input (`NAME_FILE=-`), never from a flag. Flags end up in shell
 * history, CI logs and the process list (`ps`), where anyone on the machine can read them. A secret
 * given as a flag is refused, naming the flag only (its value may be the secret itself) and the
 * variable to use instead.
 */
import { readFile } from 'node:fs/promises';
import { CliError } from './errors.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/** A flag that would carry a secret, and the environment variable that takes it instead. */
export interface SecretFlag {
  /** Flag names without dashes: `password`, `consumer-secret`. Matched case-insensitively, `-`/`_` alike. */
  flags: readonly string[];
  variable: string;
}

/** How to give a secret: the sentence every refusal and missing-credential hint ends with. */
export function secretSources(variable: string): string {
  return `set ${variable}, or ${variable}_FILE to a file holding it (${variable}_FILE=- reads it from standard input)`;
}

/** Throws a `CliError` for the first argument that passes a secret as a flag (`--password x`, `--token=x`). */
export function refuseSecretFlags(argv: readonly string[], secrets: readonly SecretFlag[]): void {
  const normalize = (name: string) => name.toLowerCase().replace(/_/g, '-');
  for (const arg of argv) {
    if (arg === '--') return;
    const match = /^--?([A-Za-z][\w-]*)(=|$)/.exec(arg);
    if (!match) continue;
    const name = normalize(match[1]!);
    const secret = secrets.find((s) => s.flags.some((flag) => normalize(flag) === name));
    if (secret) {
      throw new CliError(
        `--${match[1]} is not accepted: secrets never go in flags, which end up in shell history, CI logs and the process list.`,
        `Instead, ${secretSources(secret.variable)}.`,
      );
    }
  }
}

/**
 * The environment with each secret variable filled from its `_FILE` companion: the file's content, or
 * standard input for `-`, without the trailing newline editors and `echo` add. Giving both `NAME` and
 * `NAME_FILE` is refused (which one was meant?), and so is `-` for more than one secret.
 */
export async function withSecretFiles(env: Env, variables: readonly string[], readStdin: (() => Promise<string>) | undefined): Promise<Env> {
  const filled: Record<string, string | undefined> = { ...env };
  let stdinUsedBy: string | undefined;
  for (const variable of variables) {
    const path = env[`${variable}_FILE`];
    if (path === undefined || path.trim() === '') continue;
    if (env[variable] !== undefined && env[variable] !== '') throw new CliError(`Both ${variable} and ${variable}_FILE are set: give one of them.`);
    let content: string;
    if (path.trim() === '-') {
      if (stdinUsedBy) throw new CliError(`${stdinUsedBy}_FILE and ${variable}_FILE both read standard input: only one secret can come from it; put the other in a file.`);
      if (!readStdin) throw new CliError(`${variable}_FILE=- reads standard input, which this command cannot read here.`);
      stdinUsedBy = variable;
      content = await readStdin();
    } else {
      try {
        content = await readFile(path, 'utf8');
      } catch (error) {
        // The path is not a secret; the content never reaches a message.
        throw new CliError(`Cannot read ${variable}_FILE (${path}): ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`);
      }
    }
    filled[variable] = content.replace(/\r?\n$/, '');
  }
  return filled;
}
