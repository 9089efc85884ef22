/**
 * Runs a CLI's `run(argv, io)` (both packages' CLIs take their process surface as `io`) with stdout
 * and stderr captured as text, not a terminal unless the test says so.
 */
interface TextSink {
  write(text: string): unknown;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout then stderr: where a test looks for something that must appear on neither. */
  all: string;
}

export async function runCli<IO extends { stdout: TextSink; stderr: TextSink; isTTY: boolean }>(
  run: (argv: readonly string[], io: IO) => Promise<number>,
  argv: readonly string[],
  io: Omit<IO, 'stdout' | 'stderr' | 'isTTY'> & { isTTY?: boolean },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    isTTY: false,
    ...io,
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
  } as IO);
  return { code, stdout, stderr, all: stdout + stderr };
}
