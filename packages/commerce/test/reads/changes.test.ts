/** readChanges against the fake under MSW: checkpoints, the overlap, bad input and a deliver that throws. */
import { describe, expect, it } from 'vitest';
import { server } from '@magekit/test-support/msw';
import { CheckpointError, createCommerceClient, exportRecords, none, readChanges, type ChangePage } from '../../src/index.ts';
import { createFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';

const BASE = 'https://shop.feed.test';
type Order = { entity_id?: number; status?: string; updated_at?: string };

function setUp(seed = { orders: 25 }): { fake: FakeCommerce; commerce: ReturnType<typeof createCommerceClient> } {
  const fake = createFakeCommerce({ auth: false, seed });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }), ...commerceHandlers(fake, { baseUrl: 'https://other.feed.test' }));
  return { fake, commerce: createCommerceClient({ baseUrl: BASE, auth: none() }) };
}

const collect = (into: Order[]) => (page: ChangePage<Order>) => void into.push(...page.items);

describe('readChanges', () => {
  it('delivers every order once, in (updated_at, key) order, and a rerun from its checkpoint delivers nothing', async () => {
    const { commerce } = setUp();
    const got: Order[] = [];
    const first = await readChanges(commerce, 'GET /V1/orders', { fields: ['entity_id', 'status'] }, { pageSize: 10, deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(first).toMatchObject({ delivered: 25, duplicatesDropped: 0, requests: 4 }); // the newest updated_at, then 3 pages
    const again = await readChanges(commerce, 'GET /V1/orders', { fields: ['entity_id', 'status'] }, { checkpoint: first.checkpoint, deliver: collect(got) });
    expect(again.delivered).toBe(0);
    expect(again.duplicatesDropped).toBe(1); // order 25 sits in the 30 s read back, at the version delivered
  });

  it('delivers an order saved again within the second it was delivered in (its updated_at unchanged)', async () => {
    const { fake, commerce } = setUp();
    const first = await readChanges(commerce, 'GET /V1/orders', undefined, { deliver: () => {} });
    fake.store.orders.get(25)!['status'] = 'processing'; // same updated_at, 2024-01-01 00:25:00
    const got: Order[] = [];
    await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: first.checkpoint, deliver: collect(got) });
    expect(got.map((o) => [o.entity_id, o.status])).toEqual([[25, 'processing']]);
  });

  it('re-reads the lookback window for rows committed late, and not beyond it', async () => {
    const { fake, commerce } = setUp();
    const first = await readChanges(commerce, 'GET /V1/orders', undefined, { lookback: 90, deliver: () => {} });
    // Committed after the run, stamped when their statements ran: 30 s and 120 s before the newest change (00:25:00).
    for (const [id, stamp] of [[10, '2024-01-01 00:24:30'], [11, '2024-01-01 00:23:00']] as const) Object.assign(fake.store.orders.get(id)!, { status: 'late', updated_at: stamp });
    const got: Order[] = [];
    await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: first.checkpoint, deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual([10]);
  });

  it('starts from a date, or from scratch with ""', async () => {
    const { commerce } = setUp();
    const got: Order[] = [];
    await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: '2024-01-01 00:23:00', deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual([23, 24, 25]);
    const all = await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: '', deliver: () => {} });
    expect(all.delivered).toBe(25);
  });

  it('stops when deliver throws: its error as thrown, and the last handed checkpoint goes on from the page after', async () => {
    const { commerce } = setUp();
    const refusal = new Error('ERP is down');
    let stored = '';
    let pages = 0;
    const got: Order[] = [];
    const failing = readChanges(commerce, 'GET /V1/orders', undefined, {
      pageSize: 10,
      deliver: (page) => {
        if (++pages === 2) throw refusal;
        got.push(...page.items);
        stored = page.checkpoint;
      },
    });
    await expect(failing).rejects.toBe(refusal);
    expect(got).toHaveLength(10);
    await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: stored, pageSize: 10, deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("refuses another feed's checkpoint, a damaged one and a bad start before sending anything", async () => {
    const { fake, commerce } = setUp({ orders: 5, customers: 5 } as never);
    const { checkpoint } = await readChanges(commerce, 'GET /V1/orders', undefined, { deliver: () => {} });
    const sent = fake.stats.requests;
    const other = createCommerceClient({ baseUrl: 'https://other.feed.test', auth: none() });
    await expect(readChanges(other, 'GET /V1/orders', undefined, { checkpoint, deliver: () => {} })).rejects.toMatchObject({ problem: 'baseUrl' });
    await expect(readChanges(commerce, 'GET /V1/customers/search', undefined, { checkpoint, deliver: () => {} })).rejects.toMatchObject({ problem: 'route' });
    await expect(readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint, storeCode: 'de', deliver: () => {} })).rejects.toMatchObject({ problem: 'storeCode' });
    await expect(readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: checkpoint.slice(0, -2), deliver: () => {} })).rejects.toBeInstanceOf(CheckpointError);
    await expect(readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: 'last tuesday', deliver: () => {} })).rejects.toThrow('neither a checkpoint this SDK handed out nor a date');
    await expect(readChanges(commerce, 'GET /V1/orders', undefined, { lookback: 1.5, deliver: () => {} })).rejects.toThrow('lookback must be a whole number of seconds');
    await expect(readChanges(commerce, 'GET /V1/orders', { searchCriteria: { sort_orders: [{ field: 'status' }] } }, { deliver: () => {} })).rejects.toThrow('may only filter');
    expect(fake.stats.requests).toBe(sent);
  });

  it('reads a run in updated_at windows: each request counts about a page, not every row still ahead', async () => {
    const { fake, commerce } = setUp({ orders: 3000 });
    // Clusters a day apart: windows sized for one stretch must grow over the gaps and shrink in the crowds.
    for (const id of [5, 6, 7, 1500, 1501]) fake.store.orders.get(id)!['updated_at'] = `2024-01-0${id < 10 ? 4 : 6} 00:00:00`;
    const got: Order[] = [];
    const result = await readChanges(commerce, 'GET /V1/orders', undefined, { pageSize: 100, deliver: collect(got) });
    expect(new Set(got.map((o) => o.entity_id)).size).toBe(3000);
    expect(got.map((o) => o.updated_at)).toEqual([...got.map((o) => o.updated_at as string)].sort());
    // Two full counts find the run's bound and its oldest rows; then each window counts about its page.
    // Without windows: about 17 a row (each request counting every row still ahead).
    expect(fake.searchStats.rowsScanned / 3000).toBeLessThan(4.5);
    expect(result.requests).toBeLessThan(60);
  });

  it('walks a second that holds more rows than a page (a mass update) without asking for it twice', async () => {
    const { fake, commerce } = setUp({ orders: 400 });
    for (let id = 101; id <= 360; id += 1) fake.store.orders.get(id)!['updated_at'] = '2024-01-01 02:00:00';
    const got: Order[] = [];
    const result = await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: '2024-01-01 00:00:00', pageSize: 50, deliver: collect(got) });
    expect(new Set(got.map((o) => o.entity_id)).size).toBe(400);
    // The probe, 8 full pages, and a few windows that ran short where the density changes.
    expect(result.requests).toBeLessThanOrEqual(20);
    expect(fake.searchStats.rowsScanned / 400).toBeLessThan(5);
  });

  it("cannot see a product change that leaves updated_at alone (a stock or mass update); the full reconciliation does", async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 30 }, live: {} });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const commerce = createCommerceClient({ baseUrl: BASE, auth: none() });
    const feed = (checkpoint: string, into: { sku?: string | null; price?: number }[] = []) =>
      readChanges(commerce, 'GET /V1/products', { fields: ['sku', 'price'] }, { checkpoint, deliver: (page) => void into.push(...page.items) });
    const first = await feed('');
    // A minute on, another product is saved: the feed's next start moves past the seeded products.
    fake.live!.clock.advance(60_000);
    fake.live!.update('products', 1, { price: 99 });
    const second = await feed(first.checkpoint);
    fake.live!.update('products', 7, { price: 1.5 }, { touch: false });
    const got: { sku?: string | null; price?: number }[] = [];
    const third = await feed(second.checkpoint, got);
    expect(got).toEqual([]);
    expect(third.incomplete).toContain('does not move on mass attribute updates, saveAttribute or stock changes');
    const all: { sku?: string | null; price?: number }[] = [];
    await exportRecords(commerce, 'GET /V1/products', { fields: ['sku', 'price'] }, (items) => void all.push(...items));
    expect(all.find((p) => p.sku === 'SKU-0007')?.price).toBe(1.5);
  });

  it('refuses a route whose records carry no updated_at, rather than report that nothing changed', async () => {
    const { fake, commerce } = setUp({ orders: 3 });
    for (const order of fake.store.orders.values()) delete order['updated_at'];
    await expect(readChanges(commerce, 'GET /V1/orders', undefined, { deliver: () => {} })).rejects.toThrow('answered a record without updated_at, not a YYYY-MM-DD HH:MM:SS timestamp: a change feed follows updated_at and cannot follow this route.');
  });

  it("says what a products feed cannot see", async () => {
    const { commerce } = setUp({ products: 3 } as never);
    const result = await readChanges(commerce, 'GET /V1/products', undefined, { deliver: () => {} });
    expect(result.delivered).toBe(3);
    expect(result.incomplete).toContain('mass attribute updates');
    const orders = await readChanges(commerce, 'GET /V1/orders', undefined, { deliver: () => {} });
    expect(orders.incomplete).toBeUndefined();
  });
});
