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
import { fieldsEncoder } from '../fields/index.ts';
import { positiveInteger, searchCriteriaEncoder, toRawSearchCriteria } from '../search/normalize.ts';
import type { WireSearchCriteria } from '../search/types.ts';
import type { RouteInfo } from '../routes/info.ts';
import { decodeCheckpoint, encodeCheckpoint, looksLikeCheckpoint, type FeedIdentity, type FeedState, type RecordKey } from './feed-checkpoint.ts';
import { dropDelivered, rememberPage } from './feed-overlap.ts';
import { createTimeWindows } from './time-windows.ts';
import { isTimestamp, parseSince, secondsBefore, wholeSeconds, type Timestamp } from './timestamps.ts';

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
    "a product's updated_at does not move on mass attribute updates, saveAttribute or stock changes (magento/magento2#37980, #37670, #20450): a change feed cannot see those. Reconcile in full now and then (reconcile with deliver).",
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

interface KeyField {
  /** The field searchCriteria filters and sorts on. */
  filter: string;
  /** The field items carry it in. */
  item: string;
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
  const runtime = runtimeOf(client);
  runtime.useQueryEncoders(searchCriteriaEncoder, fieldsEncoder);
  const info = runtime.route(route);
  const { checkpoint, deliver, lookback: lookbackOption, pageSize: pageSizeOption, ...callOptions } = options ?? ({} as never);
  if (typeof deliver !== 'function') throw new InputError('readChanges: options.deliver must be a function that handles a page ({ items, checkpoint }).', { service: 'commerce' });
  const lookback = lookbackOption === undefined ? DEFAULT_LOOKBACK_SECONDS : wholeSeconds(lookbackOption, 'lookback');
  const pageSize = pageSizeOption === undefined ? DEFAULT_PAGE_SIZE : positiveInteger(pageSizeOption, 'pageSize');
  const key = keyFieldOf(info);
  const { searchCriteria, fields, ...rest } = (params ?? {}) as { searchCriteria?: unknown; fields?: unknown };
  const filters = ownFilters(searchCriteria, route);
  const identity: FeedIdentity = { route: info.key, baseUrl: runtime.baseUrl, storeCode: callOptions.storeCode ?? runtime.storeCode ?? '' };
  let state = startingState(checkpoint, identity);

  const walk = { runtime, info, rest, fields, filters, key, pageSize, callOptions };
  const counts = { delivered: 0, duplicatesDropped: 0, requests: 0 };

  /** Reads one run to its end, handing out pages; returns the state the next run starts from. */
  async function finishRun(from: FeedState & { run: NonNullable<FeedState['run']> }, rows: number | undefined): Promise<FeedState> {
    const { low, run } = from;
    const nextLow = secondsBefore(run.high, lookback);
    const windows = createTimeWindows({ low, high: run.high, pageSize, rows });
    let seen = from.seen;
    let after = run.after;
    for (;;) {
      const upper = windows.upper(after?.[0]);
      const { arrivals: page, counted } = await readPage(walk, { low, upper, after });
      counts.requests += 1;
      const exhausted = page.length < pageSize;
      windows.record(upper, { exhausted, counted, lastAt: page[page.length - 1]?.at });
      const finished = exhausted && upper === run.high;
      if (page.length === 0) {
        if (finished) break;
        continue;
      }
      const { fresh, dropped } = dropDelivered(seen, page);
      counts.duplicatesDropped += dropped;
      const last = page[page.length - 1]!;
      after = [last.at, last.key];
      const nextSeen = rememberPage(seen, fresh, last.at < nextLow ? last.at : nextLow);
      const pageState: FeedState = finished ? { low: nextLow, run: undefined, seen: rememberPage(nextSeen, [], nextLow) } : { low, run: { high: run.high, after }, seen: nextSeen };
      const pageCheckpoint = encodeCheckpoint(identity, pageState);
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
  const newest = await newestChange(walk, state.low);
  counts.requests += 1;
  if (newest !== undefined) state = await finishRun({ ...state, run: { high: newest.high, after: undefined } }, newest.rows);

  const incomplete = PARTIAL_SIGNAL[info.key];
  return { ...counts, checkpoint: encodeCheckpoint(identity, state), ...(incomplete ? { incomplete } : {}) };
}

function startingState(checkpoint: string | undefined, identity: FeedIdentity): FeedState {
  const empty = { run: undefined, seen: new Map() };
  if (checkpoint === undefined || checkpoint.trim() === '') return { low: undefined, ...empty };
  if (typeof checkpoint !== 'string') throw new InputError('readChanges: checkpoint must be a string (a checkpoint, a date, or "").', { service: 'commerce' });
  if (looksLikeCheckpoint(checkpoint)) return decodeCheckpoint(checkpoint, identity);
  const since = parseSince(checkpoint);
  if (since === undefined) {
    throw new InputError(
      `readChanges: checkpoint ${JSON.stringify(checkpoint.slice(0, 40))} is neither a checkpoint this SDK handed out nor a date: nothing was sent.`,
      { service: 'commerce', hint: 'Pass the checkpoint string a feed returned, a date such as "2024-05-01 00:00:00" (UTC) or "2024-05-01T02:00:00+02:00", or "" for every record.' },
    );
  }
  return { low: since, ...empty };
}

// ---- the walk (to be served by the reads engine) ------------------------------------------------

interface Walk {
  runtime: ReturnType<typeof runtimeOf>;
  info: RouteInfo;
  rest: Record<string, unknown>;
  fields: unknown;
  filters: WireSearchCriteria['filter_groups'];
  key: KeyField;
  pageSize: number;
  callOptions: CallOptions;
}

interface Arrived {
  item: unknown;
  key: RecordKey;
  at: Timestamp;
}

export function keyFieldOf(info: RouteInfo): KeyField {
  const known: Partial<Record<string, KeyField>> = {
    'GET /V1/orders': { filter: 'entity_id', item: 'entity_id' },
    'GET /V1/products': { filter: 'entity_id', item: 'id' },
    'GET /V1/customers/search': { filter: 'entity_id', item: 'id' },
  };
  const found = known[info.key];
  if (!found) throw new InputError(`readChanges: ${info.key} has no known unique key to walk by.`, { service: 'commerce' });
  return found;
}

function ownFilters(searchCriteria: unknown, route: string): WireSearchCriteria['filter_groups'] {
  if (searchCriteria === undefined) return [];
  const criteria = toRawSearchCriteria(searchCriteria);
  if (criteria.sort_orders?.length || criteria.page_size !== undefined || criteria.current_page !== undefined) {
    throw new InputError(`readChanges: ${route}'s searchCriteria may only filter; the feed sorts by (updated_at, key) and pages itself.`, { service: 'commerce', hint: 'Remove sortBy / page_size / current_page (use options.pageSize for the page size).' });
  }
  return criteria.filter_groups;
}

function withFeedFields(fields: unknown, key: KeyField): unknown {
  if (fields === undefined) return undefined;
  if (Array.isArray(fields)) return [...fields, ...[key.item, 'updated_at'].filter((f) => !fields.includes(f))];
  return `${String(fields)},${key.item},updated_at`;
}

/** The run's upper bound (the newest updated_at from `low` on) and how many rows it holds; undefined when none. */
async function newestChange(walk: Walk, low: Timestamp | undefined): Promise<{ high: Timestamp; rows: number } | undefined> {
  const criteria = {
    filter_groups: [...walk.filters, ...(low ? [{ filters: [{ field: 'updated_at', value: low, condition_type: 'gteq' as const }] }] : [])],
    sort_orders: [{ field: 'updated_at', direction: 'DESC' as const }, { field: walk.key.filter, direction: 'DESC' as const }],
    page_size: 1,
    current_page: 1,
  };
  const body = (await walk.runtime.call<{ items?: { updated_at?: unknown }[] | null; total_count?: number }>(walk.info, { ...walk.rest, searchCriteria: criteria, fields: 'items[updated_at],total_count' }, walk.callOptions)) ?? {};
  const at = body.items?.[0]?.updated_at;
  if (at === undefined) return undefined;
  if (!isTimestamp(at)) throw new ResponseError(`readChanges: ${walk.info.key} answered updated_at ${JSON.stringify(at)}, not YYYY-MM-DD HH:MM:SS.`, JSON.stringify(body), { service: 'commerce' });
  return { high: at, rows: body.total_count ?? 0 };
}

async function readPage(walk: Walk, { low, upper, after }: { low: Timestamp | undefined; upper: Timestamp; after: readonly [Timestamp, RecordKey] | undefined }): Promise<{ arrivals: Arrived[]; counted: number }> {
  const groups: WireSearchCriteria['filter_groups'] = [...walk.filters, { filters: [{ field: 'updated_at', value: upper, condition_type: 'lteq' }] }];
  if (after) {
    groups.push({ filters: [{ field: 'updated_at', value: after[0], condition_type: 'gteq' }] });
    groups.push({ filters: [{ field: 'updated_at', value: after[0], condition_type: 'gt' }, { field: walk.key.filter, value: String(after[1]), condition_type: 'gt' }] });
  } else if (low) {
    groups.push({ filters: [{ field: 'updated_at', value: low, condition_type: 'gteq' }] });
  }
  const criteria = { filter_groups: groups, sort_orders: [{ field: 'updated_at', direction: 'ASC' as const }, { field: walk.key.filter, direction: 'ASC' as const }], page_size: walk.pageSize, current_page: 1 };
  const input = { ...walk.rest, searchCriteria: criteria, ...(walk.fields === undefined ? {} : { fields: withFeedFields(walk.fields, walk.key) }) };
  const body = (await walk.runtime.call<{ items?: unknown[] | null; total_count?: number }>(walk.info, input, walk.callOptions)) ?? {};
  const items = body.items ?? [];
  const arrivals = items.map((item) => {
    const record = item as Record<string, unknown>;
    const at = record['updated_at'];
    const key = record[walk.key.item];
    if (!isTimestamp(at) || (typeof key !== 'number' && typeof key !== 'string')) {
      throw new ResponseError(`readChanges: an item of ${walk.info.key} lacks updated_at (YYYY-MM-DD HH:MM:SS) or ${walk.key.item}.`, JSON.stringify(item), { service: 'commerce' });
    }
    return { item, key, at };
  });
  return { arrivals, counted: body.total_count ?? arrivals.length };
}
