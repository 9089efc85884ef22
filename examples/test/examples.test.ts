// Every example runs against the embedded fakes, exactly as a user would call it.
import { adminToken, createCommerceClient, missingKeys } from '@magekit/commerce';
import { startFakeCommerce } from '@magekit/commerce/testing';
import { createMarketplaceClient, createMalwareScanFeed } from '@magekit/marketplace';
import type { ReceivedEvent as CallbackEvent } from '../callback-receiver-node.ts';
import { startFakeMarketplace } from '@magekit/marketplace/testing';
import { describe, expect, it } from 'vitest';
import { updatePrices } from '../bulk-price-update.ts';
import { exportCatalog } from '../catalog-export.ts';
import { createReceiver } from '../callback-receiver-fetch.ts';
import { syncOrders, type SyncedOrder } from '../order-sync.ts';
import { startCallbackReceiver } from '../callback-receiver-node.ts';
import { listCheapProducts } from '../integration-oauth.ts';
import { releaseExtensions, type Release } from '../marketplace-release.ts';

const admin = { username: 'admin', password: 'admin123!' };

describe('bulk-price-update', () => {
  it('updates 300 prices, accounts for every SKU, and resubmits the retryable failures', async () => {
    const running = await startFakeCommerce({ auth: { admins: [admin] }, seed: { products: 300 }, consumer: { failures: { rate: 0.05, rateStatus: [2, 3] } } });
    try {
      const commerce = createCommerceClient({ baseUrl: running.url, auth: adminToken(admin) });
      const changes = Array.from({ length: 300 }, (_, i) => ({ sku: `SKU-${String(i + 1).padStart(4, '0')}`, price: 100 + i }));
      const events: number[] = [];
      const report = await updatePrices(commerce, changes, (e) => events.push(e.open));
      expect(report.updated.length + report.failed.length).toBe(300);
      expect(new Set([...report.updated, ...report.failed.map((f) => f.sku)]).size).toBe(300);
      expect(report.failed.length).toBeGreaterThan(0); // status-3 failures stay failed
      expect(report.failed.every((f) => f.status !== 1 && f.message.length > 0)).toBe(true);
      expect(report.resubmitted).toBeGreaterThan(0); // the status-2 ones went back once
      expect(events.at(-1)).toBe(0);
      const updated = await commerce.products.get({ sku: report.updated[0]! });
      expect(updated.price).toBe(100 + changes.findIndex((c) => c.sku === report.updated[0]));
    } finally {
      await running.close();
    }
  });
});

describe('integration-oauth', () => {
  it('signs every request with OAuth 1.0a and gets filtered, sorted products', async () => {
    const keys = { consumerKey: 'ck-example-0001', consumerSecret: 'cs-example-secret', accessToken: 'at-example-0001', accessTokenSecret: 'ats-example-secret' };
    const running = await startFakeCommerce({ seed: { products: 60 }, auth: { integrations: [keys] } });
    try {
      const products = await listCheapProducts(running.url, keys, 30);
      expect(products.length).toBeGreaterThan(0);
      expect(products.every((p) => (p.price ?? Infinity) <= 30)).toBe(true);
      expect(products.map((p) => p.price)).toEqual([...products.map((p) => p.price)].sort((a, b) => (a ?? 0) - (b ?? 0)));
      await expect(listCheapProducts(running.url, { ...keys, consumerSecret: 'wrong-secret-value' }, 30)).rejects.toMatchObject({ kind: 'auth', status: 401 });
    } finally {
      await running.close();
    }
  });
});

describe('marketplace-release with the node:http callback receiver', () => {
  it('uploads, waits for the scan (woken by the callback), submits, and hears the status updates', async () => {
    const running = await startFakeMarketplace({ reviewDelayMs: 20 });
    const events: CallbackEvent[] = [];
    const feed = createMalwareScanFeed();
    const receiver = await startCallbackReceiver({
      username: 'eqp',
      password: 'receiver-secret-1',
      onEvent: (event) => {
        events.push(event);
        if (event.callback_event === 'malware_scan_complete') feed.push(event.update_info as never);
      },
    });
    try {
      const market = createMarketplaceClient({ environment: 'sandbox', baseUrl: running.url, appId: running.fake.app.appId, appSecret: running.fake.app.appSecret });
      await market.users.update({ api_callbacks: [{ name: 'ci', url: receiver.url, username: 'eqp', password: 'receiver-secret-1' }] });
      running.fake.failItems((item) => (item['item_id'] === 'broken' ? 1208 : undefined));
      const release = (itemId: string): Release => ({ itemId, name: `Acme ${itemId}`, version: '1.0.0', zip: new Uint8Array([80, 75, 5, 6]), guide: new TextEncoder().encode('%PDF-1.7') });
      const report = await releaseExtensions(market, [release('good'), release('broken'), release('also-good')], feed);
      expect(report.submitted.map((s) => s.itemId)).toEqual(['good', 'also-good']);
      expect(report.refused).toEqual([{ itemId: 'broken', code: 1208, message: 'Insufficient information for Technical Submission' }]);
      await running.fake.settle();
      await expect.poll(() => events.filter((e) => e.callback_event === 'eqp_status_update').length).toBeGreaterThan(0);
      expect(events.filter((e) => e.callback_event === 'malware_scan_complete')).toHaveLength(6);
      const statusFor = new Set(events.filter((e) => e.callback_event === 'eqp_status_update').map((e) => (e.update_info as { submission_id: string }).submission_id));
      expect([...statusFor].sort()).toEqual(report.submitted.map((s) => s.submissionId).sort());
    } finally {
      await receiver.close();
      await running.close();
    }
  });
});

describe('callback-receiver-node with an idempotency directory', () => {
  it('a redelivery after a restart is acknowledged, not handled again', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'magekit-receiver-'));
    const handled: CallbackEvent[] = [];
    const body = JSON.stringify({ callback_event: 'eqp_status_update', update_info: { submission_id: 's9', eqp_flow: 'technical', current_status: 'approved', modified_at: '2024-05-01 10:00:00' } });
    const deliver = (url: string) => fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Basic ${btoa('eqp:restart-secret-1')}` } });
    try {
      const first = await startCallbackReceiver({ username: 'eqp', password: 'restart-secret-1', idempotencyDir: dir, onEvent: (e) => void handled.push(e) });
      expect((await deliver(first.url)).status).toBe(200);
      await first.close();
      const second = await startCallbackReceiver({ username: 'eqp', password: 'restart-secret-1', idempotencyDir: dir, onEvent: (e) => void handled.push(e) });
      try {
        expect(await (await deliver(second.url)).json()).toEqual({ status: 'duplicate' });
      } finally {
        await second.close();
      }
      expect(handled).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('callback-receiver-fetch', () => {
  it('answers 200 to a signed event and 401 to a wrong password, as a plain Fetch handler', async () => {
    const got: CallbackEvent[] = [];
    const handler = createReceiver({ username: 'eqp', password: 'fetch-secret-1' }, (e) => void got.push(e));
    const body = JSON.stringify({ callback_event: 'eqp_status_update', update_info: { submission_id: 's1', item_id: 'i1', eqp_flow: 'marketing', current_status: 'approved' } });
    const send = (password: string) =>
      handler(new Request('https://receiver.test/eqp', { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`eqp:${password}`)}` } }));
    expect((await send('fetch-secret-1')).status).toBe(200);
    const refused = await send('nope-nope-nope');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(got).toHaveLength(1);
    expect(got[0]!.update_info).toMatchObject({ submission_id: 's1', current_status: 'approved' });
  });
});

describe('catalog-export', () => {
  it('writes one CSV row per enabled product, with only the selected columns, across slices and pages', async () => {
    const running = await startFakeCommerce({ auth: { admins: [admin] }, seed: { products: 230 } });
    try {
      const commerce = createCommerceClient({ baseUrl: running.url, auth: adminToken(admin) });
      const lines: string[] = [];
      const rows = await exportCatalog(commerce, (line) => lines.push(line), 50);
      const enabled = [...running.fake.store.products.values()].filter((p) => p['status'] === 1);
      expect(rows).toBe(enabled.length);
      expect(lines[0]).toBe('sku,name,price,status,updated_at');
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(rows);
      expect(lines.slice(1).every((l) => l.split(',').length >= 5)).toBe(true);
    } finally {
      await running.close();
    }
  });

  it('misses no product that existed throughout while the shop adds, deletes and reprices products', async () => {
    // Before each search request: 3 products added, 3 deleted, 5 repriced (the live fake also shuffles tied rows).
    const running = await startFakeCommerce({
      auth: { admins: [admin] },
      seed: { products: 3000 },
      live: {
        seed: 5,
        beforeSearch: (live) => {
          for (let i = 0; i < 3; i++) live.insert('products');
          const ids = live.ids('products');
          const pick = () => ids[Math.floor(live.random() * ids.length)]!;
          for (let i = 0; i < 3; i++) live.delete('products', pick());
          for (let i = 0; i < 5; i++) live.update('products', pick(), { price: Math.round(live.random() * 100) });
        },
      },
    });
    try {
      const commerce = createCommerceClient({ baseUrl: running.url, auth: adminToken(admin) });
      const skus = () => new Set([...running.fake.store.products.values()].map((p) => p['sku'] as string));
      const before = skus();
      const lines: string[] = [];
      const rows = await exportCatalog(commerce, (line) => lines.push(line));
      const after = skus();
      const written = lines.slice(1).map((l) => l.split(',')[0]!);
      const throughout = [...before].filter((sku) => after.has(sku));
      expect(throughout.length).toBeGreaterThan(2800);
      expect(throughout.filter((sku) => !written.includes(sku))).toEqual([]);
      expect(new Set(written).size).toBe(written.length);
      expect(rows).toBe(written.length);
    } finally {
      await running.close();
    }
  });
});

describe('order-sync', () => {
  it('delivers every order changed since the mark, and a rerun from the new mark finds nothing', async () => {
    const running = await startFakeCommerce({ auth: { admins: [admin] }, seed: { orders: 25 } });
    try {
      const commerce = createCommerceClient({ baseUrl: running.url, auth: adminToken(admin) });
      const delivered: SyncedOrder[] = [];
      const first = await syncOrders(commerce, '1970-01-01 00:00:00', async (o) => void delivered.push(o));
      expect(first.synced).toBe(25);
      expect(new Set(delivered.map((o) => o.incrementId)).size).toBe(25);
      expect(delivered.every((o) => o.skus.length > 0 && typeof o.grandTotal === 'number')).toBe(true);
      const again = await syncOrders(commerce, first.highWaterMark, async () => {});
      expect(again.synced).toBe(0);
    } finally {
      await running.close();
    }
  });

  it('on a busy store (updates, inserts, deletes, same-second saves, commits up to 30 s late), a sync and a rerun from its mark lose nothing and leave nothing stale', async () => {
    let writing = true;
    const running = await startFakeCommerce({
      auth: { admins: [admin] },
      seed: { orders: 300 },
      live: {
        seed: 7,
        clock: { tickMs: 250 },
        beforeSearch: (live) => {
          if (!writing) return;
          const ids = live.ids('orders');
          const pick = () => ids[Math.floor(live.random() * ids.length)]!;
          const late = () => (live.random() < 0.25 ? { commitAfterMs: Math.round(live.random() * 30_000) } : {});
          for (let i = 0; i < 3; i += 1) live.update('orders', pick(), undefined, late());
          live.insert('orders', {}, late());
          live.delete('orders', pick());
        },
      },
    });
    try {
      const commerce = createCommerceClient({ baseUrl: running.url, auth: adminToken(admin) });
      const live = running.fake.live!;
      // Busy before the first run too: some writes are still to commit when it starts.
      for (let i = 0; i < 10; i += 1) await commerce.orders.list({ searchCriteria: { page_size: 1 } });
      const mirror = new Map<number, SyncedOrder>();
      const upsert = async (order: SyncedOrder) => void mirror.set(order.entityId, order);
      const first = await syncOrders(commerce, '', upsert);
      writing = false;
      live.clock.advance(30_000); // every late commit lands, none later than the lookback
      const second = await syncOrders(commerce, first.highWaterMark, upsert);
      expect(second.synced).toBeGreaterThan(0);
      // Deletes move no updated_at: the ids the mirror holds that the store no longer has.
      for (const id of await missingKeys(commerce, 'GET /V1/orders', mirror.keys())) mirror.delete(id as number);

      const expected = new Map(live.ids('orders').map((id) => [id, live.get('orders', id)!]));
      const lost = [...expected.keys()].filter((id) => !mirror.has(id));
      const stale = [...expected].filter(([id, row]) => mirror.has(id) && (mirror.get(id)!.status !== row['status'] || mirror.get(id)!.grandTotal !== row['grand_total'])).map(([id]) => id);
      expect({ lost, stale, extra: [...mirror.keys()].filter((id) => !expected.has(id)) }).toEqual({ lost: [], stale: [], extra: [] });
    } finally {
      await running.close();
    }
  });
});
