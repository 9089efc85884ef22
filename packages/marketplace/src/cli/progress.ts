/**
 * Progress on stderr: on a terminal one status line redrawn in place (`\r`) under the stage lines;
 * otherwise (CI logs) plain lines, one per change, so the log keeps every step.
 */
export interface TextSink {
  write(chunk: string): unknown;
}

export interface Progress {
  /** A step that happened (uploaded, submitted...): always its own line. */
  step(text: string): void;
  /** The current state of a long wait: redrawn on a terminal, a line per change otherwise. */
  status(text: string): void;
  /** Ends a partly drawn status line. Safe to call twice. */
  end(): void;
}

export function createProgress(sink: TextSink, options: { isTTY: boolean; quiet: boolean; now?: () => number }): Progress {
  const now = options.now ?? Date.now;
  const started = now();
  let drawn = 0;
  let last = '';
  const clear = () => {
    if (drawn > 0) sink.write(`\r${' '.repeat(drawn)}\r`);
    drawn = 0;
  };
  if (options.quiet) return { step: () => undefined, status: () => undefined, end: () => undefined };
  return {
    step(text) {
      clear();
      sink.write(`${text}\n`);
    },
    status(text) {
      if (text === last) return;
      last = text;
      const line = `${text} (${formatElapsed(now() - started)})`;
      if (options.isTTY) {
        sink.write(`\r${line}${' '.repeat(Math.max(0, drawn - line.length))}`);
        drawn = line.length;
      } else {
        sink.write(`${line}\n`);
      }
    },
    end() {
      if (options.isTTY && drawn > 0) sink.write('\n');
      drawn = 0;
    },
  };
}

export function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
