/** The CLI's own failures (bad flags, a bad manifest, missing configuration): exit code 1, a message and a hint. */
export class CliError extends Error {
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'CliError';
    this.hint = hint;
  }
}

export const HELP_HINT = 'Run `magekit-marketplace --help` for usage.';
