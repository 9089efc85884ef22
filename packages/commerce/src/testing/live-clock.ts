/**
 * The live store's clock: the test moves it (`advance`, `set`, or a tick before each search request),
 * never the wall clock. Timestamps are what MySQL TIMESTAMP columns give: whole seconds, written
 * `YYYY-MM-DD HH:MM:SS`, UTC (magento/magento2#24985), so every write within one second shares a stamp.
 */
import { ConfigurationError } from '@magekit/core';

export interface LiveClock {
  /** Milliseconds since the epoch, on the fake clock. */
  now(): number;
  /** The current second as `updated_at` takes it: `YYYY-MM-DD HH:MM:SS` (UTC). */
  stamp(): string;
  /** Moves the clock forward; late commits that fall due land now. */
  advance(ms: number): void;
  /** Moves the clock to a stamp (`YYYY-MM-DD HH:MM:SS`, UTC) or epoch milliseconds; never backwards. */
  set(to: string | number): void;
}

/** A MySQL TIMESTAMP's text for an instant: whole seconds, UTC, a space before the time. */
function timestampText(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

const STAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/;

/** Epoch milliseconds of a `YYYY-MM-DD HH:MM:SS` stamp read as UTC; undefined when it is not one. */
export function parseTimestamp(text: string): number | undefined {
  const match = STAMP.exec(text);
  if (!match) return undefined;
  const ms = Date.parse(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

export function createLiveClock(startMs: number, onAdvance: () => void): LiveClock {
  let current = startMs;
  const moveTo = (ms: number, what: string): void => {
    if (!Number.isFinite(ms) || ms < current) throw new ConfigurationError(`live clock: ${what} would move the clock backwards or is not a time; it only moves forward (now ${timestampText(current)}).`, { service: 'commerce' });
    current = ms;
    onAdvance();
  };
  return {
    now: () => current,
    stamp: () => timestampText(current),
    advance: (ms) => moveTo(current + ms, `advance(${ms})`),
    set: (to) => moveTo(typeof to === 'number' ? to : (parseTimestamp(to) ?? Number.NaN), `set(${JSON.stringify(to)})`),
  };
}
