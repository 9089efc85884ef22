/**
 * `readChanges(client, route, params, options)`: every record of a search route changed since a
 * checkpoint, in (updated_at, key) order, at least once, each version once.
 *
 * A run reads `updated_at` from its start to an upper bound fixed when it begins (the newest
 * updated_at then), so it ends however busy the store is; what changes meanwhile is the next run's.
 * The next run starts `lookback` seconds before that bound: the platform takes updated_at when the
 * statement runs, not when it commits, so a row can appear after a read with an updated_at older
 * than rows already read (connectors read back 30 s; docs/design.md, "Change feeds"). What that
 * overlap delivered before, same key, same updated_at and same content, is dropped.
 *
 * After each page the caller handles, it stores the page's checkpoint: an interrupted feed goes on
 * from the last page handled, and a deliver callback that throws stops the feed there (its error
 * is rethrown as it was; the checkpoint of the page it refused is never handed out again as done).
 *
 * Not a change signal: a delete (use `missingKeys` from reads/reconcile.ts) and, for products,
 * mass attribute updates and stock changes, which leave updated_at as it was (see PARTIAL_SIGNAL).
 */
import { InputError, ResponseError } from '@magekit/core';
import { runtimeOf, type RuntimeHolder } from '../calls/runtime.ts';
import type { CallOptions } from '../platform/call-options.ts';
import type { FieldsArgument } from '../fields/method-types.ts';
import type { SelectedItem } from '../fields/types.ts';
import type { ListRouteKey, Routes } from '../generated/operations.ts';
import { toRawSearchCriteria } from '../search/normalize.ts';
import { checkpointHeader, type CheckpointHeader } from './checkpoint.ts';
import { decodeCheckpoint, encodeCheckpoint, looksLikeCheckpoint, type FeedState, type RecordKey } from './feed-checkpoint.ts';
import { dropDelivered, rememberPage } from './feed-overlap.ts';
import { walkKeyOf, type FilterGroup, type WalkKey } from './keyset.ts';
import { createTimeWindows } from './time-windows.ts';
import { isTimestamp, parseSince, secondsBefore, wholeSeconds, type Timestamp } from './timestamps.ts';
import { pageReader, planWalk, type WalkPlan } from './walk.ts';

/** Seconds each run reads back before the last run's upper bound, for rows committed late (OCA connector-magento's buffer). */
export const DEFAULT_LOOKBACK_SECONDS = 30;
const DEFAULT_PAGE_SIZE = 100;

/**
 * Routes whose updated_at misses some changes: the feed still runs, and its result says what it
 * cannot see. Products: mass attribute updates, `saveAttribute`, stock updates and stock decrements
 * leave updated_at unchanged (magento/magento2#37980, #37670, #20450).
 */
const PARTIAL_SIGNAL: Readonly<Partial<Record<string, string>>> = {
  'GET /V1/products':
    "a product's updated_at does not move on mass attribute updates, saveAttribute or stock changes (magento/magento2#37980, #37670, #20450): a change feed cannot see those. Reconcile in full now and then: exportRecords reads every product, missingKeys finds the deleted.",
};

export type ChangeFeedParams<K extends ListRouteKey, F> = Omit<Routes[K]['input'], 'fields' | 'searchCriteria'> & {
  /** Filters ANDed with the feed's own (no sort orders or paging: the feed reads in (updated_at, key) order). */
  searchCriteria?: Routes[K]['input'] extends { searchCriteria?: infer S } ? S : never;
  /** Item fields; `updated_at` and the route's key are added when missing. */
  fields?: F;
};

export interface ChangePage<Item> {
  /** Records changed since the checkpoint, oldest change first, without the overlap's duplicates. */
  items: Item[];
  /** Store this once the page is handled; the feed goes on from here. */
  checkpoint: string;
}

export interface ChangeFeedOptions<Item> extends CallOptions {
  /**
   * Where to start: a checkpoint this feed handed out; a date (`YYYY-MM-DD HH:MM:SS` UTC as the
   * platform writes it, `YYYY-MM-DD`, or an ISO 8601 instant with a zone), to start at records
   * changed from then on; or '' (or nothing) for every record.
   */
  checkpoint?: string | undefined;
  /** Called with each page that has records to hand over; the feed waits for it. Throwing stops the feed. */
  deliver: (page: ChangePage<Item>) => unknown;
  /** Seconds each run reads back for rows committed late (default 30). */
  lookback?: number | undefined;
  /** Records per request (default 100). */
  pageSize?: number | undefined;
}

export interface ChangeFeedResult {
  /** Records handed to `deliver`. */
  delivered: number;
  /** Records the overlap read again at a version already delivered, not delivered twice. */
  duplicatesDropped: number;
  /** Requests sent. */
  requests: number;
  /** Where the next feed starts: store it (it is also the last page's checkpoint when that page was delivered). */
  checkpoint: string;
  /** Set for routes whose updated_at misses some changes (products): what the feed cannot see. */
  incomplete?: string;
}

/**
 * Delivers every record of `route` changed since `options.checkpoint`, page by page, and returns
 * the checkpoint to start from next time. The checkpoint is checked before anything is sent.
 */
export async function readChanges<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(
  client: RuntimeHolder,
  route: K,
  params: ChangeFeedParams<K, F> | undefined,
  options: ChangeFeedOptions<SelectedItem<Routes[K]['output'], F>>,
): Promise<ChangeFeedResult> {
  const label = `readChanges: ${route}`;
  const { checkpoint, deliver, lookback: lookbackOption, pageSize: pageSizeOption, ...callOptions } = options ?? ({} as never);
  if (typeof deliver !== 'function') throw new InputError(`${label}: options.deliver must be a function that handles a page ({ items, checkpoint }).`, { service: 'commerce' });
  const lookback = lookbackOption === undefined ? DEFAULT_LOOKBACK_SECONDS : wholeSeconds(lookbackOption, 'lookback');
  const { searchCriteria, fields, ...rest } = (params ?? {}) as { searchCriteria?: unknown; fields?: unknown };
  const key = walkKeyOf(runtimeOf(client).route(route).key, label);
  // The walk engine reads (updated_at, key) ascending after a position; the caller's filters are ANDed.
  const plan = planWalk(
    client,
    route,
    { ...rest, searchCriteria: { filter_groups: ownFilters(searchCriteria, label), sort_orders: [{ field: 'updated_at', direction: 'ASC' }] }, ...(fields === undefined ? {} : { fields: withFeedFields(fields, key) }) },
    { ...callOptions, pageSize: pageSizeOption ?? DEFAULT_PAGE_SIZE },
    label,
  );
  const header = checkpointHeader('changes', plan);
  let state = startingState(checkpoint, header, label);
  const read = pageReader(plan);
  const counts = { delivered: 0, duplicatesDropped: 0, requests: 0 };

  /** Reads one run to its end, handing out pages; returns the state the next run starts from. */
  async function finishRun(from: FeedState & { run: NonNullable<FeedState['run']> }, rows: number | undefined): Promise<FeedState> {
    const { low, run } = from;
    const nextLow = secondsBefore(run.high, lookback);
    const windows = createTimeWindows({ low, high: run.high, pageSize: plan.pageSize, rows });
    let seen = from.seen;
    let after = run.after;
    for (;;) {
      const upper = windows.upper(after?.[0]);
      const page = await read({ after, bounds: timeBounds(low, upper) });
      counts.requests += 1;
      const arrivals = page.items.map((item) => arrival(item, key, label));
      windows.record(upper, { exhausted: page.last, counted: page.remaining, read: arrivals.length, lastAt: arrivals.at(-1)?.at });
      const finished = page.last && upper === run.high;
      if (arrivals.length === 0) {
        if (finished) break;
        continue;
      }
      const { fresh, dropped } = dropDelivered(seen, arrivals);
      counts.duplicatesDropped += dropped;
      const last = arrivals[arrivals.length - 1]!;
      after = [last.at, last.key];
      const nextSeen = rememberPage(seen, fresh, last.at < nextLow ? last.at : nextLow);
      const pageState: FeedState = finished ? { low: nextLow, run: undefined, seen: rememberPage(nextSeen, [], nextLow) } : { low, run: { high: run.high, after }, seen: nextSeen };
      const pageCheckpoint = encodeCheckpoint(header, pageState);
      if (fresh.length > 0) {
        await deliver({ items: fresh.map((f) => f.item) as never[], checkpoint: pageCheckpoint });
        counts.delivered += fresh.length;
      }
      seen = nextSeen;
      if (finished) return pageState;
    }
    return { low: nextLow, run: undefined, seen: rememberPage(seen, [], nextLow) };
  }

  // An interrupted run is finished first, to the bound it started with (moving its bound would skip
  // rows changed behind its position since); then one fresh run.
  if (state.run) state = await finishRun({ ...state, run: state.run }, undefined);
  const newest = await newestChange(plan, key, state.low);
  counts.requests += 1;
  if (newest !== undefined) state = await finishRun({ ...state, run: { high: newest.high, after: undefined } }, newest.rows);

  const incomplete = PARTIAL_SIGNAL[plan.info.key];
  return { ...counts, checkpoint: encodeCheckpoint(header, state), ...(incomplete ? { incomplete } : {}) };
}

function startingState(checkpoint: string | undefined, header: CheckpointHeader, label: string): FeedState {
  const empty = { run: undefined, seen: new Map() };
  if (checkpoint === undefined || (typeof checkpoint === 'string' && checkpoint.trim() === '')) return { low: undefined, ...empty };
  if (typeof checkpoint !== 'string') throw new InputError(`${label}: checkpoint must be a string (a checkpoint, a date, or "").`, { service: 'commerce' });
  const since = parseSince(checkpoint);
  if (since !== undefined) return { low: since, ...empty };
  if (looksLikeCheckpoint(checkpoint)) return decodeCheckpoint(checkpoint, header, label);
  throw new InputError(`${label}: checkpoint ${JSON.stringify(checkpoint.slice(0, 40))} is neither a checkpoint this SDK handed out nor a date: nothing was sent.`, {
    service: 'commerce',
    hint: 'Pass the checkpoint string a feed returned, a date such as "2024-05-01 00:00:00" (UTC) or "2024-05-01T02:00:00+02:00", or "" for every record.',
  });
}

function ownFilters(searchCriteria: unknown, label: string): FilterGroup[] {
  if (searchCriteria === undefined) return [];
  const criteria = toRawSearchCriteria(searchCriteria);
  if (criteria.sort_orders?.length || criteria.page_size !== undefined || criteria.current_page !== undefined) {
    throw new InputError(`${label}: searchCriteria may only filter; the feed sorts by (updated_at, key) and pages itself.`, { service: 'commerce', hint: 'Remove sortBy / page_size / current_page (use options.pageSize for the page size).' });
  }
  return criteria.filter_groups;
}

/** The caller's fields with updated_at and the key added: the overlap recognises records by them. */
function withFeedFields(fields: unknown, key: WalkKey): unknown {
  if (Array.isArray(fields)) return [...fields, ...[key.item, 'updated_at'].filter((f) => !fields.includes(f))];
  return `${String(fields)},${key.item},updated_at`;
}

const stamp = (value: string, condition: 'gteq' | 'lteq'): FilterGroup => ({ filters: [{ field: 'updated_at', value, condition_type: condition }] });

/** The run's time bounds: from `low` (inclusive, when there is one) up to the window's upper bound. */
function timeBounds(low: Timestamp | undefined, upper: Timestamp): FilterGroup[] {
  return low === undefined ? [stamp(upper, 'lteq')] : [stamp(low, 'gteq'), stamp(upper, 'lteq')];
}

interface Arrived {
  item: unknown;
  key: RecordKey;
  at: Timestamp;
}

function arrival(item: unknown, key: WalkKey, label: string): Arrived {
  const record = (item ?? {}) as Record<string, unknown>;
  const at = record['updated_at'];
  const value = record[key.item];
  if (!isTimestamp(at) || (typeof value !== 'number' && typeof value !== 'string')) {
    throw new ResponseError(`${label}: an item lacks updated_at (YYYY-MM-DD HH:MM:SS) or ${key.item}.`, JSON.stringify(item), { service: 'commerce' });
  }
  return { item, key: value, at };
}

/** The run's upper bound (the newest updated_at from `low` on) and how many rows it holds; undefined when none. */
async function newestChange(plan: WalkPlan, key: WalkKey, low: Timestamp | undefined): Promise<{ high: Timestamp; rows: number } | undefined> {
  // One record, newest first: the engine's reader over the same filters in the other direction.
  const newestFirst: WalkPlan = {
    ...plan,
    order: [{ field: 'updated_at', item: 'updated_at', direction: 'DESC' }, { ...key, direction: 'DESC' }],
    pageSize: 1,
    fields: `items[updated_at,${key.item}],total_count`,
    strip: [],
  };
  const page = await pageReader(newestFirst)({ bounds: low === undefined ? [] : [stamp(low, 'gteq')] });
  if (page.items.length === 0) return undefined;
  const at = (page.items[0] as { updated_at?: unknown }).updated_at;
  // A route whose records carry no updated_at cannot be followed: saying "nothing changed" would be a silent loss.
  if (!isTimestamp(at)) {
    throw new ResponseError(
      `${plan.label} answered ${at === undefined ? 'a record without updated_at' : `updated_at ${JSON.stringify(at)}`}, not a YYYY-MM-DD HH:MM:SS timestamp: a change feed follows updated_at and cannot follow this route.`,
      JSON.stringify(page.items[0]),
      { service: 'commerce' },
    );
  }
  return { high: at, rows: page.remaining };
}
