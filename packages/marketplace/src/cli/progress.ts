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
  /**
   * The current state of one thing being waited for (`malware scan`, a package under review): on a
   * terminal every subject shares one line redrawn in place; otherwise a line per change of a subject.
   */
  status(subject: string, text: string): void;
  /** Ends a partly drawn status line. Safe to call twice. */
  end(): void;
}

export function createProgress(sink: TextSink, options: { isTTY: boolean; quiet: boolean; now?: () => number; columns?: number | undefined }): Progress {
  // A redrawn line must not wrap, or `\r` only returns to the start of its last row.
  const width = Math.max(40, (options.columns ?? 100) - 1);
  const now = options.now ?? Date.now;
  const started = now();
  const current = new Map<string, string>();
  let drawn = 0;
  const clear = () => {
    if (drawn > 0) sink.write(`\r${' '.repeat(drawn)}\r`);
    drawn = 0;
  };
  if (options.quiet) return { step: () => undefined, status: () => undefined, end: () => undefined };
  return {
    step(text) {
      clear();
      sink.write(`${text}\n`);
      if (options.isTTY && current.size) this.status('', '');
    },
    status(subject, text) {
      if (subject && current.get(subject) === text) return;
      if (subject) current.set(subject, text);
      const elapsed = `(${formatElapsed(now() - started)})`;
      if (options.isTTY) {
        const full = `${[...current].map(([s, t]) => `${s}: ${t}`).join(' | ')} ${elapsed}`;
        const line = full.length > width ? `${full.slice(0, width - 1)}…` : full;
        sink.write(`\r${line}${' '.repeat(Math.max(0, drawn - line.length))}`);
        drawn = line.length;
      } else if (subject) {
        sink.write(`${subject}: ${text} ${elapsed}\n`);
      }
    },
    end() {
      if (options.isTTY && drawn > 0) sink.write('\n');
      drawn = 0;
      current.clear();
    },
  };
}

function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
