/**
 * Walks and exports on a busy store: the fake in live mode shuffles tied rows on every request and
 * writes between requests (inserts, deletes, updates). Every product that exists for the whole walk
 * is delivered exactly once; offset paging, run beside it on the same store, loses some (so these
 * tests can fail).
 */
import { describe, expect, it } from 'vitest';
import { createCommerceClient } from '../../src/client.ts';
import { exportRecords } from '../../src/reads/export.ts';
import { paginate, type PaginateOptions } from '../../src/reads/paginate.ts';
import { searchCriteria } from '../../src/search/index.ts';
import { createFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import type { LiveWriterOptions } from '../../src/testing/live-store.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://shop.live-walk.test';

function liveShop(products: number, writer: LiveWriterOptions, seed = 7): { fake: FakeCommerce; idsNow: () => number[] } {
  const fake = createFakeCommerce({ auth: false, seed: { products }, live: { seed, writer } });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return { fake, idsNow: () => fake.live!.ids('products') };
}

const client = () => createCommerceClient({ baseUrl: BASE, retry: false });

/** Products there before and after the walk (ids are never reused), and how often each was delivered. */
function tally(before: number[], after: number[], delivered: number[]) {
  const end = new Set(after);
  const throughout = before.filter((id) => end.has(id));
  const times = new Map<number, number>();
  for (const id of delivered) times.set(id, (times.get(id) ?? 0) + 1);
  return {
    throughout: throughout.length,
    missed: throughout.filter((id) => !times.has(id)).length,
    twice: [...times.values()].filter((n) => n > 1).length,
  };
}

async function walk(sortBy: 'ASC' | undefined, options: PaginateOptions, shop: ReturnType<typeof liveShop>) {
  const before = shop.idsNow();
  const params = sortBy ? { searchCriteria: searchCriteria().sortBy('price', sortBy) } : {};
  const ids = (await paginate(client(), 'GET /V1/products', params, { pageSize: 50, ...options }).collect()).map((p) => p.id!);
  return tally(before, shop.idsNow(), ids);
}

describe('walks on a live store', () => {
  it('sorted by price (about 11 products a price): every product once, where offset paging misses and repeats', async () => {
    // Ties alone, no writes: the README tour's own call.
    const exact = await walk('ASC', {}, liveShop(1000, {}));
    expect(exact).toEqual({ throughout: 1000, missed: 0, twice: 0 });
    const offset = await walk('ASC', { paging: 'offset' }, liveShop(1000, {}));
    expect(offset.missed).toBeGreaterThan(0);
    expect(offset.twice).toBeGreaterThan(0);
  });

  it('sorted by price while products are added and removed: every product that stayed, once', async () => {
    const exact = await walk('ASC', {}, liveShop(1000, { inserts: 3, deletes: 3 }));
    expect(exact.throughout).toBeGreaterThan(900);
    expect(exact).toMatchObject({ missed: 0, twice: 0 });
    expect((await walk('ASC', { paging: 'offset' }, liveShop(1000, { inserts: 3, deletes: 3 }))).missed).toBeGreaterThan(0);
  });

  it('in key order under inserts, deletes and updates: every product that stayed, once', async () => {
    const exact = await walk(undefined, {}, liveShop(1000, { inserts: 3, deletes: 3, updates: 5 }));
    expect(exact).toMatchObject({ missed: 0, twice: 0 });
    expect((await walk(undefined, { paging: 'offset' }, liveShop(1000, { inserts: 3, deletes: 3, updates: 5 }))).missed).toBeGreaterThan(0);
  });
});

describe('exports on a live store', () => {
  it('4 slices under inserts, deletes and updates miss no product that existed throughout, and repeat none', async () => {
    const shop = liveShop(3000, { inserts: 4, deletes: 4, updates: 8 }, 11);
    const before = shop.idsNow();
    const delivered: number[] = [];
    const result = await exportRecords(client(), 'GET /V1/products', { fields: ['id', 'sku'] }, (items) => void delivered.push(...items.map((p) => p.id!)), { pageSize: 100, concurrency: 4 });
    expect(tally(before, shop.idsNow(), delivered)).toMatchObject({ missed: 0, twice: 0 });
    expect(result.requests).toBeGreaterThan(30);
  });
});
