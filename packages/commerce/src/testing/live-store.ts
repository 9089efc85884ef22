/**
 * The fake as a busy store (`createFakeCommerce({ live })`): what a reader of the search routes meets
 * on a 2.4 installation in use (facts: magento/magento2's collection processors and trackers, listed in
 * docs/platform-behaviour.md, "Search routes on a live store"):
 * - records are inserted, updated and deleted between two search requests, by a hook of the test's
 *   and by a built-in writer (so many per request, chosen by a seeded generator);
 * - `updated_at` / `created_at` come from a clock the test moves, in whole seconds (MySQL TIMESTAMP),
 *   so many rows share a second;
 * - a write can commit late: its `updated_at` is taken when the statement runs, but it becomes
 *   visible only later, so a reader can meet a row older than rows it has already read;
 * - rows that tie on every sort key (every row, without a sort) come back in a fresh order on every
 *   request (search.ts, `random`);
 * - each search request can cost server time (per request, per item, per row scanned) and wait for
 *   one of a limited number of workers, on timers the test can drive (vi.useFakeTimers).
 * The default fake has none of this and stays deterministic.
 */
import { ConfigurationError, InputError } from '@magekit/core';
import { createLiveClock, parseTimestamp, type LiveClock } from './live-clock.ts';
import type { LiveTable } from './search-tables.ts';
import { seededRandom } from './seeded-random.ts';
import { customerRecord, productRecord, type Entity, type FakeStore } from './store.ts';

export interface FakeLiveOptions {
  /** Seed of the generators behind the shuffled ties and the built-in writer: the same run every time. Default 1. */
  seed?: number;
  clock?: {
    /** Where the clock starts (`YYYY-MM-DD HH:MM:SS`, UTC). Default: one second after the newest `updated_at`/`created_at` in the store. */
    start?: string;
    /** Milliseconds the clock moves before each search request is answered. Default 0: only the test moves it. */
    tickMs?: number;
  };
  /**
   * Called before each search request on products, orders or customers is answered, after the
   * built-in writer: make the writes that land "between two requests" here. May return a promise.
   */
  beforeSearch?: (live: LiveWrites, request: LiveSearchRequest) => void | Promise<void>;
  /** Writes made before each search request on the table it reads (or on `tables`). Default: none. */
  writer?: LiveWriterOptions;
  /** Server time and workers for search requests, for benches. Default: free and unlimited. */
  costs?: LiveCosts;
}

export interface LiveWriterOptions {
  /** Rows updated per request (price, status or lastname changed; updated_at bumped). */
  updates?: number;
  /** Rows inserted per request (a copy of the table's first row with new keys). */
  inserts?: number;
  /** Rows deleted per request. */
  deletes?: number;
  /** The tables written to. Default: the table the request reads. */
  tables?: LiveTable[];
  /** A share (0..1) of the writer's inserts and updates commit `delayMs` late (on the live clock). */
  late?: { share: number; delayMs: number };
}

export interface LiveCosts {
  /** Server time of every search request, in ms. */
  requestMs?: number;
  /** Server time per item returned, in ms: the platform loads each item whole, whatever `fields` keeps. */
  itemMs?: number;
  /** Server time per row scanned (COUNT + OFFSET + returned), in ms. */
  scannedRowMs?: number;
  /** Workers (PHP-FPM children): search requests beyond this many wait in line. Default: no limit. */
  workers?: number;
}

export interface LiveSearchRequest {
  /** The route key, `GET /V1/orders`. */
  route: string;
  table: LiveTable;
  /** 1 for the first search request the live store answers, and so on. */
  index: number;
  /** The request's query (searchCriteria, fields), to aim a write just behind or ahead of the reader. */
  query: URLSearchParams;
}

export interface LiveWriteOptions {
  /** Live-clock milliseconds before the write becomes visible; its timestamps are taken now. Default 0. */
  commitAfterMs?: number;
}

export interface LiveUpdateOptions extends LiveWriteOptions {
  /** Bump `updated_at` (default true). `false` is a write the column misses: a mass attribute or stock update. */
  touch?: boolean;
}

/** Writes to the live store; rows are named by their entity id (`id` on products and customers, `entity_id` on orders). */
export interface LiveWrites {
  readonly clock: LiveClock;
  /** The writer's seeded generator, so a hook's own choices repeat every run too. */
  readonly random: () => number;
  /** Entity ids of the rows a reader can see now. */
  ids(table: LiveTable): number[];
  /** A visible row, or undefined. */
  get(table: LiveTable, id: number): Entity | undefined;
  /** Inserts a row (a copy of the table's first row with new keys and `fields` over it); answers it as it will be stored. */
  insert(table: LiveTable, fields?: Entity, options?: LiveWriteOptions): Entity;
  /** Updates a row (`changes`, or the writer's own change when omitted); answers it as it will be stored. */
  update(table: LiveTable, id: number, changes?: Entity, options?: LiveUpdateOptions): Entity;
  /** Deletes a row; false when there is none. */
  delete(table: LiveTable, id: number, options?: LiveWriteOptions): boolean;
}

/** `fake.live`: the writes handle, and what is still waiting to commit. */
export interface FakeLive extends LiveWrites {
  /** Writes made but not yet visible (late commits). */
  readonly pendingCommits: number;
}

export interface LiveStore {
  readonly live: FakeLive;
  /** The generator behind the order of tied rows (its own stream, so the writer's settings do not change it). */
  readonly shuffle: () => number;
  /** Serves one search request as the live store does: a worker, the writes between requests, the answer, its server time. */
  serve<T>(route: string, table: LiveTable, query: URLSearchParams, answer: () => { value: T; scanned: number; returned: number }): Promise<T>;
}

const KEY: Record<LiveTable, 'id' | 'entity_id'> = { products: 'id', customers: 'id', orders: 'entity_id' };
const ID_KIND = { products: 'product', customers: 'customer', orders: 'order' } as const;
const ORDER_STATUSES = ['pending', 'processing', 'complete', 'holded', 'canceled'];
const DEFAULT_START = '2024-01-01 00:00:00';

const fail = (message: string): never => {
  throw new ConfigurationError(`createFakeCommerce({ live }): ${message}`, { service: 'commerce' });
};
const checkCount = (value: number | undefined, name: string, integer: boolean): void => {
  if (value !== undefined && (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value)))) fail(`${name} must be ${integer ? 'a whole number' : 'a number'} ≥ 0, got ${value}.`);
};

function validate(options: FakeLiveOptions): void {
  const writer = options.writer ?? {};
  for (const name of ['updates', 'inserts', 'deletes'] as const) checkCount(writer[name], `writer.${name}`, true);
  if (writer.late && (!(writer.late.share >= 0 && writer.late.share <= 1) || !(writer.late.delayMs >= 0))) fail(`writer.late needs a share between 0 and 1 and a delayMs ≥ 0, got ${JSON.stringify(writer.late)}.`);
  for (const table of writer.tables ?? []) if (!(table in KEY)) fail(`writer.tables: "${table}" is not one of products, orders, customers.`);
  for (const name of ['requestMs', 'itemMs', 'scannedRowMs'] as const) checkCount(options.costs?.[name], `costs.${name}`, false);
  const workers = options.costs?.workers;
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) fail(`costs.workers must be a whole number ≥ 1, got ${workers}.`);
  checkCount(options.clock?.tickMs, 'clock.tickMs', false);
  if (options.clock?.start !== undefined && parseTimestamp(options.clock.start) === undefined) fail(`clock.start must be "YYYY-MM-DD HH:MM:SS" (UTC), got ${JSON.stringify(options.clock.start)}.`);
}

/** One second after the newest stamp in the store, so live writes sort after the seeded rows. */
function defaultStart(store: FakeStore): number {
  let latest = parseTimestamp(DEFAULT_START)!;
  for (const rows of [store.products, store.customers, store.orders] as Map<unknown, Entity>[]) {
    for (const row of rows.values()) {
      for (const field of ['updated_at', 'created_at']) {
        const ms = typeof row[field] === 'string' ? parseTimestamp(row[field]) : undefined;
        if (ms !== undefined && ms > latest) latest = ms;
      }
    }
  }
  return latest + 1000;
}

interface PendingWrite {
  commitAt: number;
  order: number;
  row: string;
  apply(): void;
}

export function createLiveStore(options: FakeLiveOptions, store: FakeStore): LiveStore {
  validate(options);
  const seed = options.seed ?? 1;
  const random = seededRandom(seed);
  const shuffle = seededRandom(seed + 0x9e3779b9);
  const pending: PendingWrite[] = [];
  /** Rows with a write still to commit → the commit time of the last one: later writes to them wait behind it, as behind a row lock. */
  const locks = new Map<string, number>();
  let writes = 0;
  let requests = 0;
  const clock = createLiveClock(options.clock?.start === undefined ? defaultStart(store) : parseTimestamp(options.clock.start)!, commitDue);

  function commitDue(): void {
    const now = clock.now();
    const due = pending.filter((write) => write.commitAt <= now).sort((a, b) => a.commitAt - b.commitAt || a.order - b.order);
    if (due.length === 0) return;
    const left = pending.filter((write) => write.commitAt > now);
    pending.splice(0, pending.length, ...left);
    for (const write of due) write.apply();
    locks.clear();
    for (const write of left) locks.set(write.row, Math.max(locks.get(write.row) ?? 0, write.commitAt));
  }

  /** Runs a write now, or later: after `delay`, and never before an earlier write to the same row. */
  function schedule(table: LiveTable, id: number, delay: number | undefined, apply: () => void): void {
    const row = `${table}:${id}`;
    const held = locks.get(row);
    if (!delay && held === undefined) return apply();
    if (delay !== undefined && !(delay >= 0)) throw new InputError(`live write: commitAfterMs must be ≥ 0, got ${delay}.`, { service: 'commerce' });
    const commitAt = Math.max(clock.now() + (delay ?? 0), held ?? 0);
    locks.set(row, commitAt);
    pending.push({ commitAt, order: writes++, row, apply });
  }

  function find(table: LiveTable, id: number): Entity | undefined {
    if (table !== 'products') return store[table].get(id);
    for (const product of store.products.values()) if (product['id'] === id) return product;
    return undefined;
  }

  function put(table: LiveTable, record: Entity): void {
    if (table === 'products') store.products.set(String(record['sku']), record);
    else store[table].set(record[KEY[table]] as number, record);
  }

  function remove(table: LiveTable, id: number): void {
    if (table !== 'products') {
      store[table].delete(id);
      return;
    }
    const row = find(table, id);
    if (row) store.products.delete(String(row['sku']));
  }

  function firstRow(table: LiveTable): Entity | undefined {
    const rows = table === 'products' ? store.products : store[table];
    return rows.values().next().value;
  }

  /** A new row: a copy of the table's first row (so it carries what the table's rows carry) with new keys. */
  function newRecord(table: LiveTable, id: number, stamp: string, fields: Entity): Entity {
    const template = structuredClone(firstRow(table));
    const stamps = { created_at: stamp, updated_at: stamp };
    if (table === 'products') return { ...(template ?? productRecord(id, { price: 10, type_id: 'simple' })), id, sku: `LIVE-${id}`, name: `Live product ${id}`, ...stamps, ...fields };
    if (table === 'customers') return { ...(template ?? customerRecord(id, {})), id, email: `live${id}@example.com`, firstname: `Live${id}`, lastname: `Customer${id}`, ...stamps, ...fields };
    const items = Array.isArray(template?.['items']) ? (template['items'] as Entity[]).map((item) => ({ ...item, order_id: id })) : [];
    return { ...(template ?? { state: 'new', status: 'pending', grand_total: 0 }), entity_id: id, increment_id: `LIVE${String(id).padStart(9, '0')}`, items, ...stamps, ...fields };
  }

  /** The writer's change when the caller names none: a field a reader would notice, in a way that makes ties (prices repeat). */
  function defaultChange(table: LiveTable): Entity {
    if (table === 'products') return { price: 10 + Math.floor(random() * 90) };
    if (table === 'orders') return { status: ORDER_STATUSES[Math.floor(random() * ORDER_STATUSES.length)], grand_total: Math.round(random() * 50_000) / 100 };
    return { lastname: `Last${Math.floor(random() * 1000)}` };
  }

  const noRow = (table: LiveTable, id: number, what: string): never => {
    throw new InputError(`live ${what}: there is no ${table} row with entity id ${id}.`, { service: 'commerce' });
  };

  const live: FakeLive = {
    clock,
    random,
    get pendingCommits() {
      return pending.length;
    },
    ids(table) {
      if (table === 'products') return [...store.products.values()].map((row) => row['id'] as number);
      return [...store[table].keys()];
    },
    get: find,
    insert(table, fields = {}, writeOptions = {}) {
      if (table === 'products' && typeof fields['sku'] === 'string' && store.products.has(fields['sku'])) {
        throw new InputError(`live insert: a product with SKU ${JSON.stringify(fields['sku'])} exists; update it instead.`, { service: 'commerce' });
      }
      const id = store.nextId(ID_KIND[table]);
      const record = newRecord(table, id, clock.stamp(), fields);
      schedule(table, id, writeOptions.commitAfterMs, () => put(table, record));
      return record;
    },
    update(table, id, changes, writeOptions = {}) {
      const current = find(table, id);
      if (!current && !locks.has(`${table}:${id}`)) noRow(table, id, 'update');
      const change = changes ?? defaultChange(table);
      // updated_at is the statement's time, not the commit's.
      const stamp = writeOptions.touch === false ? {} : { updated_at: clock.stamp() };
      const apply = (): void => {
        const row = find(table, id);
        if (row) put(table, { ...row, ...change, [KEY[table]]: id, ...(table === 'products' ? { sku: row['sku'] } : {}), ...stamp });
      };
      schedule(table, id, writeOptions.commitAfterMs, apply);
      return { ...(current ?? {}), ...change, [KEY[table]]: id, ...stamp };
    },
    delete(table, id, writeOptions = {}) {
      if (!find(table, id) && !locks.has(`${table}:${id}`)) return false;
      schedule(table, id, writeOptions.commitAfterMs, () => remove(table, id));
      return true;
    },
  };

  /** The built-in writer: rows picked at random among those without a write waiting to commit. */
  function runWriter(readTable: LiveTable): void {
    const writer = options.writer;
    if (!writer) return;
    const late = (): LiveWriteOptions => (writer.late && random() < writer.late.share ? { commitAfterMs: writer.late.delayMs } : {});
    for (const table of writer.tables ?? [readTable]) {
      const free = live.ids(table).filter((id) => !locks.has(`${table}:${id}`));
      const pick = (): number | undefined => {
        if (free.length === 0) return undefined;
        const index = Math.floor(random() * free.length);
        const id = free[index]!;
        free[index] = free[free.length - 1]!;
        free.pop();
        return id;
      };
      for (let i = 0; i < (writer.inserts ?? 0); i += 1) live.insert(table, {}, late());
      for (let i = 0; i < (writer.updates ?? 0); i += 1) {
        const id = pick();
        if (id !== undefined) live.update(table, id, undefined, late());
      }
      for (let i = 0; i < (writer.deletes ?? 0); i += 1) {
        const id = pick();
        if (id !== undefined) live.delete(table, id);
      }
    }
  }

  const workers = createWorkers(options.costs?.workers);
  const costs = options.costs ?? {};

  return {
    live,
    shuffle,
    async serve(route, table, query, answer) {
      await workers.acquire();
      try {
        if (options.clock?.tickMs) clock.advance(options.clock.tickMs);
        requests += 1;
        runWriter(table);
        await options.beforeSearch?.(live, { route, table, index: requests, query: new URLSearchParams(query) });
        const { value, scanned, returned } = answer();
        const ms = (costs.requestMs ?? 0) + (costs.itemMs ?? 0) * returned + (costs.scannedRowMs ?? 0) * scanned;
        if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
        return value;
      } finally {
        workers.release();
      }
    },
  };
}

/** At most `limit` requests at once; the rest wait in arrival order. */
function createWorkers(limit: number | undefined): { acquire(): Promise<void>; release(): void } {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (limit === undefined) return;
      if (busy < limit) {
        busy += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      if (limit === undefined) return;
      const next = waiting.shift();
      if (next) next(); // the slot passes straight to the next in line
      else busy -= 1;
    },
  };
}
