/**
 * What a change feed remembers of the records it delivered, so the overlap a later read goes over
 * again (the lookback window, kept for rows committed late) delivers each record once per version.
 *
 * A record counts as delivered when its key, its updated_at and its content all match: updated_at
 * has whole seconds, so a record saved again within the second it was read keeps its updated_at,
 * and only its content says it changed. Memory is bounded: past MAX_REMEMBERED records the oldest
 * are forgotten, which can only deliver them again (the feed is at-least-once), never skip them.
 */
import { contentHash } from './content-hash.ts';
import type { Delivered, RecordKey } from './feed-checkpoint.ts';
import type { Timestamp } from './timestamps.ts';

/** Records remembered at most (about 25 bytes each in a checkpoint). */
export const MAX_REMEMBERED = 20_000;

export interface Arrival<Item> {
  item: Item;
  key: RecordKey;
  delivered: Delivered;
}

/** Hashes each arrival and splits off those already delivered at this version. */
export function dropDelivered<Item>(seen: ReadonlyMap<RecordKey, Delivered>, arrivals: readonly { item: Item; key: RecordKey; at: Timestamp }[]): { fresh: Arrival<Item>[]; dropped: number } {
  const fresh: Arrival<Item>[] = [];
  let dropped = 0;
  for (const { item, key, at } of arrivals) {
    const hash = contentHash(JSON.stringify(item));
    const before = seen.get(key);
    if (before && before.at === at && before.hash === hash) dropped += 1;
    else fresh.push({ item, key, delivered: { at, hash } });
  }
  return { fresh, dropped };
}

/**
 * The memory after a page: the fresh arrivals added, and what no read will meet again let go: a
 * record older than both the run's position (this run is past it) and the next run's start.
 */
export function rememberPage(seen: ReadonlyMap<RecordKey, Delivered>, fresh: readonly Arrival<unknown>[], keepFrom: Timestamp): Map<RecordKey, Delivered> {
  const next = new Map(seen);
  for (const { key, delivered } of fresh) next.set(key, delivered);
  for (const [key, { at }] of next) if (at < keepFrom) next.delete(key);
  // (`>=` here is an equivalent mutant: at exactly the bound the excess is 0 and slice(0, 0) forgets nothing;
  // it is left unmarked, because a marker would also hide the line's `<=`, which tests kill.)
  if (next.size > MAX_REMEMBERED) {
    // Oldest first (timestamps compare as text): 1 when a is newer, -1 when older, 0 for the same second,
    // so the sort (stable) keeps a second's records in the order they were remembered: the longest-held go first.
    // (V8's sort reads only whether the result is below 0, so `a.at > b.at` mutated to false or >= orders
    // alike; unmarked, as a marker would also hide that expression's true and <=, which tests kill.)
    const oldestFirst = [...next].sort(([, a], [, b]) => Number(a.at > b.at) - Number(a.at < b.at));
    for (const [key] of oldestFirst.slice(0, next.size - MAX_REMEMBERED)) next.delete(key);
  }
  return next;
}
