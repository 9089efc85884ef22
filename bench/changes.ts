// The change-feed figures: what "every order changed since the checkpoint" costs the server when 1 %
// of 20,000 orders changed, in requests and rows scanned (COUNT + OFFSET + returned, as the fake's
// searchStats count them), beside a full walk of the table (the partitioned export) and the feed's
// own first run, and beside offset paging on
// `updated_at gt <mark>` as the connectors do it (hotglue's tap: 300 a page). The same 200 changes
// over a table half the size show the feed's cost follows the changes, not the table. Last, both
// ways sync twice on a busy store (the fake in live mode) and count the orders lost or left stale.
// Everything runs in-process against the fake: these are counts, not times.
import { createCommerceClient, exportRecords, missingKeys, none, readChanges, type CommerceClient } from '../packages/commerce/src/index.ts';
import { createFakeCommerce, type FakeCommerce, type LiveWrites } from '../packages/commerce/src/testing/index.ts';

type Row = [figure: string, magekit: string, baseline: string, note: string];

export interface BenchChangesOptions {
  orders?: number;
  /** Share of the orders changed after the first sync. Default 0.01. */
  changedShare?: number;
}

interface Cost {
  requests: number;
  rowsScanned: number;
  delivered: number;
}

export interface BenchChangesResult {
  orders: number;
  changed: number;
  feed: Cost;
  /** The first run of a feed: every order, in updated_at windows. */
  firstRun: Cost;
  /** Every order by the partitioned export (4 slices): the way to read a whole table. */
  fullWalk: Cost;
  offsetOnUpdatedAt: Cost;
  /** The same changes over a table of half the size. */
  feedHalfTable: Cost;
  churn: { feed: { lost: number; stale: number }; offsetOnUpdatedAt: { lost: number; stale: number }; orders: number };
  rows: Row[];
}

const BASE = 'https://shop.bench-changes.test';

function clientOf(fake: FakeCommerce): CommerceClient {
  return createCommerceClient({ baseUrl: BASE, auth: none(), fetch: (input, init) => fake.handle(new Request(input, init)) });
}

async function measured(fake: FakeCommerce, run: () => Promise<number>): Promise<Cost> {
  fake.searchStats.reset();
  const delivered = await run();
  return { requests: fake.searchStats.requests, rowsScanned: fake.searchStats.rowsScanned, delivered };
}

/** Offset paging on updated_at as the connectors do it: `updated_at gt mark`, sorted by updated_at, 300 a page, until a short page. */
async function offsetOnUpdatedAt(commerce: CommerceClient, mark: string, deliver: (order: Record<string, unknown>) => void): Promise<string> {
  let next = mark;
  for (let page = 1; ; page += 1) {
    const body = await commerce.request('GET /V1/orders', {
      searchCriteria: { filter_groups: [{ filters: [{ field: 'updated_at', value: mark, condition_type: 'gt' }] }], sort_orders: [{ field: 'updated_at', direction: 'ASC' }], page_size: 300, current_page: page },
    });
    const items = (body.items ?? []) as Record<string, unknown>[];
    for (const item of items) {
      deliver(item);
      if (typeof item['updated_at'] === 'string' && item['updated_at'] > next) next = item['updated_at'];
    }
    if (items.length < 300) return next;
  }
}

/** Changes `count` orders spread over the table, an hour after the seeded ones. */
function changeOrders(fake: FakeCommerce, count: number): void {
  const live = fake.live!;
  live.clock.advance(3_600_000);
  const ids = live.ids('orders');
  const step = ids.length / count;
  for (let i = 0; i < count; i += 1) {
    live.update('orders', ids[Math.floor(i * step)]!);
    if (i % 7 === 0) live.clock.advance(1000); // several changes a second, as after a busy minute
  }
}

async function feedCosts(orders: number, changed: number): Promise<{ feed: Cost; firstRun: Cost; fullWalk: Cost; offsetOnUpdatedAt: Cost }> {
  const fake = createFakeCommerce({ auth: false, seed: { orders }, live: { seed: 1 } });
  const commerce = clientOf(fake);
  let checkpoint = '';
  const fullWalk = await measured(fake, async () => (await exportRecords(commerce, 'GET /V1/orders', {}, () => {}, { pageSize: 300, concurrency: 4 })).rows);
  const firstRun = await measured(fake, async () => {
    const result = await readChanges(commerce, 'GET /V1/orders', undefined, { pageSize: 300, deliver: () => {} });
    checkpoint = result.checkpoint;
    return result.delivered;
  });
  const mark = fake.live!.get('orders', orders)!['updated_at'] as string; // the newest seeded order's
  changeOrders(fake, changed);
  const feed = await measured(fake, async () => (await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint, pageSize: 300, deliver: () => {} })).delivered);
  let seen = 0;
  const offset = await measured(fake, async () => {
    await offsetOnUpdatedAt(commerce, mark, () => (seen += 1));
    return seen;
  });
  return { feed, firstRun, fullWalk, offsetOnUpdatedAt: offset };
}

/** Two syncs on a busy store (writes between requests, 20 % of them committing up to 20 s late), then the mirror against the store. */
async function churn(sync: (commerce: CommerceClient, mark: string, upsert: (o: Record<string, unknown>) => void) => Promise<string>): Promise<{ lost: number; stale: number; orders: number }> {
  let writing = true;
  const fake = createFakeCommerce({
    auth: false,
    seed: { orders: 2000 },
    live: {
      seed: 3,
      clock: { tickMs: 300 },
      beforeSearch: (live: LiveWrites) => {
        if (!writing) return;
        const ids = live.ids('orders');
        const pick = () => ids[Math.floor(live.random() * ids.length)]!;
        const late = () => (live.random() < 0.2 ? { commitAfterMs: Math.round(live.random() * 20_000) } : {});
        for (let i = 0; i < 4; i += 1) live.update('orders', pick(), undefined, late());
        live.insert('orders', {}, late());
        live.delete('orders', pick());
      },
    },
  });
  const commerce = clientOf(fake);
  for (let i = 0; i < 10; i += 1) await commerce.orders.list({ searchCriteria: { page_size: 1 } });
  const mirror = new Map<number, Record<string, unknown>>();
  const upsert = (order: Record<string, unknown>) => void mirror.set(order['entity_id'] as number, order);
  const mark = await sync(commerce, '', upsert);
  writing = false;
  fake.live!.clock.advance(30_000);
  await sync(commerce, mark, upsert);
  for (const id of await missingKeys(commerce, 'GET /V1/orders', mirror.keys())) mirror.delete(id as number);
  const ids = fake.live!.ids('orders');
  const lost = ids.filter((id) => !mirror.has(id)).length;
  const stale = ids.filter((id) => mirror.has(id) && mirror.get(id)!['updated_at'] !== fake.live!.get('orders', id)!['updated_at']).length;
  return { lost, stale, orders: ids.length };
}

export async function benchChanges(options: BenchChangesOptions = {}): Promise<BenchChangesResult> {
  const orders = options.orders ?? 20_000;
  const changed = Math.round(orders * (options.changedShare ?? 0.01));
  const { feed, firstRun, fullWalk, offsetOnUpdatedAt: offset } = await feedCosts(orders, changed);
  const { feed: feedHalfTable } = await feedCosts(Math.round(orders / 2), changed);
  const feedChurn = await churn(async (commerce, mark, upsert) => {
    const result = await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: mark, pageSize: 100, deliver: ({ items }) => items.forEach((o) => upsert(o as Record<string, unknown>)) });
    return result.checkpoint;
  });
  const offsetChurn = await churn((commerce, mark, upsert) => offsetOnUpdatedAt(commerce, mark || '1970-01-01 00:00:00', upsert));

  const fmt = (n: number) => n.toLocaleString('en-US');
  const cost = (c: Cost) => `${fmt(c.requests)} requests, ${fmt(c.rowsScanned)} rows scanned`;
  const rows: Row[] = [
    [`feed: ${fmt(changed)} of ${fmt(orders)} orders changed`, cost(feed), `full walk (export) ${cost(fullWalk)}`, `${fmt(feed.delivered)} delivered; ${(feed.rowsScanned / Math.max(1, feed.delivered)).toFixed(1)} rows scanned per change; the full walk reads all ${fmt(fullWalk.delivered)}`],
    [`feed: first run over ${fmt(orders)} orders`, cost(firstRun), `full walk (export) ${cost(fullWalk)}`, `${(firstRun.rowsScanned / Math.max(1, firstRun.delivered)).toFixed(1)} rows scanned per order (updated_at windows of about a page)`],
    [`feed: the same ${fmt(changed)} changes, ${fmt(Math.round(orders / 2))} orders`, cost(feedHalfTable), `${fmt(orders)} orders: ${cost(feed)}`, 'the cost follows the changes, not the table'],
    ['offset paging on updated_at gt mark (300/page)', cost(offset), `feed ${cost(feed)}`, `${fmt(offset.delivered)} delivered; cheap on a quiet store, lossy on a busy one (next row)`],
    [
      `busy store: two syncs of ${fmt(feedChurn.orders)} orders`,
      `feed: ${feedChurn.lost} lost, ${feedChurn.stale} stale`,
      `offset on updated_at: ${offsetChurn.lost} lost, ${offsetChurn.stale} stale`,
      'writes between requests, 20 % committing up to 20 s late; deletes reconciled with missingKeys',
    ],
  ];
  return { orders, changed, feed, firstRun, fullWalk, offsetOnUpdatedAt: offset, feedHalfTable, churn: { feed: feedChurn, offsetOnUpdatedAt: offsetChurn, orders: feedChurn.orders }, rows };
}
