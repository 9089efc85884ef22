/**
 * `@magekit/core/cli`: the shell both CLIs (`magekit-commerce`, `magekit-marketplace`) are built on.
 * Node-only, kept out of the main entry.
 */
export { runMain } from './bootstrap.ts';
export { formatElapsed, parseDuration } from './duration.ts';
export { CliError, helpHint, withoutHint } from './errors.ts';
export { EXIT_CODES } from './exit-codes.ts';
export type { CliIO } from './io.ts';
export { parseCommandArgs } from './parse-args.ts';
export { refuseSecretFlags, secretSources, withSecretFiles, type Env, type SecretFlag } from './secrets.ts';
export { createStatusLine, type TextSink } from './status-line.ts';
