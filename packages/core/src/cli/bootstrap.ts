/**
 * Wires a CLI's `run(argv, io)` to the process: argv, the environment, the real streams, standard input
 * on demand, and the exit code. Ctrl-C aborts the running command (it exits 130 once it has said what
 * was left running); a second Ctrl-C exits at once.
 */
import type { CliIO } from './io.ts';

export function runMain(run: (argv: readonly string[], io: CliIO) => Promise<number>): void {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  // No top-level await: the same file is also built as CommonJS.
  void run(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    // An empty write's callback runs after the writes queued before it (or with their error).
    flushStdout: () => new Promise<void>((resolve, reject) => process.stdout.write('', (error) => (error ? reject(error) : resolve()))),
    stderr: process.stderr,
    isTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns,
    readStdin,
    signal: controller.signal,
  }).then((code) => {
    process.exitCode = code;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
