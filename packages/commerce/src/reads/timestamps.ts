/**
 * The platform's `updated_at` / `created_at`: MySQL TIMESTAMPs, so whole seconds, answered as
 * `YYYY-MM-DD HH:MM:SS` with no zone and UTC by contract (magento/magento2#24985). A change feed
 * compares, shifts and sends them in exactly that form; this format also sorts as text.
 */
import { InputError } from '@magekit/core';

/** `YYYY-MM-DD HH:MM:SS`, UTC. */
export type Timestamp = string;


/** The milliseconds since the epoch of a timestamp in the platform's form; undefined when it is not one. */
function millisOf(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2024-02-30 over into March: a value that does not round-trip is not a date.
  return formatMillis(ms) === text ? ms : undefined;
}

function formatMillis(ms: number): Timestamp {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function isTimestamp(value: unknown): value is Timestamp {
  return typeof value === 'string' && millisOf(value) !== undefined;
}

/** The timestamp `seconds` earlier (negative: later). */
export function secondsBefore(stamp: Timestamp, seconds: number): Timestamp {
  return formatMillis(millisOf(stamp)! - seconds * 1000);
}

/**
 * A caller's "since" as the platform's timestamp: `YYYY-MM-DD HH:MM:SS` (UTC, as the platform
 * writes it), `YYYY-MM-DD` (midnight UTC), or an ISO 8601 instant with a zone (converted to UTC,
 * truncated to the second). Undefined when the text is none of these.
 */
export function parseSince(text: string): Timestamp | undefined {
  const trimmed = text.trim();
  if (millisOf(trimmed) !== undefined) return trimmed;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return millisOf(`${trimmed} 00:00:00`) === undefined ? undefined : `${trimmed} 00:00:00`;
  // ISO 8601 with a zone (`Z` or `±hh:mm`): an instant, converted to UTC.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? undefined : formatMillis(Math.floor(ms / 1000) * 1000);
  }
  return undefined;
}

/** A whole number of seconds ≥ 0, or an InputError naming the option. */
export function wholeSeconds(value: unknown, name: string): number {
  if (Number.isInteger(value) && (value as number) >= 0) return value as number;
  throw new InputError(`${name} must be a whole number of seconds ≥ 0 (updated_at has whole seconds); got ${JSON.stringify(value)}.`, { service: 'commerce' });
}
