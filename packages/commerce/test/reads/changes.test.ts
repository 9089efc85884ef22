/** readChanges against the fake under MSW: checkpoints, the overlap, bad input and a deliver that throws. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@magekit/test-support/msw';
import { CheckpointError, createCommerceClient, exportRecords, none, readChanges, where, type ChangePage } from '../../src/index.ts';
import { createFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { applyFields, applySearch, parseSearchCriteria } from '../../src/testing/search.ts';

const BASE = 'https://shop.feed.test';
type Order = { entity_id?: number | string; status?: string; updated_at?: string };

function setUp(seed = { orders: 25 }): { fake: FakeCommerce; commerce: ReturnType<typeof createCommerceClient> } {
  const fake = createFakeCommerce({ auth: false, seed });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }), ...commerceHandlers(fake, { baseUrl: 'https://other.feed.test' }));
  return { fake, commerce: createCommerceClient({ baseUrl: BASE, auth: none() }) };
}

const client = () => createCommerceClient({ baseUrl: BASE, auth: none() });
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

  it('remembers every record of the read-back window, so a longer lookback re-reads more and still delivers nothing twice', async () => {
    const { commerce } = setUp();
    const first = await readChanges(commerce, 'GET /V1/orders', undefined, { lookback: 150, pageSize: 10, deliver: () => {} });
    let pages = 0;
    const again = await readChanges(commerce, 'GET /V1/orders', undefined, { lookback: 150, checkpoint: first.checkpoint, deliver: () => void (pages += 1) });
    // 00:22:30 to 00:25:00: orders 23, 24 and 25 read again at the versions delivered; no page handed over.
    expect(again).toMatchObject({ delivered: 0, duplicatesDropped: 3 });
    expect(pages).toBe(0);
  });

  it('an empty store: one request, nothing delivered, and a checkpoint that goes on from the start', async () => {
    const { fake, commerce } = setUp({ orders: 0 });
    const first = await readChanges(commerce, 'GET /V1/orders', undefined, { deliver: () => {} });
    expect(first).toMatchObject({ delivered: 0, duplicatesDropped: 0, requests: 1 });
    for (let id = 1; id <= 2; id += 1) fake.store.orders.set(id, { entity_id: id, status: 'pending', updated_at: `2020-01-01 00:0${id}:00` });
    const got: Order[] = [];
    await readChanges(commerce, 'GET /V1/orders', undefined, { checkpoint: first.checkpoint, deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual([1, 2]);
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
  }, 30_000); // 3,000 orders: a ceiling for slow (instrumented) runs, not a time budget

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
    await expect(readChanges(commerce, 'GET /V1/orders', undefined, { deliver: () => {} })).rejects.toMatchObject({ kind: 'response', service: 'commerce', message: expect.stringContaining('answered a record without updated_at, not a YYYY-MM-DD HH:MM:SS timestamp: a change feed follows updated_at and cannot follow this route.') });
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

describe('readChanges: what it sends', () => {
  /** Every orders search the platform saw, from now on. */
  function record(): URL[] {
    const seen: URL[] = [];
    server.use(
      http.get(`${BASE}/rest/V1/orders`, ({ request }) => {
        seen.push(new URL(request.url));
        return undefined;
      }),
    );
    return seen;
  }
  const groups = (url: URL) => {
    const out: string[] = [];
    for (let g = 0; url.searchParams.has(`searchCriteria[filter_groups][${g}][filters][0][field]`); g += 1) {
      const f = (name: string) => url.searchParams.get(`searchCriteria[filter_groups][${g}][filters][0][${name}]`);
      out.push(`${f('field')} ${f('condition_type')} ${f('value')}`);
    }
    return out;
  };
  const sorts = (url: URL) => [0, 1].map((i) => `${url.searchParams.get(`searchCriteria[sort_orders][${i}][field]`)} ${url.searchParams.get(`searchCriteria[sort_orders][${i}][direction]`)}`);

  it("asks for the newest change first (one record, its key and updated_at), then reads from the start up to it, the caller's filters ANDed", async () => {
    setUp();
    const requests = record();
    const got: Order[] = [];
    await readChanges(client(), 'GET /V1/orders', { searchCriteria: where('grand_total', 'gt', 200) }, { checkpoint: '2024-01-01 00:22:00', deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual([22, 23, 24, 25]);
    const [probe, page] = requests;
    expect(sorts(probe!)).toEqual(['updated_at DESC', 'entity_id DESC']);
    expect(groups(probe!)).toEqual(['grand_total gt 200', 'updated_at gteq 2024-01-01 00:22:00']);
    expect([probe!.searchParams.get('searchCriteria[page_size]'), probe!.searchParams.get('fields')]).toEqual(['1', 'items[updated_at,entity_id],total_count']);
    expect(sorts(page!)).toEqual(['updated_at ASC', 'entity_id ASC']);
    expect(groups(page!)).toEqual(['grand_total gt 200', 'updated_at gteq 2024-01-01 00:22:00', 'updated_at lteq 2024-01-01 00:25:00']);
    expect(page!.searchParams.get('searchCriteria[page_size]')).toBe('100');
    expect(requests).toHaveLength(2);
  });

  it('sizes the windows after an unbounded first page from where that page ended and the rows it left', async () => {
    setUp({ orders: 25 });
    const requests = record();
    await readChanges(client(), 'GET /V1/orders', undefined, { pageSize: 10, deliver: () => {} });
    // The first page ends at 00:10:00 with 15 rows left over 15 minutes: ten minutes hold a page.
    expect(requests.slice(1).map((u) => groups(u).find((g) => g.startsWith('updated_at lteq')))).toEqual(['updated_at lteq 2024-01-01 00:25:00', 'updated_at lteq 2024-01-01 00:20:00', 'updated_at lteq 2024-01-01 00:25:00']);
  });

  it('follows records whose key is answered as a string (an uncast id)', async () => {
    const orders = Array.from({ length: 5 }, (_, i) => ({ entity_id: String(i + 1), status: 'pending', updated_at: `2024-01-01 00:0${i + 1}:00` }));
    server.use(
      http.get(`${BASE}/rest/V1/orders`, ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json(applyFields(applySearch(orders, parseSearchCriteria(url.searchParams)), url.searchParams.get('fields')) as Record<string, unknown>);
      }),
    );
    const got: Order[] = [];
    const result = await readChanges(client(), 'GET /V1/orders', undefined, { pageSize: 2, deliver: collect(got) });
    expect(got.map((o) => o.entity_id)).toEqual(['1', '2', '3', '4', '5']);
    expect(result.delivered).toBe(5);
  });

  it('hands out checkpoints of kind changes: an export cannot go on from one', async () => {
    const { checkpoint } = await readChanges(setUp({ orders: 2 }).commerce, 'GET /V1/orders', undefined, { deliver: () => {} });
    expect(JSON.parse(Buffer.from(checkpoint, 'base64url').toString())).toMatchObject({ magekit: 'changes', version: 1, route: 'GET /V1/orders' });
    await expect(exportRecords(client(), 'GET /V1/orders', {}, () => {}, { checkpoint })).rejects.toThrow('it is not a version 1 export checkpoint (magekit: "changes", version: 1)');
  });

  it('reads a first run from the oldest record, bounded only above', async () => {
    setUp({ orders: 3 });
    const requests = record();
    await readChanges(client(), 'GET /V1/orders', undefined, { checkpoint: '  ', deliver: () => {} });
    expect(groups(requests[0]!)).toEqual([]);
    expect(groups(requests[1]!)).toEqual(['updated_at lteq 2024-01-01 00:03:00']);
  });

  it('adds the key and updated_at to the fields when they are not selected, as a list or as text', async () => {
    setUp({ orders: 3 });
    const requests = record();
    const got: Order[] = [];
    await readChanges(client(), 'GET /V1/orders', { fields: 'status' }, { deliver: collect(got) });
    expect(requests[1]!.searchParams.get('fields')).toBe('items[status,entity_id,updated_at,custom_attributes],total_count');
    expect(got[0]).toEqual({ status: 'pending', entity_id: 1, updated_at: '2024-01-01 00:01:00' });
    requests.length = 0;
    await readChanges(client(), 'GET /V1/orders', { fields: ['updated_at', 'status', 'entity_id'] }, { deliver: () => {} });
    expect(requests[1]!.searchParams.get('fields')).toBe('items[updated_at,status,entity_id,custom_attributes],total_count');
  });
});

describe('readChanges: a run that ends empty', () => {
  it('a record saved again after the run found its bound is left to the next run, which delivers it', async () => {
    const { fake } = setUp({ orders: 1 });
    let seen = 0;
    server.use(
      http.get(`${BASE}/rest/V1/orders`, () => {
        // Between the probe (newest: order 1 at 00:01:00) and the run's page, order 1 is saved again.
        if (++seen === 2) Object.assign(fake.store.orders.get(1)!, { status: 'processing', updated_at: '2024-01-01 00:10:00' });
        return undefined;
      }),
    );
    const first = await readChanges(client(), 'GET /V1/orders', undefined, { deliver: () => {} });
    expect(first).toMatchObject({ delivered: 0, requests: 2 });
    const got: Order[] = [];
    const second = await readChanges(client(), 'GET /V1/orders', undefined, { checkpoint: first.checkpoint, deliver: collect(got) });
    expect(got.map((o) => [o.entity_id, o.status])).toEqual([[1, 'processing']]);
    expect(second.delivered).toBe(1);
  });
});

describe('readChanges: refused before any request', () => {
  it('a deliver that is not a function, a start that is not a string, a searchCriteria that pages or sorts', async () => {
    const { fake } = setUp({ orders: 3 });
    const refusal = (params: object | undefined, options: object | undefined) => readChanges(client(), 'GET /V1/orders', params as never, options as never).then(() => new Error('accepted'), (e: unknown) => e as Error);
    expect(await refusal(undefined, undefined)).toMatchObject({ kind: 'input', service: 'commerce', message: 'readChanges: GET /V1/orders: options.deliver must be a function that handles a page ({ items, checkpoint }).' });
    expect((await refusal(undefined, { deliver: 'stdout' })).message).toContain('options.deliver must be a function');
    // Every refusal is the SDK's typed input error, so a caller's `kind`/`service` checks route it.
    expect(await refusal(undefined, { checkpoint: 42, deliver: () => {} })).toMatchObject({ kind: 'input', service: 'commerce', message: 'readChanges: GET /V1/orders: checkpoint must be a string (a checkpoint, a date, or "").' });
    const long = await refusal(undefined, { checkpoint: 'since the last full export of the ERP, which ran on monday', deliver: () => {} });
    expect(long).toMatchObject({ kind: 'input', service: 'commerce', hint: expect.stringContaining('"2024-05-01 00:00:00" (UTC)') });
    expect(long.message).toBe('readChanges: GET /V1/orders: checkpoint "since the last full export of the ERP, w" is neither a checkpoint this SDK handed out nor a date: nothing was sent.');
    for (const searchCriteria of [{ page_size: 5 }, { current_page: 2 }, { sort_orders: [] as never[], page_size: 5 }]) {
      expect(await refusal({ searchCriteria }, { deliver: () => {} }), JSON.stringify(searchCriteria)).toMatchObject({ kind: 'input', service: 'commerce', message: expect.stringContaining('searchCriteria may only filter'), hint: expect.stringContaining('use options.pageSize') });
    }
    expect(fake.stats.requests).toBe(0);
  });

  it('an item without its key or updated_at mid-run is a ResponseError naming what it lacks', async () => {
    setUp({ orders: 3 });
    let seen = 0;
    server.use(
      http.get(`${BASE}/rest/V1/orders`, () => (++seen === 2 ? HttpResponse.json({ items: [{ entity_id: 1, updated_at: '2024-01-01 00:01:00' }, { entity_id: 2 }], total_count: 2 }) : undefined)),
    );
    const error = await readChanges(client(), 'GET /V1/orders', undefined, { deliver: () => {} }).catch((e: unknown) => e as Error & { kind: string });
    expect(error).toMatchObject({ kind: 'response', service: 'commerce', message: 'readChanges: GET /V1/orders: an item lacks updated_at (YYYY-MM-DD HH:MM:SS) or entity_id.' });
  });

  it('a key that is neither a number nor a string (a flag) is refused like a missing one', async () => {
    for (const entity_id of [true, false]) {
      setUp({ orders: 3 });
      // The first request (the run's newest change) is the fake's; the walk's page holds the odd key.
      let seen = 0;
      server.use(http.get(`${BASE}/rest/V1/orders`, () => (++seen === 2 ? HttpResponse.json({ items: [{ entity_id, updated_at: '2024-01-01 00:01:00' }], total_count: 1 }) : undefined)));
      const error = await readChanges(client(), 'GET /V1/orders', undefined, { deliver: () => {} }).catch((e: unknown) => e as Error);
      expect(error, JSON.stringify(entity_id)).toMatchObject({ kind: 'response', message: 'readChanges: GET /V1/orders: an item lacks updated_at (YYYY-MM-DD HH:MM:SS) or entity_id.' });
    }
  });

  it('an updated_at that is not the platform’s timestamp is refused, naming it', async () => {
    const { fake } = setUp({ orders: 2 });
    fake.store.orders.get(2)!['updated_at'] = '2024-01-01T00:02:00Z';
    await expect(readChanges(client(), 'GET /V1/orders', undefined, { deliver: () => {} })).rejects.toThrow('readChanges: GET /V1/orders answered updated_at "2024-01-01T00:02:00Z", not a YYYY-MM-DD HH:MM:SS timestamp');
  });
});
