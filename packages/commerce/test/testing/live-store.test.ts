/**
 * The fake's search routes as a reader meets them on a busy 2.4 store: what keyset walks send
 * (entity_id / updated_at ranges, OR groups over different fields, several sort orders), EAV's `id`
 * answered but `entity_id` filtered, 2.4's empty page past the end, rows scanned per request, and in
 * live mode: writes between requests (hook and built-in writer), whole-second timestamps from a fake
 * clock, late commits, ties in a fresh order per request, server time and workers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeCommerce, type FakeCommerce, type FakeCommerceOptions } from '../../src/testing/index.ts';

const BASE = 'https://shop.live.test';
type Row = Record<string, unknown>;
interface Page {
  items: Row[] | null;
  total_count: number;
}

/** A search's query string: `groups` are ANDed, the filters inside each ORed; `[field, condition, value]`. */
function criteria(options: { groups?: [string, string, string | number][][]; sort?: [string, 'ASC' | 'DESC'][]; pageSize?: number; page?: number; fields?: string }): string {
  const parts: string[] = [];
  (options.groups ?? []).forEach((group, g) =>
    group.forEach(([field, condition, value], f) => {
      const at = `searchCriteria[filter_groups][${g}][filters][${f}]`;
      parts.push(`${at}[field]=${field}`, `${at}[condition_type]=${condition}`, `${at}[value]=${encodeURIComponent(String(value))}`);
    }),
  );
  (options.sort ?? []).forEach(([field, direction], s) => parts.push(`searchCriteria[sort_orders][${s}][field]=${encodeURIComponent(field)}`, `searchCriteria[sort_orders][${s}][direction]=${direction}`));
  if (options.pageSize !== undefined) parts.push(`searchCriteria[page_size]=${options.pageSize}`);
  if (options.page !== undefined) parts.push(`searchCriteria[current_page]=${options.page}`);
  if (options.fields !== undefined) parts.push(`fields=${options.fields}`);
  return parts.join('&');
}

async function search(fake: FakeCommerce, route: string, query: string): Promise<Page> {
  const response = await fake.handle(new Request(`${BASE}/rest/V1/${route}?${query}`));
  const body = (await response.json()) as Page & { message?: string };
  if (response.status !== 200) throw new Error(`${response.status} ${body.message}`);
  return body;
}

const fakeWith = (options: FakeCommerceOptions = {}) => createFakeCommerce({ auth: false, consumer: { autoStart: false }, ...options });
const ids = (page: Page, key = 'id') => (page.items ?? []).map((row) => row[key] as number);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

afterEach(() => {
  vi.useRealTimers();
});

describe('pages past the end', () => {
  it('2.4 (the default): no items, items: null with fields, total_count unchanged', async () => {
    const fake = fakeWith({ seed: { products: 5 } });
    expect(await search(fake, 'products', criteria({ pageSize: 2, page: 3 }))).toMatchObject({ items: [{ id: 5 }], total_count: 5 });
    expect(await search(fake, 'products', criteria({ pageSize: 2, page: 4 }))).toMatchObject({ items: [], total_count: 5 });
    expect(await search(fake, 'products', criteria({ pageSize: 2, page: 9, fields: 'items[sku],total_count' }))).toEqual({ items: null, total_count: 5 });
  });

  it("2.3 (pastLastPage: 'repeat'): the last page again, on every search route", async () => {
    const fake = fakeWith({ seed: { products: 5, orders: 3 }, pastLastPage: 'repeat' });
    expect(ids(await search(fake, 'products', criteria({ pageSize: 2, page: 4 })))).toEqual([5]);
    expect(ids(await search(fake, 'orders', criteria({ pageSize: 2, page: 7 })), 'entity_id')).toEqual([3]);
    expect(() => fakeWith({ pastLastPage: 'clamp' as 'repeat' })).toThrow("pastLastPage must be 'empty' (2.4) or 'repeat' (2.3)");
  });
});

describe('what keyset walks send', () => {
  it('products and customers answer id but filter and sort on entity_id; orders use entity_id for both', async () => {
    const fake = fakeWith({ seed: { products: 12, customers: 12, orders: 12 } });
    const window = criteria({ groups: [[['entity_id', 'gt', 4]], [['entity_id', 'lteq', 9]]], sort: [['entity_id', 'DESC']], pageSize: 3 });
    expect(ids(await search(fake, 'products', window))).toEqual([9, 8, 7]);
    expect(ids(await search(fake, 'customers/search', window))).toEqual([9, 8, 7]);
    expect(ids(await search(fake, 'orders', window), 'entity_id')).toEqual([9, 8, 7]);
    expect((await search(fake, 'products', window)).items![0]).not.toHaveProperty('entity_id');
  });

  it('an EAV route drops a sort on id without an error (magento/magento2#39031): storage order comes back', async () => {
    const fake = fakeWith({ seed: { products: 6, customers: 6 } });
    expect(ids(await search(fake, 'products', criteria({ sort: [['id', 'DESC']] })))).toEqual(range(1, 6));
    expect(ids(await search(fake, 'customers/search', criteria({ sort: [['id', 'DESC']] })))).toEqual(range(1, 6));
    expect(ids(await search(fake, 'products', criteria({ sort: [['entity_id', 'DESC']] })))).toEqual(range(1, 6).reverse());
  });

  it.each<[string, string | number, number[]]>([
    ['gt', 7, [8, 9, 10]],
    ['gteq', 7, [7, 8, 9, 10]],
    ['lt', 3, [1, 2]],
    ['lteq', 3, [1, 2, 3]],
    ['eq', 4, [4]],
    ['in', '2,5,9', [2, 5, 9]],
    ['from', 9, [9, 10]],
    ['to', 2, [1, 2]],
  ])('entity_id %s %s, on products (EAV) and orders (flat)', async (condition, value, expected) => {
    const fake = fakeWith({ seed: { products: 10, orders: 10 } });
    const query = criteria({ groups: [[['entity_id', condition, value]]], sort: [['entity_id', 'ASC']] });
    expect(ids(await search(fake, 'products', query))).toEqual(expected);
    expect(ids(await search(fake, 'orders', query), 'entity_id')).toEqual(expected);
  });

  it('updated_at ranges compare whole-second stamps; from and to each in a group of their own', async () => {
    const fake = fakeWith({ seed: { orders: 10 } }); // order i updated at 2024-01-01 00:0i:00
    const between = criteria({ groups: [[['updated_at', 'from', '2024-01-01 00:03:00']], [['updated_at', 'to', '2024-01-01 00:05:00']]], sort: [['updated_at', 'ASC']] });
    expect(ids(await search(fake, 'orders', between), 'entity_id')).toEqual([3, 4, 5]);
    expect(ids(await search(fake, 'orders', criteria({ groups: [[['updated_at', 'gt', '2024-01-01 00:08:00']]] })), 'entity_id')).toEqual([9, 10]);
    expect(ids(await search(fake, 'orders', criteria({ groups: [[['updated_at', 'lt', '2024-01-01 00:02:00']]] })), 'entity_id')).toEqual([1]);
  });

  it('the compound keyset (updated_at, entity_id) as searchCriteria writes it: an OR group over two fields, on a flat and an EAV route', async () => {
    const fake = fakeWith({ seed: { orders: 8, products: 8 } });
    // Orders 3..8 share a second; products all share 2024-01-01 00:00:00 (the seed's stamp).
    for (const id of range(3, 8)) fake.store.orders.get(id)!['updated_at'] = '2024-01-01 00:03:00';
    const after = (t: string, k: number) =>
      criteria({ groups: [[['updated_at', 'gteq', t]], [['updated_at', 'gt', t], ['entity_id', 'gt', k]]], sort: [['updated_at', 'ASC'], ['entity_id', 'ASC']], pageSize: 3 });
    expect(ids(await search(fake, 'orders', after('2024-01-01 00:03:00', 5)), 'entity_id')).toEqual([6, 7, 8]);
    expect(ids(await search(fake, 'orders', after('2024-01-01 00:02:00', 2)), 'entity_id')).toEqual([3, 4, 5]);
    expect(ids(await search(fake, 'products', after('2024-01-01 00:00:00', 6)))).toEqual([7, 8]);
  });

  it('applies several sort orders in the order given', async () => {
    const fake = fakeWith({ seed: { orders: 6 } });
    for (const id of [2, 4, 6]) fake.store.orders.get(id)!['status'] = 'complete';
    const page = await search(fake, 'orders', criteria({ sort: [['status', 'ASC'], ['entity_id', 'DESC']] }));
    expect(ids(page, 'entity_id')).toEqual([6, 4, 2, 5, 3, 1]);
    expect(ids(await search(fake, 'orders', criteria({ sort: [['entity_id', 'DESC'], ['status', 'ASC']] })), 'entity_id')).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('refuses a sort field outside [a-z0-9_] with the platform message (SortOrder::validateField)', async () => {
    const fake = fakeWith({ seed: { orders: 2 } });
    const response = await fake.handle(new Request(`${BASE}/rest/V1/orders?${criteria({ sort: [['main_table.entity_id', 'ASC']] })}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Sort order field %1 contains restricted symbols', parameters: ['main_table.entity_id'] });
  });

  it('page size: with input limits off, none or 0 is every row (magento/magento2#16536); with them on, 20 when none and 300 at most', async () => {
    const open = fakeWith({ seed: { products: 45 } });
    expect((await search(open, 'products', criteria({}))).items).toHaveLength(45);
    expect((await search(open, 'products', criteria({ pageSize: 0 }))).items).toHaveLength(45);
    const limited = fakeWith({ seed: { products: 45 }, inputLimits: true });
    expect((await search(limited, 'products', criteria({ page: 1 }))).items).toHaveLength(20);
    await expect(search(limited, 'products', criteria({ pageSize: 301 }))).rejects.toThrow('400 Maximum SearchCriteria pageSize is %max');
  });
});

describe('rows scanned', () => {
  it('counts COUNT over the filtered set + OFFSET rows + rows returned, per request and by route, and resets', async () => {
    const fake = fakeWith({ seed: { products: 100 } });
    await search(fake, 'products', criteria({ pageSize: 10, page: 1 })); // 100 + 0 + 10
    await search(fake, 'products', criteria({ pageSize: 10, page: 3 })); // 100 + 20 + 10
    await search(fake, 'products', criteria({ groups: [[['entity_id', 'gt', 90]]], pageSize: 10 })); // 10 + 0 + 10
    await search(fake, 'products', criteria({ pageSize: 10, page: 12 })); // past the end: 100 + 100 + 0
    expect(fake.searchStats).toMatchObject({ requests: 4, rowsScanned: 110 + 130 + 20 + 200, rowsReturned: 30 });
    expect(fake.searchStats.byRoute.get('GET /V1/products')).toEqual({ requests: 4, rowsScanned: 460, rowsReturned: 30 });
    fake.searchStats.reset();
    expect(fake.searchStats).toMatchObject({ requests: 0, rowsScanned: 0, rowsReturned: 0 });
    expect(fake.searchStats.byRoute.size).toBe(0);
  });

  it('grow with OFFSET: offset paging scans about n²/2 rows, keyset paging about n', async () => {
    const offsetFake = fakeWith({ seed: { products: 300 } });
    for (let page = 1; page <= 10; page += 1) await search(offsetFake, 'products', criteria({ sort: [['entity_id', 'ASC']], pageSize: 30, page }));
    const keysetFake = fakeWith({ seed: { products: 300 } });
    let last = 0;
    for (let page = 1; page <= 10; page += 1) last = Math.max(...ids(await search(keysetFake, 'products', criteria({ groups: [[['entity_id', 'gt', last]]], sort: [['entity_id', 'ASC']], pageSize: 30 }))));
    // Offset: 10 counts of 300 + 0+30+…+270 skipped + 300 returned. Keyset: counts of 300, 270, … 30 + 300 returned.
    expect(offsetFake.searchStats.rowsScanned).toBe(3000 + 1350 + 300);
    expect(keysetFake.searchStats.rowsScanned).toBe(1650 + 300);
  });
});

describe('the default fake stays deterministic', () => {
  it('ties keep storage order on every request, and there is no live handle', async () => {
    const fake = fakeWith({ seed: { products: 40 } });
    const byStamp = criteria({ sort: [['updated_at', 'ASC']] }); // every seeded product shares one stamp
    expect(ids(await search(fake, 'products', byStamp))).toEqual(range(1, 40));
    expect(ids(await search(fake, 'products', byStamp))).toEqual(range(1, 40));
    expect(ids(await search(fake, 'products', criteria({})))).toEqual(range(1, 40));
    expect(fake.live).toBeUndefined();
  });
});

describe('live: order of rows', () => {
  it('rows that tie on every sort key, and rows with no sort, come back in a fresh order per request; a unique last key fixes it', async () => {
    const fake = fakeWith({ seed: { products: 40 }, live: {} });
    const byStamp = criteria({ sort: [['updated_at', 'ASC']] });
    const first = ids(await search(fake, 'products', byStamp));
    const second = ids(await search(fake, 'products', byStamp));
    expect(first).not.toEqual(second);
    expect([...first].sort((a, b) => a - b)).toEqual(range(1, 40));
    expect(ids(await search(fake, 'products', criteria({})))).not.toEqual(range(1, 40));
    const unique = criteria({ sort: [['updated_at', 'ASC'], ['entity_id', 'ASC']] });
    expect(ids(await search(fake, 'products', unique))).toEqual(range(1, 40));
    expect(ids(await search(fake, 'products', unique))).toEqual(range(1, 40));
  });

  it('the order is seeded: the same seed gives the same sequence of pages', async () => {
    const orders = async (seed: number) => {
      const fake = fakeWith({ seed: { products: 30 }, live: { seed } });
      return [ids(await search(fake, 'products', criteria({}))), ids(await search(fake, 'products', criteria({})))];
    };
    expect(await orders(7)).toEqual(await orders(7));
    expect(await orders(7)).not.toEqual(await orders(8));
  });

  it('offset paging sorted by a tying field repeats and skips rows, with no write at all', async () => {
    const fake = fakeWith({ seed: { products: 100 }, live: {} });
    for (const product of fake.store.products.values()) product['price'] = 10 + ((product['id'] as number) % 4); // four prices, 25 rows each
    const seen: number[] = [];
    for (let page = 1; page <= 10; page += 1) seen.push(...ids(await search(fake, 'products', criteria({ sort: [['price', 'ASC']], pageSize: 10, page }))));
    const distinct = new Set(seen);
    expect(seen).toHaveLength(100);
    expect(distinct.size).toBeLessThan(100); // some delivered twice, so as many never delivered
  });
});

describe('live: writes between requests', () => {
  it('calls beforeSearch before each product, order and customer search with a handle; its writes are in that answer', async () => {
    const calls: [string, string, number][] = [];
    const fake = fakeWith({
      seed: { products: 3, orders: 3 },
      live: {
        beforeSearch: (live, request) => {
          calls.push([request.route, request.table, request.index]);
          if (request.index === 2) expect(request.query.get('searchCriteria[sort_orders][0][field]')).toBe('entity_id');
          if (request.index === 2) live.delete('orders', 1);
        },
      },
    });
    await search(fake, 'products', criteria({}));
    const orders = await search(fake, 'orders', criteria({ sort: [['entity_id', 'ASC']] }));
    await fake.handle(new Request(`${BASE}/rest/V1/products/SKU-0001`));
    await search(fake, 'categories/list', criteria({}));
    expect(calls).toEqual([
      ['GET /V1/products', 'products', 1],
      ['GET /V1/orders', 'orders', 2],
    ]);
    expect(ids(orders, 'entity_id')).toEqual([2, 3]);
    expect(fake.live!.ids('orders')).toEqual([2, 3]);
  });

  it('stamps writes from the live clock in whole seconds (YYYY-MM-DD HH:MM:SS, UTC): an update bumps updated_at, an insert sets both', () => {
    const fake = fakeWith({ seed: { products: 2, orders: 2 }, live: { clock: { start: '2025-03-04 05:06:07' } } });
    const live = fake.live!;
    expect(live.clock.stamp()).toBe('2025-03-04 05:06:07');
    live.clock.advance(999);
    const updated = live.update('orders', 1, { status: 'processing' });
    live.clock.advance(1);
    const inserted = live.insert('orders');
    expect(updated).toMatchObject({ entity_id: 1, status: 'processing', updated_at: '2025-03-04 05:06:07' }); // 999 ms later: the same second
    expect(fake.store.orders.get(1)).toMatchObject({ status: 'processing', updated_at: '2025-03-04 05:06:07' });
    expect(inserted).toMatchObject({ entity_id: 3, created_at: '2025-03-04 05:06:08', updated_at: '2025-03-04 05:06:08' });
    expect(fake.store.orders.get(3)).toEqual(inserted);
    // A write the column misses (mass attribute or stock update): updated_at stays.
    const before = fake.live!.get('products', 2)!['updated_at'];
    live.update('products', 2, { price: 1 }, { touch: false });
    expect(fake.store.products.get('SKU-0002')).toMatchObject({ price: 1, updated_at: before });
  });

  it('the clock starts a second after the newest stamp in the store, moves only forward, and can tick before each search', async () => {
    const fake = fakeWith({ seed: { orders: 3 }, live: { clock: { tickMs: 400 } } }); // newest order: 2024-01-01 00:03:00
    expect(fake.live!.clock.stamp()).toBe('2024-01-01 00:03:01');
    for (let i = 0; i < 3; i += 1) await search(fake, 'orders', criteria({}));
    expect(fake.live!.clock.stamp()).toBe('2024-01-01 00:03:02'); // 1.2 s later
    expect(() => fake.live!.clock.advance(-1)).toThrow('only moves forward');
    expect(() => fake.live!.clock.set('yesterday')).toThrow('only moves forward');
    fake.live!.clock.set('2024-02-01 00:00:00');
    expect(fake.live!.clock.now()).toBe(Date.UTC(2024, 1, 1));
  });

  it('the built-in writer makes its inserts, updates and deletes before each request on the table read, the same ones for the same seed', async () => {
    const run = async (seed: number) => {
      const fake = fakeWith({ seed: { orders: 50, products: 5 }, live: { seed, writer: { inserts: 2, updates: 3, deletes: 1 } } });
      const before = structuredClone([...fake.store.orders.values()]);
      const page = await search(fake, 'orders', criteria({ sort: [['entity_id', 'ASC']] }));
      const after = new Map((page.items ?? []).map((row) => [row['entity_id'] as number, row]));
      const changed = before.filter((row) => after.has(row['entity_id'] as number) && JSON.stringify(after.get(row['entity_id'] as number)) !== JSON.stringify(row));
      const deleted = before.filter((row) => !after.has(row['entity_id'] as number));
      return { fake, inserted: [...after.keys()].filter((id) => id > 50), changed: changed.length, deleted: deleted.map((row) => row['entity_id']) };
    };
    const a = await run(3);
    expect(a.inserted).toEqual([51, 52]);
    expect(a.changed).toBeLessThanOrEqual(3); // an update may draw the values it had
    expect(a.changed).toBeGreaterThan(0);
    expect(a.deleted).toHaveLength(1);
    expect(a.fake.store.products.size).toBe(5); // only the table read
    const b = await run(3);
    expect([b.inserted, b.changed, b.deleted]).toEqual([a.inserted, a.changed, a.deleted]);
    expect((await run(4)).deleted).not.toEqual(a.deleted);
    // `tables` sends the writes elsewhere: an order search that deletes products.
    const elsewhere = fakeWith({ seed: { orders: 5, products: 5 }, live: { writer: { deletes: 2, tables: ['products'] } } });
    await search(elsewhere, 'orders', criteria({}));
    expect([elsewhere.store.orders.size, elsewhere.store.products.size]).toEqual([5, 3]);
  });

  it('offset paging under deletes skips rows that existed the whole time; keyset paging does not (the store really is live)', async () => {
    const walk = async (keyset: boolean) => {
      const fake = fakeWith({ seed: { orders: 200 }, live: { seed: 5, writer: { deletes: 2 } } });
      const seen = new Set<number>();
      let last = 0;
      for (let page = 1; ; page += 1) {
        const query = keyset
          ? criteria({ groups: [[['entity_id', 'gt', last]]], sort: [['entity_id', 'ASC']], pageSize: 20 })
          : criteria({ sort: [['entity_id', 'ASC']], pageSize: 20, page });
        const rows = ids(await search(fake, 'orders', query), 'entity_id');
        rows.forEach((id) => seen.add(id));
        if (rows.length < 20) break;
        last = rows[rows.length - 1]!;
      }
      const survivors = fake.live!.ids('orders');
      return survivors.filter((id) => !seen.has(id)).length;
    };
    expect(await walk(false)).toBeGreaterThan(0);
    expect(await walk(true)).toBe(0);
  });

  it('refuses a write to a row that is not there, and bad live options, saying what to fix', () => {
    const fake = fakeWith({ seed: { orders: 1 }, live: {} });
    expect(() => fake.live!.update('orders', 99)).toThrow('live update: there is no orders row with entity id 99.');
    expect(fake.live!.delete('orders', 99)).toBe(false);
    expect(() => fake.live!.insert('products', { sku: 'LIVE-1' })).not.toThrow();
    expect(() => fake.live!.insert('products', { sku: 'LIVE-1' })).toThrow('a product with SKU "LIVE-1" exists');
    expect(() => fakeWith({ live: { writer: { updates: -1 } } })).toThrow('writer.updates must be a whole number ≥ 0, got -1.');
    expect(() => fakeWith({ live: { writer: { late: { share: 2, delayMs: 5 } } } })).toThrow('writer.late needs a share between 0 and 1');
    expect(() => fakeWith({ live: { costs: { workers: 0 } } })).toThrow('costs.workers must be a whole number ≥ 1, got 0.');
    expect(() => fakeWith({ live: { clock: { start: '2024-01-01T00:00:00Z' } } })).toThrow('clock.start must be "YYYY-MM-DD HH:MM:SS" (UTC)');
    expect(() => fakeWith({ live: { writer: { tables: ['carts' as 'orders'] } } })).toThrow('writer.tables: "carts" is not one of products, orders, customers.');
  });
});

describe('live: late commits', () => {
  it("a write's updated_at is taken when it runs; it becomes visible only when the clock passes its commit, older than rows already read", async () => {
    const fake = fakeWith({ seed: { orders: 4 }, live: { clock: { start: '2024-05-01 10:00:00' } } });
    const live = fake.live!;
    live.update('orders', 1, { status: 'late' }, { commitAfterMs: 5000 });
    live.clock.advance(2000);
    live.update('orders', 2, { status: 'prompt' });
    const feed = criteria({ groups: [[['updated_at', 'gteq', '2024-05-01 10:00:00']]], sort: [['updated_at', 'ASC'], ['entity_id', 'ASC']] });
    expect((await search(fake, 'orders', feed)).items!.map((row) => [row['entity_id'], row['updated_at']])).toEqual([[2, '2024-05-01 10:00:02']]);
    expect(live.pendingCommits).toBe(1);
    live.clock.advance(3000);
    expect(live.pendingCommits).toBe(0);
    expect((await search(fake, 'orders', feed)).items!.map((row) => [row['entity_id'], row['updated_at'], row['status']])).toEqual([
      [1, '2024-05-01 10:00:00', 'late'],
      [2, '2024-05-01 10:00:02', 'prompt'],
    ]);
  });

  it('a later write to a row with a write still to commit waits behind it, as behind a row lock; a late insert is invisible until it commits', () => {
    const fake = fakeWith({ seed: { orders: 2 }, live: {} });
    const live = fake.live!;
    live.update('orders', 1, { status: 'first' }, { commitAfterMs: 1000 });
    live.update('orders', 1, { status: 'second' });
    const row = live.insert('orders', {}, { commitAfterMs: 500 });
    expect(live.get('orders', row['entity_id'] as number)).toBeUndefined();
    expect(live.get('orders', 1)!['status']).not.toBe('second');
    live.clock.advance(500);
    expect(live.get('orders', row['entity_id'] as number)).toEqual(row);
    live.clock.advance(500);
    expect(live.get('orders', 1)!['status']).toBe('second');
  });

  it('the built-in writer commits a share of its writes late', async () => {
    const fake = fakeWith({ seed: { orders: 100 }, live: { writer: { updates: 10, late: { share: 0.5, delayMs: 3000 } } } });
    await search(fake, 'orders', criteria({ pageSize: 1 }));
    expect(fake.live!.pendingCommits).toBeGreaterThan(0);
    expect(fake.live!.pendingCommits).toBeLessThan(10);
    fake.live!.clock.advance(3000);
    expect(fake.live!.pendingCommits).toBe(0);
  });
});

describe('live: server time and workers', () => {
  it('answers after requestMs + itemMs × items + scannedRowMs × rows scanned, on timers the test drives', async () => {
    vi.useFakeTimers();
    const fake = fakeWith({ seed: { products: 100 }, live: { costs: { requestMs: 25, itemMs: 0.5, scannedRowMs: 0.1 } } });
    let answered = false;
    const pending = search(fake, 'products', criteria({ sort: [['entity_id', 'ASC']], pageSize: 10, page: 2 })).then((page) => ((answered = true), page));
    // 25 + 10 × 0.5 + (100 + 10 + 10) × 0.1 = 42 ms
    await vi.advanceTimersByTimeAsync(41);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    expect(ids(await pending)).toEqual(range(11, 20));
  });

  it('serves at most `workers` search requests at once; the rest wait in line', async () => {
    vi.useFakeTimers();
    const fake = fakeWith({ seed: { products: 10 }, live: { costs: { requestMs: 10, workers: 2 } } });
    const done: number[] = [];
    const all = [1, 2, 3, 4, 5].map((n) => search(fake, 'products', criteria({ pageSize: 1, page: n })).then(() => done.push(n)));
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toEqual([1, 2, 3, 4]);
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toEqual([1, 2, 3, 4, 5]);
    await Promise.all(all);
  });
});
