// The spec, the client and the fake cannot drift apart: every documented route has exactly one
// named method, and every route the client calls is one the fake (built on the same table) serves.
import { describe, expect, it } from 'vitest';
import { routes } from '../src/index.ts';
import { draft, setupFake } from './helpers.ts';

describe('route coverage', () => {
  it('has one named method per route, and no name repeats', () => {
    const { market } = setupFake();
    const ids = routes.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(routes).toHaveLength(29); // 30 documented endpoints; PUT by submission_id and by item_id share one template
    for (const route of routes) {
      const method = route.id.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], market);
      expect(typeof method, route.id).toBe('function');
    }
  });

  it('every route the client sends matches the spec route table the fake serves', async () => {
    const { fake, market } = setupFake({ reviewDelayMs: false });
    const [file] = await market.files.upload([{ data: 'z', filename: 'a.zip' }]);
    const [sent] = (await market.packages.submit([draft(0)])).throwIfFailed();
    const id = sent!.value.submission_id!;
    const sku = String(fake.getPackage(id)?.sku);
    await market.session.create();
    await market.users.get();
    await market.users.update({ first_name: 'Ada' });
    await market.users.keys.create([{ label: 'k' }]);
    await market.users.keys.list({ type: 'm2' });
    await market.users.keys.update({ label: 'k', m2: [{ is_enabled: true }] });
    await market.users.keys.delete({ label: 'k' });
    await market.reports.users.pageviews();
    await market.reports.users.totals();
    await market.reports.users.sales();
    await market.reports.users.refunds();
    await market.reports.metrics.list();
    await market.reports.metrics.get({ metric_name: 'm' });
    await market.files.get({ file_upload_id: file!.file_upload_id });
    await market.files.list({ limit: 5 });
    await market.packages.update([{ submission_id: id, release_notes: 'x' }]);
    await market.packages.updateOne({ submission_id: id, release_notes: 'y' });
    await market.packages.get({ submission_id: id });
    await market.packages.list({ sort: '+name' });
    await market.packages.skus.list();
    await market.packages.skus.get({ sku, version: '1.0.0' });
    await market.packages.items.list();
    await market.packages.items.get({ item_id: 'item-0' });
    await market.testResults.list({ submission_id: id });
    await market.testResults.listBySku({ sku });
    await market.testResults.listByItem({ item_id: 'item-0' });
    await expect(market.testResults.get({ submission_id: id, tool_name: 'phpcpd', tool_run_id: '1' })).rejects.toMatchObject({ status: 404 });
    expect(fake.stats.unmatched).toEqual([]);
  });
});
