import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMalwareScanFeed } from '../src/index.ts';
import { fileFromPath } from '../src/node.ts';
import { server } from '@magekit/test-support/msw';
import { draft, setupFake } from './helpers.ts';

describe('users', () => {
  it('reads the full profile and the summary', async () => {
    const { fake, market } = setupFake();
    const full = await market.users.get();
    expect(full).toMatchObject({ mage_id: fake.app.mageId, vendor_name: 'fakevendor', api_callbacks: [] });
    const summary = await market.users.get({ style: 'summary' });
    expect(summary).not.toHaveProperty('vendor_name');
    expect(summary.mage_id).toBe(fake.app.mageId);
  });

  it('registers callbacks: the password is sent, stored by the service, never returned', async () => {
    const { fake, market } = setupFake();
    let sentBody: unknown;
    server.use(http.put(`${fake.baseUrl}/rest/v1/users/:id`, async ({ request }) => { sentBody = await request.clone().json(); return fake.handle(request); }));
    const updated = await market.users.update({ api_callbacks: [{ name: 'ci', url: 'https://hooks.example.com/eqp', username: 'u', password: 'pw-123456' }] });
    expect(sentBody).toEqual({ api_callbacks: [{ name: 'ci', url: 'https://hooks.example.com/eqp', username: 'u', password: 'pw-123456' }] });
    expect(updated.api_callbacks).toEqual([{ name: 'ci', url: 'https://hooks.example.com/eqp', username: 'u' }]);
    expect(JSON.stringify(await market.users.get())).not.toContain('pw-123456');
    expect(fake.registeredCallbacks()[0]?.password).toBe('pw-123456');
  });

  it('manages Composer keys: list, create, update, delete (204)', async () => {
    const { market } = setupFake();
    (await market.users.keys.create([{ label: 'build server' }])).throwIfFailed();
    expect((await market.users.keys.list()).m2?.map((k) => k.label)).toEqual(['build server']);
    const updated = await market.users.keys.update({ label: 'build server', m2: [{ is_enabled: false }] });
    expect(updated.m2?.[0]?.is_enabled).toBe(false);
    await expect(market.users.keys.delete({ label: 'build server' })).resolves.toBeUndefined();
    expect((await market.users.keys.list()).m2).toEqual([]);
  });

  it('URL-encodes a key label as one path segment', async () => {
    const { fake, market } = setupFake();
    let path = '';
    server.use(http.delete(`${fake.baseUrl}/rest/v1/users/:id/keys/:label`, ({ request }) => { path = new URL(request.url).pathname; return new HttpResponse(null, { status: 204 }); }));
    await market.users.keys.delete({ label: 'a/b c+d' });
    expect(path).toBe(`/rest/v1/users/${fake.app.mageId}/keys/a%2Fb%20c%2Bd`);
  });

  it('reads user and marketplace reports (empty in the sandbox)', async () => {
    const { market } = setupFake();
    expect(await market.reports.users.pageviews()).toEqual([]);
    expect(await market.reports.metrics.get({ metric_name: 'installs' })).toEqual([]);
  });
});

describe('files', () => {
  it('uploads multipart with every part named file[], its filename and its own content type', async () => {
    const { fake, market } = setupFake();
    let parts: { name: string; filename: string; type: string; size: number }[] = [];
    server.use(
      http.post(`${fake.baseUrl}/rest/v1/files/uploads`, async ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        const form = await request.clone().formData();
        parts = [...form.entries()].map(([name, value]) => ({ name, filename: (value as File).name, type: (value as File).type, size: (value as File).size }));
        return fake.handle(request);
      }),
    );
    const result = await market.files.upload([
      new File([new Uint8Array([80, 75, 3, 4])], 'module.zip', { type: 'application/zip' }),
      { data: new TextEncoder().encode('%PDF-1.7'), filename: 'user-guide.pdf' },
      { data: new Blob([new Uint8Array(10)]), filename: 'icon.bin', contentType: 'image/png' },
    ]);
    expect(parts).toEqual([
      { name: 'file[]', filename: 'module.zip', type: 'application/zip', size: 4 },
      { name: 'file[]', filename: 'user-guide.pdf', type: 'application/pdf', size: 8 },
      { name: 'file[]', filename: 'icon.bin', type: 'image/png', size: 10 },
    ]);
    expect(result.map((r) => r.filename)).toEqual(['module.zip', 'user-guide.pdf', 'icon.bin']);
    expect(fake.getFile(result[0]!.file_upload_id)?.malware_status).toBe('in-progress');
  });

  it('refuses sources it cannot name or type, before sending', async () => {
    const { fake, market } = setupFake();
    await expect(market.files.upload([new Blob(['x'])])).rejects.toThrow(/without a name/);
    await expect(market.files.upload([{ data: 'x', filename: 'notes.txt' }])).rejects.toThrow(/contentType/);
    await expect(market.files.upload([])).rejects.toMatchObject({ kind: 'input' });
    expect(fake.stats.requests).toBe(0);
  });

  it('uploads from a path with the Node helper', async () => {
    const { fake, market } = setupFake();
    const dir = await mkdtemp(join(tmpdir(), 'magekit-'));
    await writeFile(join(dir, 'theme.zip'), new Uint8Array([1, 2, 3]));
    const file = await fileFromPath(join(dir, 'theme.zip'));
    const [record] = await market.files.upload([file]);
    expect(fake.getFile(record!.file_upload_id)).toMatchObject({ filename: 'theme.zip', content_type: 'application/zip', size: 3 });
  });

  it('waitForMalwareScan polls until every file has left in-progress', async () => {
    // Long enough that the first poll (right after the upload) still sees both files scanning, even on a loaded machine.
    const { market } = setupFake({ scanDelayMs: 500 });
    const uploaded = await market.files.upload([{ data: 'a', filename: 'a.zip' }, { data: 'b', filename: 'malware.zip' }]);
    const progress: number[] = [];
    const records = await market.files.waitForMalwareScan(uploaded.map((u) => u.file_upload_id), { pollInterval: 50, onProgress: (n) => progress.push(n) });
    expect(records.map((r) => r.malware_status)).toEqual(['pass', 'fail']);
    expect(records[0]?.file_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(progress.at(-1)).toBe(0);
    expect(progress[0]).toBe(2);
  });

  it('waitForMalwareScan is woken by a callback feed instead of waiting for the next poll', async () => {
    const { fake, market } = setupFake({ scanDelayMs: 20 });
    const [uploaded] = await market.files.upload([{ data: 'a', filename: 'a.zip' }]);
    const feed = createMalwareScanFeed();
    const started = Date.now();
    const waiting = market.files.waitForMalwareScan([uploaded!.file_upload_id], { pollInterval: 60_000, feed });
    await fake.settle();
    feed.push({ file_upload_id: uploaded!.file_upload_id });
    const [record] = await waiting;
    expect(record?.malware_status).toBe('pass');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('waitForMalwareScan times out with a typed error', async () => {
    const { market } = setupFake({ scanDelayMs: 10_000 });
    const [uploaded] = await market.files.upload([{ data: 'a', filename: 'a.zip' }]);
    await expect(market.files.waitForMalwareScan([uploaded!.file_upload_id], { pollInterval: 5, maxWait: 30 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('files.list pages with offset/limit', async () => {
    const { market } = setupFake();
    await market.files.upload(Array.from({ length: 5 }, (_, i) => ({ data: String(i), filename: `${i}.zip` })));
    expect((await market.paginate('GET /files/uploads', {}, { pageSize: 2 }).collect()).map((f) => f.filename)).toEqual(['0.zip', '1.zip', '2.zip', '3.zip', '4.zip']);
  });
});

describe('package reads', () => {
  async function seeded() {
    const env = setupFake();
    (await env.market.packages.submit(Array.from({ length: 7 }, (_, i) => ({ ...draft(i), type: i % 2 ? ('theme' as const) : ('extension' as const) })))).throwIfFailed();
    return env;
  }

  it('paginates over offset/limit with X-Total-Count, page by page', async () => {
    const { fake, market } = await seeded();
    const queries: string[] = [];
    server.use(http.get(`${fake.baseUrl}/rest/v1/products/packages`, ({ request }) => { queries.push(new URL(request.url).search); return fake.handle(request); }));
    const pages = [];
    for await (const page of market.paginate('GET /products/packages', { type: 'extension' }, { pageSize: 2 }).pages()) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2]);
    expect(pages.map((p) => p.totalCount)).toEqual([4, 4]);
    expect(queries).toEqual(['?type=extension&offset=0&limit=2', '?type=extension&offset=2&limit=2']);
    const names: string[] = [];
    for await (const pkg of market.paginate('GET /products/packages', { sort: ['-name'] }, { pageSize: 3, max: 4 })) names.push(String(pkg.name));
    expect(names).toEqual(['Package 6', 'Package 5', 'Package 4', 'Package 3']);
  });

  it('without X-Total-Count (a proxy stripped it), a short page is the last: no request for the page after it', async () => {
    const { fake, market } = await seeded();
    const queries: string[] = [];
    server.use(
      http.get(`${fake.baseUrl}/rest/v1/products/packages`, async ({ request }) => {
        queries.push(new URL(request.url).search);
        const answer = await fake.handle(request);
        const headers = new Headers(answer.headers);
        headers.delete('x-total-count');
        return new Response(answer.body, { status: answer.status, headers });
      }),
    );
    const pages = [];
    for await (const page of market.paginate('GET /products/packages', {}, { pageSize: 3 }).pages()) pages.push(page);
    expect(pages.map((p) => [p.items.length, p.totalCount])).toEqual([[3, undefined], [3, undefined], [1, undefined]]);
    expect(queries).toEqual(['?offset=0&limit=3', '?offset=3&limit=3', '?offset=6&limit=3']);
  });

  it('encodes the + of an ascending sort as %2B', async () => {
    const { fake, market } = await seeded();
    let search = '';
    server.use(http.get(`${fake.baseUrl}/rest/v1/products/packages`, ({ request }) => { search = new URL(request.url).search; return fake.handle(request); }));
    const list = await market.packages.list({ sort: ['+type', '-name'], limit: 3 });
    expect(search).toBe('?sort=%2Btype%2C-name&limit=3');
    expect(list.map((p) => p.name)).toEqual(['Package 6', 'Package 4', 'Package 2']);
  });

  it('reads by submission_id, item_id and SKU (slash encoded)', async () => {
    const { market } = await seeded();
    const [first] = await market.packages.list({ item_id: 'item-0' });
    expect((await market.packages.get({ submission_id: first!.submission_id })).name).toBe('Package 0');
    expect((await market.packages.items.get({ item_id: 'item-0' })).submission_id).toBe(first!.submission_id);
    const versions = await market.packages.skus.get({ sku: String(first!.sku) });
    expect(versions).toHaveLength(1);
    expect(String(first!.sku)).toContain('/');
    expect((await market.packages.items.list()).length).toBe(7);
    expect((await market.packages.skus.list({ limit: -1 })).length).toBe(7);
  });

  it('updates one package by submission_id or item_id', async () => {
    const { market } = await seeded();
    const [first] = await market.packages.list({ item_id: 'item-1' });
    expect((await market.packages.updateOne({ submission_id: first!.submission_id, release_notes: 'fixes' }))?.release_notes).toBe('fixes');
    expect((await market.packages.updateOne({ submission_id: 'item-1', release_notes: 'more' }))?.release_notes).toBe('more');
  });

  it('rejects unknown parameters on reads before sending', async () => {
    const { market } = await seeded();
    await expect(market.request('GET /products/packages', { colour: 'red' } as never)).rejects.toThrow(/no parameter "colour"/);
    await expect(market.request('GET /nope' as never)).rejects.toThrow(/Unknown route/);
  });
});

describe('test results', () => {
  it('summaries by submission, SKU and item; details as an array for tools and an object for marketing', async () => {
    const { fake, market } = setupFake({ reviewDelayMs: 5 });
    const [zip, pdf] = await market.files.upload([{ data: 'zip', filename: 'm.zip' }, { data: 'pdf', filename: 'u.pdf' }]);
    await fake.settle();
    const result = await market.packages.submit([
      { ...draft(0), release_notes: 'first', version_compatibility: [{ edition: 'CE', versions: ['2.4'] }], artifact: { file_upload_id: zip!.file_upload_id }, documentation_artifacts: { user: { file_upload_id: pdf!.file_upload_id } }, action: { technical: 'submit', marketing: 'submit' } },
    ]);
    const id = result.throwIfFailed()[0]!.value.submission_id!;
    await fake.settle();
    expect(fake.getPackage(id)?.eqp_status).toEqual({ overall: 'approved', technical: 'approved', marketing: 'approved' });
    const runs = await market.testResults.list({ submission_id: id });
    expect(runs.map((r) => r.name).sort()).toEqual(['marketing', 'phpcpd', 'phpcs', 'varnish']);
    expect(await market.testResults.listByItem({ item_id: 'item-0' })).toEqual(runs);
    const sku = String(fake.getPackage(id)?.sku);
    expect(await market.testResults.listBySku({ sku })).toEqual(runs);
    const phpcs = runs.find((r) => r.name === 'phpcs')!;
    const marketing = runs.find((r) => r.name === 'marketing')!;
    const tool = await market.testResults.get({ submission_id: id, tool_name: 'phpcs', tool_run_id: phpcs.tool_run_id });
    expect(Array.isArray(tool.reports)).toBe(true);
    const review = await market.testResults.get({ submission_id: id, tool_name: 'marketing', tool_run_id: marketing.tool_run_id });
    expect(Array.isArray(review.reports)).toBe(false);
    expect(review.status).toBe('PASS');
  });
});
