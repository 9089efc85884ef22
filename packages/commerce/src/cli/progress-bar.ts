/**
 * Progress output for `bulk wait`: a bar redrawn in place (`\r`) on a terminal, one line per
 * progress event otherwise (CI logs keep every line). Until the final event the waiter only knows
 * how many operations have closed, not how each ended, so the bar counts "closed"; the final event
 * splits them into complete, failed and rejected.
 */
import type { ProgressEvent } from '../async/waiter/options.ts';

export interface TextSink {
  write(chunk: string): unknown;
}

export interface ProgressReporter {
  update(event: ProgressEvent): void;
  /** Ends a partly drawn bar line, so what follows starts on a fresh line. Safe to call twice. */
  end(): void;
}

const BAR_WIDTH = 30;

export function createProgressReporter(sink: TextSink, options: { isTTY: boolean; now?: () => number }): ProgressReporter {
  const now = options.now ?? Date.now;
  const started = now();
  let drawn = 0; // characters of the bar line currently on screen (TTY)

  const elapsed = () => formatElapsed(now() - started);

  return {
    update(event) {
      const closed = event.total - event.open;
      const percent = event.total > 0 ? Math.floor((closed / event.total) * 100) : 100;
      const tail = event.final
        ? `${event.complete} complete, ${event.failed} failed, ${event.rejected} rejected${event.unaccounted ? `, ${event.unaccounted} unaccounted` : ''}`
        : `${event.open} open`;
      if (options.isTTY) {
        const filled = event.total > 0 ? Math.round((closed / event.total) * BAR_WIDTH) : BAR_WIDTH;
        const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${closed}/${event.total} ${percent}%  ${tail}  ${elapsed()}`;
        sink.write(`\r${line}${' '.repeat(Math.max(0, drawn - line.length))}`);
        drawn = line.length;
        if (event.final) this.end();
      } else {
        sink.write(`progress: ${closed} of ${event.total} closed (${percent}%), ${tail}, ${elapsed()}\n`);
      }
    },
    end() {
      if (options.isTTY && drawn > 0) sink.write('\n');
      drawn = 0;
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
