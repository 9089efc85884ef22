/**
 * Progress on stderr: on a terminal one status line redrawn in place (`\r`) under the stage lines;
 * otherwise (CI logs) plain lines, one per change, so the log keeps every step.
 */
import { createStatusLine, formatElapsed, type TextSink } from '@magekit/core/cli';

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
  const now = options.now ?? Date.now;
  const started = now();
  const current = new Map<string, string>();
  const line = createStatusLine(sink, { columns: options.columns });
  if (options.quiet) return { step: () => undefined, status: () => undefined, end: () => undefined };
  return {
    step(text) {
      line.clear();
      sink.write(`${text}\n`);
      if (options.isTTY && current.size) this.status('', '');
    },
    status(subject, text) {
      if (subject && current.get(subject) === text) return;
      if (subject) current.set(subject, text);
      const elapsed = `(${formatElapsed(now() - started)})`;
      if (options.isTTY) {
        line.draw(`${[...current].map(([s, t]) => `${s}: ${t}`).join(' | ')} ${elapsed}`);
      } else if (subject) {
        sink.write(`${subject}: ${text} ${elapsed}\n`);
      }
    },
    end() {
      line.end();
      current.clear();
    },
  };
}
