/** The CLI's own failures are core's `CliError` (exit code 1, a message and a hint). */
import { helpHint } from '@magekit/core/cli';

export { CliError } from '@magekit/core/cli';

export const HELP_HINT = helpHint('magekit-commerce');
