/**
 * Change feeds on a busy store: the fake in live mode writes between requests (updates, inserts,
 * deletes; some rows saved twice within a second; a share of the writes committing late, up to the
 * lookback), its clock moves 0.3 s a request so many rows share a second. A mirror kept by upsert
 * from one feed run while the store is written to, plus a second run from the checkpoint it returned
 * and a reconciliation of deletes, must equal the store: no record lost, none left at an old version.
 */
import { describe, expect, it } from 'vitest';
import { server } from '@magekit/test-support/msw';
import { createCommerceClient, missingKeys, none, readChanges } from '../../src/index.ts';
import { createFakeCommerce, type FakeCommerce, type LiveWrites } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';

const BASE = 'https://shop.live-feed.test';
const FIELDS = ['entity_id', 'status', 'grand_total', 'updated_at'] as const;
type Order = Partial<Record<(typeof FIELDS)[number], unknown>>;

interface Churn {
  /** Longest delay of a late commit, in ms of the live clock. */
  lateMs: number;
  /** Live-clock ms per request: at 300 a run spans seconds; at 20 a whole run shares one or two seconds. */
  tickMs: number;
}

/**
 * A live fake whose hook writes while `writing` is on, per request: 3 updates, 2 inserts, 1 delete (a
 * fifth of the updates and inserts late), and 2 rows updated earlier in the same second saved again
 * (their updated_at unchanged, their content not).
 */
function liveStore(churn: Churn, seed: number): { fake: FakeCommerce; writing: { on: boolean } } {
  const writing = { on: true };
  let second = '';
  let thisSecond: number[] = [];
  const fake = createFakeCommerce({
    auth: false,
    seed: { orders: 600 },
    live: {
      seed,
      clock: { tickMs: churn.tickMs },
      beforeSearch: (live: LiveWrites) => {
        if (!writing.on) return;
        const late = () => (live.random() < 0.2 ? { commitAfterMs: Math.round(live.random() * churn.lateMs) } : {});
        const ids = live.ids('orders');
        const pick = () => ids[Math.floor(live.random() * ids.length)]!;
        if (live.clock.stamp() !== second) [second, thisSecond] = [live.clock.stamp(), []];
        for (const id of thisSecond.slice(-2)) if (live.get('orders', id)) live.update('orders', id);
        for (let i = 0; i < 3; i += 1) {
          const id = pick();
          live.update('orders', id, undefined, late());
          thisSecond.push(id);
        }
        for (let i = 0; i < 2; i += 1) live.insert('orders', { status: 'pending' }, late());
        live.delete('orders', pick());
      },
    },
  });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return { fake, writing };
}

/** What the store holds now, in the mirror's shape. */
function storeOrders(fake: FakeCommerce): Map<number, Order> {
  const out = new Map<number, Order>();
  for (const id of fake.live!.ids('orders')) {
    const row = fake.live!.get('orders', id)!;
    out.set(id, Object.fromEntries(FIELDS.map((f) => [f, row[f]])) as Order);
  }
  return out;
}

async function syncTwice(fake: FakeCommerce, writing: { on: boolean }, lookback: number) {
  const commerce = createCommerceClient({ baseUrl: BASE, auth: none() });
  // The shop was busy before the first sync too: writes still to commit when it starts.
  for (let i = 0; i < 20; i += 1) await commerce.orders.list({ searchCriteria: { page_size: 1 } });
  expect(fake.live!.pendingCommits).toBeGreaterThan(0);
  const mirror = new Map<number, Order>();
  const upsert = ({ items }: { items: Order[] }) => {
    for (const order of items) mirror.set(order.entity_id as number, order);
  };
  const first = await readChanges(commerce, 'GET /V1/orders', { fields: [...FIELDS] }, { pageSize: 40, lookback, deliver: upsert });
  // More writes after the run, some of them late, then quiet: the late ones land within the lookback.
  for (let i = 0; i < 3; i += 1) await commerce.orders.list({ searchCriteria: { page_size: 1 } });
  writing.on = false;
  fake.live!.clock.advance(30_000);
  expect(fake.live!.pendingCommits).toBe(0);
  const second = await readChanges(commerce, 'GET /V1/orders', { fields: [...FIELDS] }, { pageSize: 40, lookback, checkpoint: first.checkpoint, deliver: upsert });
  for (const key of await missingKeys(commerce, 'GET /V1/orders', mirror.keys())) mirror.delete(key as number);

  const store = storeOrders(fake);
  const lost = [...store.keys()].filter((id) => !mirror.has(id));
  // Compared field by field in one key order (the platform writes an order's keys in its getters' order, not FIELDS').
  const stale = [...store].filter(([id, row]) => mirror.has(id) && JSON.stringify(mirror.get(id), [...FIELDS]) !== JSON.stringify(row, [...FIELDS])).map(([id]) => id);
  const extra = [...mirror.keys()].filter((id) => !store.has(id));
  return { lost, stale, extra, first, second, size: store.size };
}

describe('change feeds on a live store', () => {
  for (const [seed, tickMs] of [[1, 300], [2, 300], [3, 20], [4, 20]] as const) {
    it(`loses nothing and leaves nothing at an old version under updates, inserts, deletes, same-second saves and commits up to 30 s late (seed ${seed}, ${tickMs} ms a request)`, async () => {
      const { fake, writing } = liveStore({ lateMs: 30_000, tickMs }, seed);
      const { lost, stale, extra, first, second, size } = await syncTwice(fake, writing, 30);
      expect({ lost, stale, extra }).toEqual({ lost: [], stale: [], extra: [] });
      // The churn happened: rows inserted and rows deleted.
      expect(fake.live!.ids('orders').filter((id) => id > 600).length).toBeGreaterThan(50);
      expect(size - fake.live!.ids('orders').filter((id) => id > 600).length).toBeLessThan(600);
      expect(second.delivered).toBeGreaterThan(0);
      expect(second.duplicatesDropped).toBeGreaterThan(0); // the overlap was read again and not delivered twice
    });
  }

  it('the same churn without a lookback loses the late commits: the test can tell', async () => {
    const { fake, writing } = liveStore({ lateMs: 30_000, tickMs: 300 }, 1);
    const { lost, stale } = await syncTwice(fake, writing, 0);
    expect(lost.length + stale.length).toBeGreaterThan(0);
  });
});
