/** Durations on the command line: `90` (seconds), `500ms`, `90s`, `15m`, `2h`, returned in milliseconds. */
import { CliError } from './errors.ts';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `undefined` when the flag was not given; a `CliError` naming the flag when the text is not a positive duration. */
export function parseDuration(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  // Whole milliseconds: a value that rounds to 0 (0.1ms) would mean "no time at all", so it is refused too.
  const ms = match ? Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? 's').toLowerCase()]!) : NaN;
  if (!(ms > 0) || !Number.isFinite(ms)) throw new CliError(`${flag} must be a positive duration such as 90s, 15m or 2h (a bare number is seconds); got "${text}".`);
  return ms;
}

/** Elapsed time for progress lines: `4.2s` under ten seconds, then `42s`, `3m07s`, `1h05m`. */
export function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
