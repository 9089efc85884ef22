/**
 * The updated_at windows of a change-feed run: how far each request reaches (its upper bound), sized
 * from the run's rows and span, narrowed when a window counts well over a page, widened after one that
 * ran dry, never past the run's own bound and never behind what was already read or exhausted.
 */
import { describe, expect, it } from 'vitest';
import { createTimeWindows } from '../../src/reads/time-windows.ts';

const at = (clock: string) => `2024-01-01 ${clock}`;
const LOW = at('00:00:00');
const HIGH = at('01:00:00');

describe('createTimeWindows', () => {
  it('sizes the first window to hold about a page at the run’s density: 400 rows over an hour, 100 a page, 15 minutes', () => {
    const windows = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    expect(windows.upper(undefined)).toBe(at('00:15:00'));
    // From the run's position on, never from before the run's start.
    expect(windows.upper(at('00:20:00'))).toBe(at('00:35:00'));
    expect(windows.upper('2023-12-31 23:00:00')).toBe(at('00:15:00'));
    // Never past the run's own bound.
    expect(windows.upper(at('00:50:00'))).toBe(HIGH);
  });

  it('reads a run whose size is unknown up to its bound in one request, then sizes windows from what that counted', () => {
    // An interrupted run being finished (no row count), or a run from the oldest record (no start).
    expect(createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: undefined }).upper(at('00:10:00'))).toBe(HIGH);
    const windows = createTimeWindows({ low: undefined, high: HIGH, pageSize: 100, rows: 400 });
    expect(windows.upper(undefined)).toBe(HIGH);
    expect(windows.upper(at('00:10:00'))).toBe(HIGH);
    // The first page ended at 00:06:00 with 900 rows still ahead over 54 minutes: 6 minutes hold a page.
    windows.record(HIGH, { exhausted: false, counted: 1000, read: 100, lastAt: at('00:06:00') });
    expect(windows.upper(at('00:06:00'))).toBe(at('00:12:00'));
    // No position yet (nothing before it was read): the whole run.
    expect(windows.upper(undefined)).toBe(HIGH);
  });

  it('keeps the run unbounded while its first request finds nothing to size from', () => {
    const windows = createTimeWindows({ low: undefined, high: HIGH, pageSize: 100, rows: undefined });
    windows.record(HIGH, { exhausted: false, counted: 0, read: 0, lastAt: undefined });
    expect(windows.upper(at('00:30:00'))).toBe(HIGH);
  });

  it('reads up to the run’s bound after a first request that found nothing and was the last', () => {
    const windows = createTimeWindows({ low: undefined, high: HIGH, pageSize: 100, rows: undefined });
    windows.record(HIGH, { exhausted: true, counted: 0, read: 0, lastAt: undefined });
    expect(windows.upper(at('00:30:00'))).toBe(HIGH);
  });

  it('sizes from a first page that read every row it counted without dividing by zero', () => {
    const windows = createTimeWindows({ low: undefined, high: HIGH, pageSize: 1, rows: undefined });
    windows.record(HIGH, { exhausted: false, counted: 1, read: 1, lastAt: at('00:59:00') });
    // No row left after the page: the minute it left is taken as holding one row, a page.
    expect(windows.upper(at('00:00:10'))).toBe(at('00:01:10'));
  });

  it('narrows a window that counted over one and a half pages in proportion, and keeps one that counted no more', () => {
    const dense = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    dense.record(at('00:15:00'), { exhausted: false, counted: 400, read: 100, lastAt: at('00:05:00') });
    expect(dense.upper(at('00:05:00'))).toBe(at('00:08:45')); // 900 s × 100 / 400
    const justOver = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    justOver.record(at('00:15:00'), { exhausted: false, counted: 151, read: 100, lastAt: at('00:05:00') });
    expect(justOver.upper(at('00:05:00'))).toBe(at('00:14:56')); // floor(900 × 100 / 151) = 596 s
    const atLimit = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    atLimit.record(at('00:15:00'), { exhausted: false, counted: 150, read: 100, lastAt: at('00:05:00') });
    expect(atLimit.upper(at('00:05:00'))).toBe(at('00:20:00'));
  });

  it('goes on past an exhausted window, twice as wide after one that held under half a page', () => {
    const sparse = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    sparse.record(at('00:15:00'), { exhausted: true, counted: 49, read: 49, lastAt: at('00:14:00') });
    expect(sparse.upper(at('00:14:00'))).toBe(at('00:45:00'));
    expect(sparse.upper(undefined)).toBe(at('00:45:00'));
    const half = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    half.record(at('00:15:00'), { exhausted: true, counted: 50, read: 50, lastAt: at('00:14:00') });
    expect(half.upper(at('00:14:00'))).toBe(at('00:30:00'));
    // An exhausted window that counted many (its last page) is not narrowed.
    const full = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 400 });
    full.record(at('00:15:00'), { exhausted: true, counted: 400, read: 100, lastAt: at('00:14:00') });
    expect(full.upper(at('00:14:00'))).toBe(at('00:30:00'));
    // A position past the exhausted bound counts from the position.
    expect(full.upper(at('00:20:00'))).toBe(at('00:35:00'));
  });

  it('moves at least a second past an exhausted window, however dense the run', () => {
    // A million rows in an hour: a page's window is under a second wide.
    const windows = createTimeWindows({ low: LOW, high: HIGH, pageSize: 100, rows: 1_000_000 });
    expect(windows.upper(undefined)).toBe(LOW);
    windows.record(LOW, { exhausted: true, counted: 80, read: 80, lastAt: LOW });
    expect(windows.upper(LOW)).toBe(at('00:00:01'));
  });
});
