// Each client owns its route index: the module `magekit-commerce types pull` writes works the same
// on a lean and a full client (against the fake with its custom module), unknown routes say what to
// add, helpers resolve through the client and refuse before sending, and both spellings of a
// trailing slash are one route.
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { addRoutes, adminToken, bearer, createCommerceClient, normalizeRouteKey, paginate, registerRoutes, where, type RouteModule } from '../../src/index.ts';
import { createLeanClient } from '../../src/entries/lean.ts';
import { searchCriteriaEncoder } from '../../src/entries/search.ts';
import { asyncFeatures, asyncRequest, bulkRequest, readBulkStatus, waitForBulk } from '../../src/entries/bulk.ts';
import { productsRoutes } from '../../src/generated/modules.ts';
import { acmeWarrantyModule, startFakeCommerce, type RunningFakeCommerce } from '../../src/testing/index.ts';
import { server as msw } from '@magekit/test-support/msw';

const open: RunningFakeCommerce[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function fake(): Promise<RunningFakeCommerce> {
  const running = await startFakeCommerce({ seed: { products: 3 }, modules: [acmeWarrantyModule] });
  open.push(running);
  msw.use(http.all(`${running.url}/*`, () => passthrough()));
  return running;
}
const auth = () => adminToken({ username: 'admin', password: 'admin123!' });

/** The module `magekit-commerce types pull` writes for the fake's acme module: its rows and the file it wrote. */
const installationRoutes: RouteModule = {
  name: 'installation',
  source: 'magekit-routes.ts',
  rows: [
    ['acme.warrantyClaims.create', 'POST', '/V1/acme/products/{sku}/warranty-claims', '', 'n'],
    ['acme.warrantyClaims.get', 'GET', '/V1/acme/warranty-claims/{claimId}', '', ''],
    ['acme.warrantyClaims.search', 'GET', '/V1/acme/warranty-claims', 'searchCriteria', 'sq'],
  ],
};

/** request() for keys the repo's own types do not declare (an app gets them from magekit-env.d.ts). */
type Untyped = { request(route: string, input?: object): Promise<any> };
const untyped = (client: object) => client as unknown as Untyped;

/** A fetch that fails the test if anything is sent. */
const noSend = (): typeof fetch => async (input) => {
  throw new Error(`nothing should have been sent, got ${String(input instanceof Request ? input.url : input)}`);
};

describe('the module types pull writes', () => {
  it('lets a lean client and a full client call the installation\'s routes', async () => {
    const { url, fake: platform } = await fake();
    // searchCriteria needs its encoder on a lean client (a refusal naming the import otherwise).
    const lean = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes, installationRoutes], encoders: [searchCriteriaEncoder] });
    const full = createCommerceClient({ baseUrl: url, auth: auth(), routes: [installationRoutes] });
    for (const [name, client] of [['lean', lean], ['full', full]] as const) {
      const claim = await untyped(client).request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'SKU-0001', claim: { reason: `${name} cracked` } });
      expect(claim).toMatchObject({ sku: 'SKU-0001', reason: `${name} cracked`, status: 'open' });
      expect(await untyped(client).request('GET /V1/acme/warranty-claims/{claimId}', { claimId: claim.id })).toMatchObject({ id: claim.id });
      const page = await untyped(client).request('GET /V1/acme/warranty-claims', { searchCriteria: where('reason', 'eq', `${name} cracked`) });
      expect(page.total_count).toBe(1);
    }
    expect(platform.requests.get('module POST /rest/V1/acme/products/SKU-0001/warranty-claims')).toBe(2);
    // Helpers resolve through the same index: paginate over the installation's search route.
    // Its records' key is not on record for a route added at run time: the caller names it.
    const reasons = (await paginate(lean, 'GET /V1/acme/warranty-claims' as never, {}, { pageSize: 1, key: 'id' }).collect()).map((c) => (c as { reason: string }).reason);
    expect(reasons.sort()).toEqual(['full cracked', 'lean cracked']);
  });

  it('can be added to a client later, with addRoutes', async () => {
    const { url } = await fake();
    const lean = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes] });
    const full = createCommerceClient({ baseUrl: url, auth: auth() });
    for (const client of [lean, full]) {
      addRoutes(client, installationRoutes);
      expect(await untyped(client).request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'SKU-0002', claim: { reason: 'late' } })).toMatchObject({ sku: 'SKU-0002' });
    }
  });

  it('without it, an installation route fails before sending and names the file and the routes option', async () => {
    const full = createCommerceClient({ baseUrl: 'https://shop.example.com', auth: bearer('t'), fetch: noSend() });
    const error = await untyped(full).request('GET /V1/acme/warranty-claims/{claimId}', { claimId: 1 }).catch((e: unknown) => e as Error);
    expect(error.message).toMatch(/Unknown route "GET \/V1\/acme\/warranty-claims\/\{claimId\}"/);
    expect(error.message).toMatch(/It is not one of the SDK's routes\. A route of your installation needs the module `magekit-commerce types pull` wrote\. Add modules with the routes option or addRoutes\(client, module\)\./);
    // With the module given, a route it lacks names the file it came from.
    const withFile = createLeanClient({ baseUrl: 'https://shop.example.com', auth: bearer('t'), fetch: noSend(), routes: [installationRoutes] });
    const stale = await untyped(withFile).request('DELETE /V1/acme/warranty-claims/{claimId}', { claimId: 1 }).catch((e: unknown) => e as Error);
    expect(stale.message).toMatch(/A route of your installation missing from magekit-routes\.ts needs `magekit-commerce types pull` again/);
  });

  it('registerRoutes (deprecated) still reaches every client, lean ones included', async () => {
    const { url } = await fake();
    expect(registerRoutes([['acme.legacy.get', 'GET', '/V1/acme/warranty-claims/{claimId}', '', '']])).toBe(1);
    const lean = createLeanClient({ baseUrl: url, auth: auth() });
    const error = await untyped(lean).request('GET /V1/acme/warranty-claims/{claimId}', { claimId: 9 }).catch((e: unknown) => e as { status?: number });
    // Sent and answered by the fake (no such claim), not refused by the client.
    expect(error.status).toBe(404);
  });
});

describe('helpers resolve routes through the client', () => {
  const lean = () => createLeanClient({ baseUrl: 'https://shop.example.com', auth: bearer('t'), fetch: noSend(), routes: [productsRoutes] });

  it('async and bulk writes outside the client\'s modules are refused before sending', async () => {
    const { async, bulk } = asyncFeatures(lean());
    const queued = (await async.request('PUT /V1/orders/create', { entity: { entity_id: 1 } } as never).catch((e: unknown) => e)) as Error;
    expect(queued.message).toMatch(/Unknown route "PUT \/V1\/orders\/create".*This client knows the routes of products\. A route of the SDK needs its module, exported by @magekit\/commerce\/modules/s);
    const rows = (await bulk.request('POST /V1/orders/', [{ entity: {} }] as never).catch((e: unknown) => e)) as Error;
    expect(rows.message).toMatch(/Unknown route "POST \/V1\/orders\/"/);
    // The trees hold only the client's routes.
    expect(Object.keys(async)).toEqual(expect.arrayContaining(['products', 'request']));
    expect(Object.keys(async)).not.toContain('orders');
  });

  it('bulkRequest and asyncRequest refuse routes outside the client\'s modules before sending', async () => {
    const rows = (await bulkRequest(lean(), 'POST /V1/orders/' as never, [{ entity: {} }] as never).catch((e: unknown) => e)) as Error;
    expect(rows.message).toMatch(/Unknown route "POST \/V1\/orders\/".*This client knows the routes of products\./s);
    const queued = (await asyncRequest(lean(), 'PUT /V1/orders/create' as never, { entity: {} } as never).catch((e: unknown) => e)) as Error;
    expect(queued.message).toMatch(/Unknown route "PUT \/V1\/orders\/create"/);
  });

  it('the waiter and status reads need the bulk module, and name it', async () => {
    const client = lean();
    await expect(waitForBulk(client, '0b9c7e7e-3a44-4b6b-9a55-2a0a3c0b6a11')).rejects.toThrow(/waitForBulk and readBulkStatus read GET \/V1\/bulk, which this client does not know: add bulkRoutes \(exported by @magekit\/commerce\/modules\).*Nothing was sent/);
    await expect(readBulkStatus(client, '0b9c7e7e-3a44-4b6b-9a55-2a0a3c0b6a11')).rejects.toThrow(/add bulkRoutes/);
  });

  it('paginate refuses a search route outside the client\'s modules', () => {
    expect(() => paginate(lean(), 'GET /V1/orders', {})).toThrow(/Unknown route "GET \/V1\/orders".*needs its module, exported by/s);
  });

  it('the full client\'s fetch encodes like request()', async () => {
    const urls: string[] = [];
    const capture: typeof fetch = async (input) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return Response.json({ items: [], total_count: 0 });
    };
    const commerce = createCommerceClient({ baseUrl: 'https://shop.example.com', auth: bearer('t'), fetch: capture });
    const searchCriteria = where('sku', 'like', 'MB%').sortBy('sku');
    await commerce.request('GET /V1/products', { searchCriteria, fields: ['sku', 'price'] });
    await commerce.fetch('GET', '/V1/products', { query: { searchCriteria, fields: ['sku', 'price'] } });
    // A path outside the index is encoded the same way (a searchCriteria makes it a list answer).
    await commerce.fetch('GET', '/V1/acme/products', { query: { searchCriteria, fields: ['sku', 'price'] } });
    expect(urls[1]).toBe(urls[0]);
    expect(urls[2]).toBe(urls[0]!.replace('/V1/products', '/V1/acme/products'));
  });
});

const ORDER = { customer_email: 'a@example.com', base_grand_total: 10, grand_total: 10, items: [{ sku: 'MB-01' }] };

describe('trailing slashes', () => {
  it('POST /V1/orders and POST /V1/orders/ are one route and send the same request', async () => {
    const sent: string[] = [];
    const capture: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(`${request.method} ${request.url} ${await request.text()}`);
      return Response.json({ entity_id: 1 });
    };
    for (const client of [createCommerceClient({ baseUrl: 'https://shop.example.com', auth: bearer('t'), fetch: capture }), createLeanClient({ baseUrl: 'https://shop.example.com', auth: bearer('t'), fetch: capture, routes: [(await import('../../src/generated/modules.ts')).ordersRoutes] })]) {
      await client.request('POST /V1/orders', { entity: ORDER });
      await client.request('POST /V1/orders/', { entity: ORDER });
    }
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(1);
  });

  it('normalizeRouteKey gives both spellings one key', () => {
    expect(normalizeRouteKey('POST /V1/orders/')).toBe('POST /V1/orders');
    expect(normalizeRouteKey('POST /V1/orders')).toBe('POST /V1/orders');
    expect(normalizeRouteKey('GET /V1/company//')).toBe('GET /V1/company');
    expect(normalizeRouteKey('GET /')).toBe('GET /');
  });
});
