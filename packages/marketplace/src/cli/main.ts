#!/usr/bin/env node
/**
 * `magekit-marketplace`: wires run() to the process. Ctrl-C aborts the running command (exit 130);
 * a second Ctrl-C exits at once.
 */
import { run } from './run.ts';

const controller = new AbortController();
process.once('SIGINT', () => {
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});

// No top-level await: the same file is also built as CommonJS.
void run(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stderr.isTTY === true,
  columns: process.stderr.columns,
  signal: controller.signal,
}).then((code) => {
  process.exitCode = code;
});
