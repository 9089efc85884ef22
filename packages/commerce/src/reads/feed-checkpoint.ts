/**
 * A change feed's checkpoint: the opaque string the caller stores after each page it has handled and
 * gives back to go on from there. Inside, a walk checkpoint (reads/checkpoint.ts: the header naming
 * the route, base URL, store view, filters and fields, checked before anything is sent) with the
 * feed's own state: where the next read starts, the run under way if one was interrupted, and the
 * records delivered that a later read may meet again (to drop those duplicates).
 */
import { damaged, opaqueCheckpoint, readCheckpoint, type CheckpointHeader } from './checkpoint.ts';
import { isTimestamp, type Timestamp } from './timestamps.ts';

/** A record's unique key on its route (`entity_id` for orders, products, customers). */
export type RecordKey = number | string;

/** A delivered record, as the overlap of a later read recognises it. */
export interface Delivered {
  /** Its updated_at when delivered. */
  at: Timestamp;
  /** contentHash of the item as delivered: a record saved twice within one second keeps its updated_at, not its content. */
  hash: string;
}

export interface FeedState {
  /** The current (or next) run starts at this updated_at, inclusive; undefined: from the oldest record. */
  low: Timestamp | undefined;
  /** An interrupted run: its upper bound, fixed when it started, and the last (updated_at, key) delivered. */
  run: { high: Timestamp; after: readonly [Timestamp, RecordKey] | undefined } | undefined;
  /** Delivered records a later read may meet again, by key (the latest delivery of each). */
  seen: Map<RecordKey, Delivered>;
}

interface Body {
  low: Timestamp | null;
  run: { high: Timestamp; after: [Timestamp, RecordKey] | null } | null;
  /** updated_at → [key, hash, key, hash, ...]: grouped by second, the commonest repeated value. */
  seen: Record<Timestamp, (RecordKey | string)[]>;
}

export function encodeCheckpoint(header: CheckpointHeader, state: FeedState): string {
  const seen: Body['seen'] = {};
  for (const [key, { at, hash }] of state.seen) (seen[at] ??= []).push(key, hash);
  const body: Body = {
    low: state.low ?? null,
    run: state.run ? { high: state.run.high, after: state.run.after ? [...state.run.after] : null } : null,
    seen,
  };
  return opaqueCheckpoint({ ...header, ...body });
}

/** Whether a text is meant as a checkpoint rather than a date: a checkpoint's opaque form or its JSON. */
export function looksLikeCheckpoint(text: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text.trim()) || text.trim().startsWith('{');
}

/** The state inside a checkpoint, once it belongs to this feed and is whole; a CheckpointError otherwise. */
export function decodeCheckpoint(text: string, header: CheckpointHeader, label: string): FeedState {
  const body = readCheckpoint(text.trim(), header, label);
  const problem = bodyProblem(body);
  if (problem) throw damaged(label, problem);
  const { low, run, seen: grouped } = body as unknown as Body;
  const seen = new Map<RecordKey, Delivered>();
  for (const [at, flat] of Object.entries(grouped)) {
    for (let i = 0; i < flat.length; i += 2) seen.set(flat[i]!, { at, hash: flat[i + 1] as string });
  }
  return { low: low ?? undefined, run: run ? { high: run.high, after: run.after ?? undefined } : undefined, seen };
}


/** What is wrong with a feed checkpoint's body (one built by hand, or edited). */
function bodyProblem(body: Record<string, unknown>): string | undefined {
  // Parsed JSON numbers are always finite.
  const isKey = (value: unknown): value is RecordKey => typeof value === 'number' || typeof value === 'string';
  const { low, run, seen } = body as Partial<Record<keyof Body, unknown>>;
  if (low !== null && !isTimestamp(low)) return 'its start is not a timestamp';
  if (run !== null) {
    const given = run as { high?: unknown; after?: unknown } | undefined;
    // A value that is not an object has no `high` to read.
    if (!given || !isTimestamp(given.high)) return "its run's upper bound is not a timestamp";
    const after = given.after;
    if (after !== null && !(Array.isArray(after) && after.length === 2 && isTimestamp(after[0]) && isKey(after[1]))) return "its run's position is not [updated_at, key]";
  }
  if (!seen || typeof seen !== 'object' || Array.isArray(seen)) return 'its delivered records are not a map';
  for (const [at, flat] of Object.entries(seen)) {
    if (!isTimestamp(at) || !Array.isArray(flat) || flat.length % 2 !== 0) return 'its delivered records are not [key, hash] pairs by timestamp';
    for (let i = 0; i < flat.length; i += 2) if (!isKey(flat[i]) || typeof flat[i + 1] !== 'string') return 'its delivered records are not [key, hash] pairs by timestamp';
  }
  return undefined;
}
