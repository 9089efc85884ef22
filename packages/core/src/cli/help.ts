/** `--help` and `--version` answer the same way in every CLI: the text on stdout, exit code 0. */
import { EXIT_CODES } from './exit-codes.ts';
import type { TextSink } from './status-line.ts';

/** Writes the usage or the version; returns the exit code. */
export function answerHelpOrVersion(action: 'help' | 'version', stdout: TextSink, texts: { usage: string; version: string }): number {
  stdout.write(action === 'help' ? texts.usage : `${texts.version}\n`);
  return EXIT_CODES.ok;
}
