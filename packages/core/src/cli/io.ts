/** What a CLI's `run(argv, io)` gets instead of `process`, so tests drive it with strings. */
import type { Env } from './secrets.ts';
import type { TextSink } from './status-line.ts';

export interface CliIO {
  env: Env;
  /** The outcome (text or --json). */
  stdout: TextSink;
  /**
   * Resolves once everything written to stdout so far has left the process (a pipe or file write can
   * still be queued when write() returns); rejects when it cannot (the reader went away). Without
   * it, writes count as done when write() returns (a test's string sink).
   */
  flushStdout?: (() => Promise<void>) | undefined;
  /** Progress, errors and hints. */
  stderr: TextSink;
  /** stderr is a terminal: redraw one progress line instead of writing a line per change. */
  isTTY: boolean;
  /** The terminal's width, so the redrawn line never wraps. */
  columns?: number | undefined;
  /** Standard input as text, for a secret given as `NAME_FILE=-`. */
  readStdin?: (() => Promise<string>) | undefined;
  /** Aborts a running command (the bootstrap fires it on Ctrl-C). */
  signal?: AbortSignal | undefined;
  /** A fetch implementation for the client (default: the global one). */
  fetch?: typeof fetch | undefined;
  now?: () => number;
}
