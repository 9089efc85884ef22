/**
 * Adobe Commerce as a Cloud Service: ims() against the fake's IMS (token issue, caching, single
 * flight, renewal before expiry, one renewal after a 401, refused credentials, faults), the cloud URL
 * form with the Store header, and the routes the cloud service lacks refused before sending.
 */
import { createServer, type Server } from 'node:http';
import { http, HttpResponse, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, cloudServiceUrl, CloudServiceRouteError, createCommerceClient, ims, isCommerceError, routes, type ImsOptions } from '../src/index.ts';
import { createFakeCommerce, createFakeIms, DEFAULT_FAKE_IMS_CLIENT, startFakeCommerce, type FakeIms } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';
import { runtimeOf } from '../src/calls/runtime.ts';

const BASE = 'https://na1.api.commerce.adobe.com/TENANT123';
const TOKEN_URL = 'https://na1.api.commerce.adobe.com/ims/token/v3';
const CREDENTIALS: ImsOptions = { clientId: DEFAULT_FAKE_IMS_CLIENT.clientId, clientSecret: DEFAULT_FAKE_IMS_CLIENT.clientSecret, orgId: DEFAULT_FAKE_IMS_CLIENT.orgId, tokenUrl: TOKEN_URL };

function cloudFake(options: { ttlSeconds?: number; now?: () => number } = {}) {
  const fakeIms = createFakeIms({ tokenTtlMs: (options.ttlSeconds ?? 86399) * 1000, ...(options.now ? { now: options.now } : {}) });
  const fake = createFakeCommerce({ seed: { products: 3 }, cloudService: { tenantId: 'TENANT123', ims: fakeIms }, ...(options.now ? { now: options.now } : {}) });
  server.use(...commerceHandlers(fake, { baseUrl: 'https://na1.api.commerce.adobe.com' }));
  return { fake, fakeIms };
}

describe('cloudServiceUrl', () => {
  it('builds the production and sandbox forms and refuses what is not a region or tenant', () => {
    expect(cloudServiceUrl({ region: 'na1', tenantId: 'AbC123' })).toBe('https://na1.api.commerce.adobe.com/AbC123');
    expect(cloudServiceUrl({ region: 'na1', tenantId: 'AbC123', environment: 'sandbox' })).toBe('https://na1-sandbox.api.commerce.adobe.com/AbC123');
    expect(() => cloudServiceUrl({ region: 'na1.evil.com/x', tenantId: 'a' })).toThrow(/region "na1.evil.com\/x" is not a region code/);
    expect(() => cloudServiceUrl({ region: 'na1', tenantId: '../admin' })).toThrow(/tenantId "..\/admin" is not a tenant id/);
  });
});

describe('ims() against the fake IMS', () => {
  it('gets one token for many concurrent calls, sends it with x-api-key and the org header, and talks cloud URLs', async () => {
    const { fake, fakeIms } = cloudFake();
    const seen: Request[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.clone()));
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS), storeCode: 'default' });
    const products = await Promise.all(Array.from({ length: 20 }, () => commerce.products.get({ sku: 'SKU-0001' })));
    server.events.removeAllListeners();
    expect(products.every((p) => p.sku === 'SKU-0001')).toBe(true);
    expect(fakeIms.tokenRequests).toBe(1);
    expect(runtimeOf(commerce).authorizer.tokenRequests).toBe(1);
    const call = seen.find((r) => r.url.includes('/V1/products/'))!;
    // No /rest and no store code in the path: the store travels in the Store header.
    expect(call.url).toBe(`${BASE}/V1/products/SKU-0001`);
    expect(call.headers.get('store')).toBe('default');
    expect(call.headers.get('x-api-key')).toBe(CREDENTIALS.clientId);
    expect(call.headers.get('x-gw-ims-org-id')).toBe(CREDENTIALS.orgId);
    expect(call.headers.get('authorization')).toMatch(/^Bearer ims-/);
    const tokenRequest = seen.find((r) => r.url === TOKEN_URL)!;
    const form = new URLSearchParams(await tokenRequest.text());
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')!.split(',')).toContain('commerce.accs');
    expect(fake.stats.byRoute.get('GET /V1/products/{sku}')).toBe(20);
  });

  it('renews before expiry (not after), on the fake clock', async () => {
    let now = Date.UTC(2026, 0, 1);
    const { fakeIms } = cloudFake({ ttlSeconds: 3600, now: () => now });
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims({ ...CREDENTIALS, renewBeforeMs: 300_000 }) });
    // The client's clock is Date.now; drive both from the same variable.
    const realNow = Date.now;
    Date.now = () => now;
    try {
      await commerce.products.get({ sku: 'SKU-0001' });
      now += 3600_000 - 300_001; // just before the renewal point
      await commerce.products.get({ sku: 'SKU-0001' });
      expect(fakeIms.tokenRequests).toBe(1);
      now += 2; // inside the last 5 minutes: renewed ahead of expiry
      await commerce.products.get({ sku: 'SKU-0001' });
      expect(fakeIms.tokenRequests).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('renews once after a 401 (a token revoked early), and reports a fresh token refused as a permission problem without looping', async () => {
    const { fakeIms } = cloudFake();
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS) });
    await commerce.products.get({ sku: 'SKU-0001' });
    fakeIms.invalidateTokens();
    await commerce.products.get({ sku: 'SKU-0001' });
    expect(fakeIms.tokenRequests).toBe(2);
    // Now every token is refused. The second token was accepted once, so its refusal may be expiry:
    // one renewal; the third token, refused before it ever worked, is a missing permission: no loop.
    server.use(http.get(`${BASE}/V1/products/:sku`, () => HttpResponse.json({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'Magento_Catalog::products' } }, { status: 401 })));
    const error = await commerce.products.get({ sku: 'SKU-0001' }).catch((e: unknown) => e);
    expect(isCommerceError(error) && error.status).toBe(401);
    expect((error as Error).name).toBe('PermissionError');
    expect(fakeIms.tokenRequests).toBe(3);
    // A further call with the refused-at-once token is not another sign-in.
    await commerce.products.get({ sku: 'SKU-0001' }).catch((e: unknown) => e);
    expect(fakeIms.tokenRequests).toBe(3);
  });

  it('explains refused credentials without the secret, and a wrong scope', async () => {
    cloudFake();
    const secret = 'not-the-secret-9f8e7d';
    const wrong = createCommerceClient({ baseUrl: BASE, auth: ims({ ...CREDENTIALS, clientSecret: secret }) });
    const error = await wrong.products.get({ sku: 'SKU-0001' }).catch((e: unknown) => e);
    expect(isCommerceError(error) && error.kind).toBe('auth');
    const message = (error as Error).message;
    expect(message).toMatch(/Adobe IMS refused the client credentials with 401 \(invalid_client: invalid client_secret parameter\)/);
    expect(message).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
    const noScope = createCommerceClient({ baseUrl: BASE, auth: ims({ ...CREDENTIALS, scopes: ['openid', 'AdobeID'] }) });
    await expect(noScope.products.get({ sku: 'SKU-0001' })).rejects.toThrow(/invalid_scope: the credential needs the commerce.accs scope.*scopes must include commerce.accs/);
  });

  it('turns IMS faults into typed errors: 503, an HTML page, a reset connection', async () => {
    const commerce = () => createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS), retry: 0 });
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'temporarily_unavailable' }, { status: 503 })));
    await expect(commerce().products.get({ sku: 'A' })).rejects.toMatchObject({ kind: 'http', status: 503 });
    server.use(http.post(TOKEN_URL, () => new HttpResponse('<html>maintenance</html>', { status: 200, headers: { 'content-type': 'text/html' } })));
    await expect(commerce().products.get({ sku: 'A' })).rejects.toMatchObject({ kind: 'response' });
    server.use(http.post(TOKEN_URL, () => HttpResponse.error()));
    await expect(commerce().products.get({ sku: 'A' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('times out a token request that stalls, against a real loopback server', async () => {
    const stalled: Server = createServer((req) => req.resume());
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const port = (stalled.address() as { port: number }).port;
    server.use(http.all(`http://127.0.0.1:${port}/*`, () => passthrough()));
    try {
      const commerce = createCommerceClient({ baseUrl: BASE, auth: ims({ ...CREDENTIALS, tokenUrl: `http://127.0.0.1:${port}/ims/token/v3`, timeout: 200 }) });
      await expect(commerce.products.get({ sku: 'A' })).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it('checks its options when created', () => {
    expect(() => ims({ ...CREDENTIALS, clientSecret: '' })).toThrow(/ims\(\): clientSecret is empty/);
    expect(() => ims({ ...CREDENTIALS, orgId: undefined as never })).toThrow(/ims\(\): orgId is missing/);
    expect(() => ims({ ...CREDENTIALS, tokenUrl: 'http://ims.example.com/token' })).toThrow(/tokenUrl must use https/);
    expect(() => ims({ ...CREDENTIALS, scopes: [] })).toThrow(/scopes must be a non-empty list/);
  });
});

describe('cloud mode', () => {
  it('refuses routes the cloud service lacks before sending, with a typed error', async () => {
    const { fake } = cloudFake();
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS) });
    const error = await commerce.request('GET /V1/guest-carts/{cartId}', { cartId: 'abc' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudServiceRouteError);
    expect(error).toMatchObject({ kind: 'input', route: 'GET /V1/guest-carts/{cartId}' });
    expect((error as Error).message).toMatch(/not available on Adobe Commerce as a Cloud Service/);
    await expect(commerce.carts.mine.get()).rejects.toBeInstanceOf(CloudServiceRouteError);
    await expect(commerce.async.request('POST /V1/guest-carts')).rejects.toBeInstanceOf(CloudServiceRouteError);
    await expect(commerce.cmsPages.get({ pageId: 1 })).rejects.toBeInstanceOf(CloudServiceRouteError);
    expect(fake.stats.byRoute.size).toBe(0);
    // The exceptions the published cloud schema lists are allowed (admin customer creation, countries): sent,
    // and answered by the fake (which keeps no country list and says so with 501 rather than make one up).
    await expect(commerce.request('GET /V1/directory/countries')).rejects.toMatchObject({ status: 501, parameters: { route: 'GET /V1/directory/countries' } });
    expect(fake.stats.byRoute.get('GET /V1/directory/countries')).toBe(1);
  });

  it('sends async and bulk writes after the version (/V1/async/..., /V1/async/bulk/...) with a Store header, as the service documents them', async () => {
    const { fake } = cloudFake();
    const seen: Request[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.clone()));
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS) });
    const accepted = await commerce.async.products.update({ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 12 } });
    const job = await commerce.bulk.products.update([{ sku: 'SKU-0002', product: { sku: 'SKU-0002', price: 13 } }], { storeCode: 'all' });
    server.events.removeAllListeners();
    expect(accepted.bulkUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(job.items).toHaveLength(1);
    const asyncCall = seen.find((r) => r.method === 'PUT' && r.url.includes('/async/') && !r.url.includes('/bulk/'))!;
    expect(asyncCall.url).toBe(`${BASE}/V1/async/products/SKU-0001`);
    // Async calls must send the Store header; without a store code the client sends the default store view.
    expect(asyncCall.headers.get('store')).toBe('default');
    const bulkCall = seen.find((r) => r.url.includes('/async/bulk/'))!;
    expect(bulkCall.url).toBe(`${BASE}/V1/async/bulk/products/bySku`);
    expect(bulkCall.headers.get('store')).toBe('all');
    expect(fake.stats.byRoute.get('async PUT /V1/products/{sku}')).toBe(1);
    expect(fake.stats.byRoute.get('bulk PUT /V1/products/{sku}')).toBe(1);
    // The self-hosted form is not the service's: the fake answers it 404, as the service would not route it.
    const token = await (await fetch(TOKEN_URL, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CREDENTIALS.clientId, client_secret: CREDENTIALS.clientSecret, scope: 'commerce.accs' }) })).json() as { access_token: string };
    const wrongForm = await fetch(`${BASE}/async/V1/products/SKU-0001`, { method: 'PUT', headers: { authorization: `Bearer ${token.access_token}`, 'x-api-key': CREDENTIALS.clientId, 'x-gw-ims-org-id': CREDENTIALS.orgId, 'content-type': 'application/json' }, body: '{}' });
    expect(wrongForm.status).toBe(404);
  });

  it('names the cloud form of a bulk route when the service rejects elements', async () => {
    const fakeIms = createFakeIms();
    const fake = createFakeCommerce({ seed: { products: 2 }, cloudService: { tenantId: 'TENANT123', ims: fakeIms }, rejectElement: (_key, element) => (element['sku'] === 'BAD' ? 'The "sku" value is not valid.' : undefined) });
    server.use(...commerceHandlers(fake, { baseUrl: 'https://na1.api.commerce.adobe.com' }));
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS) });
    const rows = [{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 1 } }, { sku: 'BAD', product: { sku: 'BAD', price: 1 } }];
    await expect(commerce.bulk.products.update(rows)).rejects.toThrow(/^PUT \/V1\/async\/bulk\/products\/bySku: 1 of 2 elements were not queued/);
  });

  it('calls the routes only the cloud service has (gift card accounts, order editing)', async () => {
    const { fake } = cloudFake();
    const commerce = createCommerceClient({ baseUrl: BASE, auth: ims(CREDENTIALS) });
    // Sent and reached: the fake does not model them, and refuses with 501 instead of answering made-up records.
    await expect(commerce.giftCardAccounts.get({ id: 1 })).rejects.toMatchObject({ status: 501 });
    await expect(commerce.orders.edit.start({ orderId: 1 } as never)).rejects.toMatchObject({ status: 501 });
    expect(fake.stats.byRoute.get('GET /V1/giftcardaccounts/{id}')).toBe(1);
    expect(fake.stats.byRoute.get('POST /V1/orders/{orderId}/edit/start')).toBe(1);
  });

  it('the spec marks guest and customer routes as absent, except the ones the cloud schema lists', () => {
    const absent = routes.filter((r) => !r.inCloudService).map((r) => r.key);
    expect(absent).toContain('POST /V1/integration/admin/token');
    expect(absent).toContain('GET /V1/cmsBlock/{blockId}');
    expect(absent).not.toContain('POST /V1/customers');
    expect(absent).not.toContain('GET /V1/products/{sku}');
  });

  it('switches on for *.api.commerce.adobe.com and refuses token strategies the service does not issue', () => {
    expect(() => createCommerceClient({ baseUrl: BASE, auth: adminToken({ username: 'a', password: 'b1234' }) })).toThrow(/does not accept admin credentials: authenticate with Adobe IMS/);
    expect(runtimeOf(createCommerceClient({ baseUrl: 'https://shop.example.com', auth: ims(CREDENTIALS) })).cloudService).toBe(true);
    expect(runtimeOf(createCommerceClient({ baseUrl: 'https://shop.example.com' })).cloudService).toBe(false);
  });

  it('runs against the fake on a real loopback server (cloud URLs, IMS on the same origin)', async () => {
    const fakeIms: FakeIms = createFakeIms();
    const running = await startFakeCommerce({ seed: { products: 2 }, cloudService: { tenantId: 'T1', ims: fakeIms } });
    server.use(http.all(`${running.url}/*`, () => passthrough()));
    try {
      const commerce = createCommerceClient({ baseUrl: `${running.url}/T1`, cloudService: true, auth: ims({ ...CREDENTIALS, tokenUrl: `${running.url}/ims/token/v3` }) });
      expect((await commerce.products.get({ sku: 'SKU-0002' })).sku).toBe('SKU-0002');
      const wrongTenant = createCommerceClient({ baseUrl: `${running.url}/T2`, cloudService: true, auth: ims({ ...CREDENTIALS, tokenUrl: `${running.url}/ims/token/v3` }) });
      await expect(wrongTenant.products.get({ sku: 'SKU-0002' })).rejects.toMatchObject({ status: 404 });
    } finally {
      await running.close();
    }
  });
});
