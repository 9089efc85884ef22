/**
 * Partitioned exports: every record of a search route, in slices of its key range walked in parallel,
 * each slice in bounded windows, resumable from a checkpoint.
 *
 * Offset paging makes every page count the whole result and skip the earlier pages again, so an
 * export's server work grows with the square of its size. Here the key range is found first (the
 * smallest key, then the largest: reference facts §6) and cut into slices; each slice is read in
 * windows `lo < key <= hi` sized to about one page, so every request's COUNT and scan cover only its
 * own rows. Slices run `concurrency` at a time: size it to the installation's PHP workers.
 *
 * The checkpoint is plain JSON: the walk's header (reads/checkpoint.ts) and each slice's bounds and
 * progress (every record of the slice with a key up to `after` was delivered). `planExport` makes one
 * without reading any record, and `sliceCheckpoint` cuts it into one checkpoint a slice, so a job
 * queue can spread one export over many workers, each calling `exportRecords` with its own.
 */
import { AbortError, InputError } from '@magekit/core';
import type { RuntimeHolder } from '../calls/runtime.ts';
import type { ListRouteKey, Routes } from '../generated/operations.ts';
import type { FieldsArgument } from '../fields/method-types.ts';
import type { SelectedItem } from '../fields/types.ts';
import { checkpointHeader, damaged, readCheckpoint, type CheckpointHeader } from './checkpoint.ts';
import { keyWindow, type KeyValue } from './keyset.ts';
import type { PaginateParams } from './paginate.ts';
import { pageReader, planWalk, type WalkOptions, type WalkPage, type WalkPlan } from './walk.ts';

/** One slice of the key range: keys above `lo` up to `hi`; `after`: every record up to it was delivered. */
export interface ExportSlice {
  /** Exclusive lower bound. */
  lo: KeyValue;
  /** Inclusive upper bound; null: no bound (a key that is not a whole number cannot be cut). */
  hi: KeyValue;
  /** Every record of the slice with a key up to this one was delivered; null: none yet. */
  after: KeyValue;
  done: boolean;
}

/** Where an export stands: plain JSON, to store, to hand back, or to share out to workers. */
export interface ExportCheckpoint extends CheckpointHeader {
  magekit: 'export';
  /** Matching records when the key range was found. */
  estimatedTotal: number;
  slices: ExportSlice[];
}

export interface ExportProgress {
  /** Records delivered by this run. */
  rows: number;
  /** Matching records when the export was planned. */
  estimatedTotal: number;
  slices: number;
  slicesDone: number;
  /** Search requests this run sent. */
  requests: number;
}

export interface ExportOptions extends WalkOptions {
  /** Slices read at once (default 4); size it to the installation's PHP workers. */
  concurrency?: number | undefined;
  /** Slices the key range is cut into (default: concurrency). */
  slices?: number | undefined;
  /** Go on from this checkpoint (an object or its JSON text) instead of starting over. */
  checkpoint?: ExportCheckpoint | string | undefined;
  /** After each page delivered: rows so far and the estimated total. */
  onProgress?: ((progress: ExportProgress) => void) | undefined;
  /** After each page delivered: store it to go on from there after a failure. */
  onCheckpoint?: ((checkpoint: ExportCheckpoint) => void | Promise<void>) | undefined;
}

export interface ExportResult {
  rows: number;
  requests: number;
  checkpoint: ExportCheckpoint;
}

/** Receives each page's records; never called again before the previous call settled. Throwing stops the export. */
export type Deliver<Item> = (items: Item[], context: { slice: number }) => void | Promise<void>;

const DEFAULT_EXPORT_PAGE_SIZE = 300;
const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 64;

/**
 * Finds the key range of a search and cuts it into slices: a checkpoint from which `exportRecords`
 * (in one process, or one slice a worker after `sliceCheckpoint`) reads every record. Two requests
 * of one record each; the first counts the whole result, the second only the keys above the
 * smallest key plus that count.
 */
export async function planExport<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(
  client: RuntimeHolder,
  route: K,
  params?: PaginateParams<K, F>,
  options: Omit<ExportOptions, 'checkpoint' | 'onProgress' | 'onCheckpoint'> = {},
): Promise<ExportCheckpoint> {
  const { plan, slices } = planExportWalk(client, route, params, options, `planExport: ${route}`);
  return (await findSlices(plan, slices)).checkpoint;
}

/** One checkpoint a slice, each of them a whole export for `exportRecords` (a worker's share). */
export function sliceCheckpoint(checkpoint: ExportCheckpoint): ExportCheckpoint[] {
  return checkpoint.slices.map((slice) => ({ ...checkpoint, slices: [{ ...slice }] }));
}

/**
 * Reads every record of a search route into `deliver`, page by page: every record that exists for
 * the whole export exactly once. Sorted by nothing but the key (records arrive in key order within a
 * slice); `fields` narrow the records as in paginate.
 */
export async function exportRecords<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(
  client: RuntimeHolder,
  route: K,
  params: PaginateParams<K, F> | undefined,
  deliver: Deliver<SelectedItem<Routes[K]['output'], F>>,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const label = `exportRecords: ${route}`;
  const { concurrency, checkpoint: given, onProgress, onCheckpoint, ...rest } = options;
  const workers = countOption(concurrency ?? DEFAULT_CONCURRENCY, 'concurrency', label);
  if (typeof deliver !== 'function') throw new InputError(`${label}: deliver must be a function that takes each page's records.`, { service: 'commerce' });
  const { plan, slices } = planExportWalk(client, route, params, { ...rest, slices: rest.slices ?? workers }, label);
  const header = checkpointHeader('export', plan);
  let requests = 0;
  let checkpoint: ExportCheckpoint;
  if (given === undefined) {
    const found = await findSlices(plan, slices);
    checkpoint = found.checkpoint;
    requests += found.requests;
  } else {
    checkpoint = checkSlices(readCheckpoint(given, header, label), label);
  }

  const read = pageReader(plan);
  const stop = new AbortController();
  const signal = plan.callOptions.signal ? AbortSignal.any([plan.callOptions.signal, stop.signal]) : stop.signal;
  let rows = 0;
  let delivering: Promise<unknown> = Promise.resolve();
  const progress = () => ({ rows, estimatedTotal: checkpoint.estimatedTotal, slices: checkpoint.slices.length, slicesDone: checkpoint.slices.filter((s) => s.done).length, requests });

  // Deliveries run one at a time, in the order pages arrive; the checkpoint moves only after one settled.
  const handOver = (index: number, page: WalkPage, reached: KeyValue, done: boolean): Promise<void> => {
    const next = delivering.then(async () => {
      // Once a slice failed, pages already read by the others are not delivered.
      if (stop.signal.aborted) throw stop.signal.reason;
      if (page.items.length > 0) await deliver(page.items as SelectedItem<Routes[K]['output'], F>[], { slice: index });
      rows += page.items.length;
      const slice = checkpoint.slices[index]!;
      checkpoint = { ...checkpoint, slices: checkpoint.slices.map((s, i) => (i === index ? { ...slice, after: reached, done } : s)) };
      await onCheckpoint?.(checkpoint);
      onProgress?.(progress());
    });
    // A delivery that failed stops the export before the next one in line runs (its page is not handed over).
    delivering = next.catch((error: unknown) => stop.abort(error));
    return next;
  };

  const walkSlice = async (index: number): Promise<void> => {
    const slice = checkpoint.slices[index]!;
    let from = slice.after ?? slice.lo;
    // A window holds about one page: its width in keys follows the density seen so far.
    let width = initialWidth(checkpoint, plan.pageSize);
    while (!signal.aborted) {
      const windowHi = windowEnd(from, width, slice.hi);
      const bounds = keyWindow(plan.key!, from, windowHi);
      let after: KeyValue[] | undefined;
      let first = true;
      for (;;) {
        requests += 1;
        const page = await read({ after, bounds, signal });
        if (first && width !== undefined && typeof from === 'number' && typeof windowHi === 'number') width = nextWidth(width, windowHi - from, page.remaining, plan.pageSize);
        first = false;
        after = page.position as KeyValue[] | undefined;
        const windowDone = page.last;
        const sliceDone = windowDone && windowHi === slice.hi;
        const reached = windowDone ? (windowHi ?? after?.[0] ?? from) : after![0]!;
        await handOver(index, page, reached, sliceDone);
        if (windowDone) break;
      }
      if (windowHi === slice.hi) return;
      from = windowHi;
    }
  };

  const queue = checkpoint.slices.map((slice, index) => (slice.done ? -1 : index)).filter((index) => index >= 0);
  const runner = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) await walkSlice(index);
  };
  try {
    // A runner beyond the slices left finds the queue empty and ends at once.
    await Promise.all(Array.from({ length: workers }, runner));
  } catch (error) {
    // One slice failed (or its delivery did): stop the others; the checkpoint stays at the last page delivered.
    stop.abort(error);
    await delivering;
    throw error;
  }
  if (plan.callOptions.signal?.aborted) throw new AbortError(`${label} was aborted by the caller.`, { service: 'commerce', cause: plan.callOptions.signal.reason });
  return { rows, requests, checkpoint };
}

function planExportWalk(client: RuntimeHolder, route: string, params: object | undefined, options: Omit<ExportOptions, 'concurrency' | 'checkpoint' | 'onProgress' | 'onCheckpoint'>, label: string): { plan: WalkPlan; slices: number } {
  const { slices, ...walkOptions } = options;
  const plan = planWalk(client, route, params, { ...walkOptions, pageSize: walkOptions.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE }, label);
  if (plan.key === undefined) throw new InputError(`${label}: an export walks by key; paging: 'offset' cannot be cut into slices.`, { service: 'commerce' });
  if (plan.order.length !== 1 || plan.order[0]!.direction !== 'ASC') {
    throw new InputError(`${label}: an export reads slices in parallel in key order; drop the sort orders (sort the exported records afterwards).`, { service: 'commerce' });
  }
  if (plan.firstPage !== 1) throw new InputError(`${label}: an export reads every record; drop current_page.`, { service: 'commerce' });
  return { plan, slices: countOption(slices ?? DEFAULT_CONCURRENCY, 'slices', label) };
}

function countOption(value: unknown, name: string, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new InputError(`${label}: ${name} must be a whole number from 1 to ${MAX_CONCURRENCY}, got ${JSON.stringify(value)}.`, { service: 'commerce' });
  }
  return value;
}

/** The smallest and largest key (one record each), cut into `slices` slices of whole numbers. */
async function findSlices(plan: WalkPlan, slices: number): Promise<{ checkpoint: ExportCheckpoint; requests: number }> {
  // Only the key is read: the server still loads each record whole, but sends one field.
  const one: WalkPlan = { ...plan, pageSize: 1, fields: `items[${plan.key!.item}],total_count` };
  const ascending = await pageReader(one)({});
  const header = checkpointHeader('export', plan);
  const low = ascending.position?.[0];
  // A position never holds a null key (positionOf refuses an item without one).
  if (low === undefined) return { checkpoint: { ...header, magekit: 'export', estimatedTotal: ascending.remaining, slices: [] }, requests: 1 };
  const total = ascending.remaining;
  if (typeof low !== 'number' || !Number.isInteger(low) || slices === 1 || total <= 1) {
    return { checkpoint: { ...header, magekit: 'export', estimatedTotal: total, slices: [{ lo: null, hi: null, after: null, done: false }] }, requests: 1 };
  }
  // N distinct whole keys from `low` on reach at least low + N - 1: asking only above it keeps this
  // request's count small (the rows above it are those the gaps in the keys pushed there).
  const key = plan.key!;
  const descending = pageReader({ ...one, order: [{ ...key, direction: 'DESC' }] });
  let top = await descending({ bounds: keyWindow(key, low + total - 2, undefined) });
  let requests = 2;
  // Records deleted meanwhile can leave nothing there: ask again without the bound.
  if (top.position === undefined) {
    top = await descending({});
    requests += 1;
  }
  const high = top.position?.[0];
  if (typeof high !== 'number' || !Number.isInteger(high)) throw damaged(plan.label, `the largest ${key.item} is not a whole number (${JSON.stringify(high)})`);
  const span = high - low + 1;
  const parts = Math.max(1, Math.min(slices, span));
  const out: ExportSlice[] = [];
  for (let i = 0; i < parts; i += 1) {
    const lo = low - 1 + Math.floor((span * i) / parts);
    const hi = low - 1 + Math.floor((span * (i + 1)) / parts);
    out.push({ lo, hi, after: null, done: false });
  }
  return { checkpoint: { ...header, magekit: 'export', estimatedTotal: total, slices: out }, requests };
}

/** The slices of a checkpoint whose header matched; a CheckpointError when they are not slices. */
function checkSlices(checkpoint: Record<string, unknown>, label: string): ExportCheckpoint {
  const { slices, estimatedTotal } = checkpoint;
  const isKey = (v: unknown) => v === null || typeof v === 'string' || Number.isFinite(v);
  const isSlice = (s: unknown) => {
    const slice = s as Partial<ExportSlice> | null;
    return !!slice && isKey(slice.lo) && isKey(slice.hi) && isKey(slice.after) && typeof slice.done === 'boolean';
  };
  if (!Array.isArray(slices) || !slices.every(isSlice)) throw damaged(label, 'its slices are not [{ lo, hi, after, done }]');
  if (typeof estimatedTotal !== 'number' || !Number.isInteger(estimatedTotal) || estimatedTotal < 0) throw damaged(label, 'its estimatedTotal is not a whole number');
  return checkpoint as unknown as ExportCheckpoint;
}

/** The end of the window after `from`: `width` keys on, inside the slice; the slice's end where keys are not whole numbers. */
function windowEnd(from: KeyValue, width: number | undefined, hi: KeyValue): KeyValue {
  return width !== undefined && typeof from === 'number' && typeof hi === 'number' ? Math.min(from + width, hi) : hi;
}

/** Keys per window at the start: a page's worth at the density the range showed (whole-number keys only). */
function initialWidth(checkpoint: ExportCheckpoint, pageSize: number): number | undefined {
  const bounded = checkpoint.slices.filter((s) => typeof s.lo === 'number' && typeof s.hi === 'number');
  if (bounded.length === 0 || bounded.length !== checkpoint.slices.length) return undefined;
  const keys = bounded.reduce((sum, s) => sum + (s.hi as number) - (s.lo as number), 0);
  const density = checkpoint.estimatedTotal / Math.max(1, keys);
  return Math.max(1, Math.round(pageSize / Math.max(density, 1e-9)));
}

/** The next window's width after one of `width` keys held `rows` records: aim at one page, move by at most 4× a step. */
function nextWidth(width: number, span: number, rows: number, pageSize: number): number {
  // No rows: the aim is past any bound, so the window grows by the most a step allows.
  const aimed = Math.round((span * pageSize) / rows);
  return Math.max(1, Math.min(width * 4, Math.max(Math.floor(width / 4), aimed)));
}
