/**
 * Progress output for `bulk wait`: a bar redrawn in place (`\r`) on a terminal, one line per
 * progress event otherwise (CI logs keep every line). Until the final event the waiter only knows
 * how many operations have closed, not how each ended, so the bar counts "closed"; the final event
 * splits them into complete, failed and rejected.
 */
import { createStatusLine, formatElapsed, type TextSink } from '@magekit/core/cli';
import type { ProgressEvent } from '../async/waiter/options.ts';

export interface ProgressReporter {
  update(event: ProgressEvent): void;
  /** Ends a partly drawn bar line, so what follows starts on a fresh line. Safe to call twice. */
  end(): void;
}

const BAR_WIDTH = 30;

export function createProgressReporter(sink: TextSink, options: { isTTY: boolean; now?: () => number; columns?: number | undefined }): ProgressReporter {
  const now = options.now ?? Date.now;
  const started = now();
  const line = createStatusLine(sink, { columns: options.columns });

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
        line.draw(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${closed}/${event.total} ${percent}%  ${tail}  ${elapsed()}`);
        if (event.final) line.end();
      } else {
        sink.write(`progress: ${closed} of ${event.total} closed (${percent}%), ${tail}, ${elapsed()}\n`);
      }
    },
    end: () => line.end(),
  };
}
