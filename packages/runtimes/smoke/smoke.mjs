// The one smoke suite every runtime lane runs, from the packed tarballs. Web-platform JavaScript only
// (fetch, Request, URL, timers), so Node, Bun, Deno, workerd, the edge runtime and Chromium all run
// the same code; each lane's host passes the packages as its own module system loaded them and
// prints or returns the JSON `smoke` resolves to, which test/expected.ts holds against one expectation.

/** Where this code runs, proven by what only that runtime has (a lane that quietly ran in Node fails). */
function whereAmI() {
  const g = globalThis;
  if (g.process?.versions?.bun) return { runtime: 'bun', version: g.process.versions.bun };
  if (g.Deno?.version?.deno) return { runtime: 'deno', version: g.Deno.version.deno };
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return { runtime: 'workerd', version: 'Cloudflare-Workers' };
  if (typeof g.EdgeRuntime === 'string') return { runtime: 'edge-runtime', version: g.EdgeRuntime };
  if (typeof g.window === 'object' && typeof g.document === 'object') {
    const chrome = /(?:HeadlessChrome|Chrome|Chromium)\/(\S+)/.exec(g.navigator.userAgent);
    return { runtime: chrome ? 'chromium' : 'browser', version: chrome ? chrome[1] : g.navigator.userAgent };
  }
  if (g.process?.versions?.node) return { runtime: 'node', version: g.process.versions.node };
  return { runtime: 'unknown', version: '' };
}

const ADMIN = { username: 'smoke-admin', password: 'smoke-admin-pw-1' };
const KEYS = { consumerKey: 'ck-smoke-0001', consumerSecret: 'cs-smoke-secret', accessToken: 'at-smoke-0001', accessTokenSecret: 'ats-smoke-secret' };
const HOOK = { username: 'hook', password: 'hook-secret-1' };

/** The fake on 127.0.0.1 that a lane starts for the one real request (`loopbackUrl`). */
export const loopbackFakeOptions = { seed: { products: 5 }, auth: { integrations: [KEYS] } };

/** A path on the loopback fake that never answers: the lanes' deadlines must end the wait. */
export const NEVER_ANSWERS = '/never-answers';

/** A client's `fetch` that hands the request to an in-process fake. */
const inProcess = (fake) => (input, init) => fake.handle(new Request(input, init));

/**
 * Runs the suite against the embedded fakes in-process; `loopbackUrl` (a fake on 127.0.0.1 the lane
 * started) adds one real request where the runtime has sockets; `serveCallbacks(handler)` serves the
 * callback handler as the runtime's own request handler and resolves to a `deliver(request)` that sends
 * a delivery to it (by default the handler is called directly).
 */
export async function smoke(packages, { loopbackUrl, serveCallbacks } = {}) {
  const { commerce: c, commerceTesting, marketplace: m, marketplaceTesting } = packages;
  const result = { where: whereAmI() };

  // Commerce, in-process: the fake's clock can jump ahead, so token expiry needs no waiting.
  let ahead = 0;
  const shop = commerceTesting.createFakeCommerce({
    seed: { products: 5 },
    auth: { admins: [ADMIN], integrations: [KEYS], adminTokenTtlMs: 3600_000 },
    consumer: { delayMs: 1 },
    now: () => Date.now() + ahead,
  });
  const fetch = inProcess(shop);
  const admin = c.createCommerceClient({ baseUrl: 'https://shop.test', auth: c.adminToken(ADMIN), fetch });

  // A typed GET with searchCriteria and fields.
  const list = await admin.products.list({ searchCriteria: c.where('price', 'gt', 0).sortBy('sku', 'ASC').pageSize(2), fields: ['sku', 'price'] });
  result.list = { skus: list.items.map((p) => p.sku), keys: Object.keys(list.items[0] ?? {}).sort() };

  // Paginate: five products, two a page, stops on total_count.
  const pages = [];
  for await (const page of admin.paginate('GET /V1/products', { searchCriteria: c.where('sku', 'like', 'SKU-%').pageSize(2), fields: ['sku'] }).pages()) pages.push(page.items.length);
  result.paginate = pages;

  // An async bulk submit and its waiter.
  const job = await admin.bulk.products.update([1, 2, 3].map((n) => ({ sku: `SKU-000${n}`, product: { sku: `SKU-000${n}`, price: n * 10 } })));
  const outcome = await admin.waitForBulk(job, { minDelay: 5, maxDelay: 20, maxWait: 60_000 });
  result.bulk = { ok: outcome.ok, total: outcome.counts.total, complete: outcome.counts.complete };

  // OAuth 1.0a: the fake verifies each signature (HMAC-SHA256, searchCriteria signed as sent).
  const signed = c.createCommerceClient({ baseUrl: 'https://shop.test', auth: c.integration(KEYS), fetch });
  const viaOauth = await signed.products.list({ searchCriteria: c.where('sku', 'in', ['SKU-0001', 'SKU-0003']), fields: ['sku'] });
  result.oauth = viaOauth.items.map((p) => p.sku);

  // Typed errors: the platform's 404, a refused signature, and input refused before sending.
  result.errors = {};
  try {
    await admin.products.get({ sku: 'NO/SUCH SKU' });
  } catch (error) {
    result.errors.notFound = { branded: c.isCommerceError(error), kind: error.kind, status: error.status, message: error.message };
  }
  try {
    await c.createCommerceClient({ baseUrl: 'https://shop.test', auth: c.integration({ ...KEYS, consumerSecret: 'wrong-secret' }), fetch }).products.get({ sku: 'SKU-0001' });
  } catch (error) {
    result.errors.badSignature = { branded: c.isCommerceError(error), kind: error.kind, status: error.status, leaksSecret: JSON.stringify(error).includes('wrong-secret') || String(error.stack).includes('wrong-secret') };
  }
  try {
    await admin.request('GET /V1/products/{sku}', { sku: 'SKU-0001', storeCode: 'not a store!' });
  } catch (error) {
    result.errors.input = { branded: c.isCommerceError(error), kind: error.kind };
  }

  // The admin token renewed after expiry: the fake's clock passes the token's lifetime.
  const before = shop.auth.counts.admin;
  ahead = 2 * 3600_000;
  const renewed = await admin.products.get({ sku: 'SKU-0002', fields: ['sku', 'price'] });
  result.renewal = { signIns: shop.auth.counts.admin - before, product: renewed };

  // One real request to a fake on 127.0.0.1, where the runtime has sockets.
  if (loopbackUrl) {
    const remote = c.createCommerceClient({ baseUrl: loopbackUrl, auth: c.integration(KEYS) });
    result.loopback = await remote.products.get({ sku: 'SKU-0004', fields: ['sku'] });
    // A deadline over a real fetch (AbortSignal.timeout has misbehaved with fetch in some runtimes):
    // an IMS sign-in whose token endpoint never answers ends as a TimeoutError.
    const hanging = c.createCommerceClient({ baseUrl: loopbackUrl, auth: c.ims({ clientId: 'smoke-client', clientSecret: 'smoke-secret', orgId: 'SMOKE@AdobeOrg', tokenUrl: `${loopbackUrl}${NEVER_ANSWERS}`, timeout: 200 }) });
    try {
      await hanging.products.get({ sku: 'SKU-0004' });
    } catch (error) {
      result.loopbackTimeout = { branded: c.isCommerceError(error), kind: error.kind };
    }
  }

  // The bulk waiter's deadline, on the runtime's own timers: a bulk nobody works ends as BulkTimeoutError.
  const idle = commerceTesting.createFakeCommerce({ seed: { products: 1 }, auth: false, consumer: { autoStart: false } });
  const idleShop = c.createCommerceClient({ baseUrl: 'https://shop.test', auth: c.none(), fetch: inProcess(idle) });
  const stuck = await idleShop.bulk.products.update([{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 1 } }]);
  try {
    await idleShop.waitForBulk(stuck, { minDelay: 5, maxDelay: 10, maxWait: 150 });
  } catch (error) {
    result.errors.waiterDeadline = { branded: c.isCommerceError(error), name: error.name };
  }

  // Marketplace, in-process: a session, a batch split per item, the callback handler.
  const market = marketplaceTesting.createFakeMarketplace({ environment: 'sandbox', scanDelayMs: 1, reviewDelayMs: 1 });
  try {
    const client = m.createMarketplaceClient({ environment: 'sandbox', appId: market.app.appId, appSecret: market.app.appSecret, fetch: market.fetch });
    const me = await client.users.get();
    result.session = { mageId: me.mage_id, sessions: market.stats.tokenRequests };
    market.failItems((item) => (item.item_id === 'bad-item' ? 1210 : undefined));
    const draft = (id) => ({ item_id: id, type: 'extension', platform: 'M2', name: id, version: '1.0.0', long_description: '<p>x</p>', release_notes: 'x', version_compatibility: [{ edition: 'CE', versions: ['2.4'] }], action: { technical: 'draft', marketing: 'draft' } });
    const batch = await client.packages.submit([draft('good-item'), draft('bad-item')]);
    result.batch = { succeeded: batch.succeeded.map((s) => s.input.item_id), failed: batch.failed.map((f) => [f.input.item_id, f.code]) };
    let batchError;
    try {
      batch.throwIfAnyFailed();
    } catch (error) {
      batchError = { branded: m.isMarketplaceError(error), kind: error.kind };
    }
    result.batch.error = batchError;
  } finally {
    market.close();
  }

  // The callback handler: Basic auth, then zod's checks of the envelope and of each known event.
  const seen = [];
  const handler = m.createCallbackHandler({ ...HOOK, on: { eqp_status_update: (event) => void seen.push(event.callback_event), malware_scan_complete: (event) => void seen.push(event.callback_event) } });
  const deliver = await (serveCallbacks ?? ((h) => (request) => h(request)))(handler);
  const basic = (password) => `Basic ${btoa(`${HOOK.username}:${password}`)}`;
  const delivery = async (body, password = HOOK.password) => {
    const response = await deliver(new Request('https://receiver.example/eqp', { method: 'POST', headers: { authorization: basic(password), 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    return response.status;
  };
  const update = (info) => ({ callback_event: 'eqp_status_update', update_info: { submission_id: 's-1', item_id: 'good-item', eqp_flow: 'technical', ...info } });
  result.callback = {
    accepted: await delivery(update({ current_status: 'approved' })),
    refused: await delivery(update({ current_status: 'approved' }), 'wrong'),
    drift: await delivery(update({ eqp_state: 'approved' })),
    scan: await delivery({ callback_event: 'malware_scan_complete', update_info: { file_upload_id: 'f-1', tool_result: 'pass' } }),
    noStatus: await delivery(update({})),
    badEnvelope: await delivery({ callback_event: 'eqp_status_update' }),
    seen,
  };

  // zod's check of a bulk acceptance: a body that is not one is a typed error, not a crash.
  const garbled = (input, init) => {
    const request = new Request(input, init);
    return new URL(request.url).pathname.includes('/async/bulk/') ? Promise.resolve(Response.json({ bulk_uuid: 7 }, { status: 202 })) : shop.handle(request);
  };
  try {
    await c.createCommerceClient({ baseUrl: 'https://shop.test', auth: c.adminToken(ADMIN), fetch: garbled }).bulk.products.update([{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 1 } }]);
  } catch (error) {
    result.errors.acceptance = { branded: c.isCommerceError(error), kind: error.kind };
  }
  return result;
}
