/**
 * The updated_at windows a change-feed run reads in. Every request pays a COUNT over what its filter
 * matches (live-data facts §3); without a window that is every row of the run still ahead, so a run of
 * N rows would count about N²/(2 × page size) rows. Each request is bounded above by
 * `updated_at ≤ upper`, sized so the window holds about a page: the first from the run's row count
 * and time span, then narrowed in proportion when a window counts well over a page and doubled after
 * one that ran dry. The run ends only when a page comes back short under the run's own bound, so a window never
 * skips a row: it only decides how much each request counts.
 */
import { secondsBefore, type Timestamp } from './timestamps.ts';

export interface TimeWindows {
  /** The upper bound for the next request, the run's position being at `at` (undefined: no row read yet). */
  upper(at: Timestamp | undefined): Timestamp;
  /** What a request bounded by `upper` found: its last page (`exhausted`), the rows it counted and read, the last row's updated_at. */
  record(upper: Timestamp, page: { exhausted: boolean; counted: number; read: number; lastAt: Timestamp | undefined }): void;
}

const seconds = (stamp: Timestamp) => Date.parse(`${stamp.replace(' ', 'T')}Z`) / 1000;
/** The latest of some timestamps (they sort as text); undefined when none is given. */
const latest = (...stamps: (Timestamp | undefined)[]): Timestamp | undefined => stamps.filter((stamp) => stamp !== undefined).sort().at(-1);

/**
 * `rows` is the run's row count when known (the probe's total_count): with `low`, it sizes the first
 * window; without, the first request is unbounded (one full count) and its answer sizes the next.
 */
export function createTimeWindows(run: { low: Timestamp | undefined; high: Timestamp; pageSize: number; rows: number | undefined }): TimeWindows {
  const { low, high, pageSize } = run;
  /** Seconds a window spans past the rows already exhausted; undefined until a count sizes it. */
  let width = low !== undefined && run.rows ? fit(seconds(high) - seconds(low), run.rows) : undefined;
  /** Every row at or before this is delivered (a window came back short up to here). */
  let exhaustedTo: Timestamp | undefined;

  function fit(span: number, rows: number): number {
    return Math.max(0, Math.floor((span * pageSize) / Math.max(rows, 1)));
  }

  return {
    upper(at) {
      const from = latest(exhaustedTo, at, low);
      if (width === undefined || from === undefined) return high;
      const upper = secondsBefore(from, -width);
      return upper < high ? upper : high;
    },
    record(upper, { exhausted, counted, read, lastAt }) {
      if (width === undefined) {
        // The first, unbounded count: size windows from the rows after this page and the time they span.
        if (lastAt !== undefined) width = fit(seconds(high) - seconds(lastAt), counted - read);
      } else if (!exhausted && counted > 1.5 * pageSize) {
        // Denser than the window was sized for: narrow it in proportion.
        width = Math.floor((width * pageSize) / counted);
      }
      if (exhausted) {
        exhaustedTo = upper;
        // The next window starts past this one (a width of 0 would ask for the same second again).
        if (width !== undefined) width = Math.max(1, counted < pageSize / 2 ? width * 2 : width);
      }
    },
  };
}
