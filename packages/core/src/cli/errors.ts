/** A CLI's own failures (bad flags, missing configuration, a refused secret): exit code 1, a message and a hint. */
export class CliError extends Error {
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'CliError';
    this.hint = hint;
  }
}

/** The hint that ends a usage error: where to read the usage. */
export function helpHint(bin: string): string {
  return `Run \`${bin} --help\` for usage.`;
}

/**
 * An error message without the hint the SDK appended to it as a sentence ("…later.. The platform
 * locks…"), so the CLI can print the hint on its own line without saying it twice.
 */
export function withoutHint(message: string, hint: string | undefined): string {
  if (!hint || !message.includes(hint)) return message;
  return message.replace(hint, '').replace(/\s+$/, '').replace(/\.\.$/, '.');
}
