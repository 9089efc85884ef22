/**
 * Adobe Commerce as a Cloud Service: server-to-server IMS credentials (an OAuth Server-to-Server
 * credential in the Adobe Developer Console), the instance's REST endpoint, and the store view in
 * a header. Guest and customer routes do not exist there; the client refuses them before sending.
 * Async writes go to <tenant>/V1/async/..., always with the Store header.
 *
 *   COMMERCE_REGION=na1 COMMERCE_TENANT_ID=... IMS_CLIENT_ID=... IMS_CLIENT_SECRET=... IMS_ORG_ID=...@AdobeOrg \
 *   npx tsx examples/cloud-service.ts
 */
import { cloudServiceUrl, CloudServiceRouteError, createCommerceClient, ims, type ImsOptions } from '@magekit/commerce';

export async function cheapestProducts(baseUrl: string, credentials: ImsOptions) {
  const commerce = createCommerceClient({ baseUrl, storeCode: 'default', auth: ims(credentials) });
  const page = await commerce.products.list({ searchCriteria: { page_size: 3, sort_orders: [{ field: 'price', direction: 'ASC' }] }, fields: ['sku', 'price'] });
  let guestRoutes = 'available';
  try {
    await commerce.request('POST /V1/guest-carts');
  } catch (error) {
    if (error instanceof CloudServiceRouteError) guestRoutes = `refused (${error.route})`;
    else throw error;
  }
  // A queued write: the service takes it at <tenant>/V1/async/products/<sku> (after the version), with
  // the Store header every async call must carry; the waiter reads the bulk status as on self-hosted.
  const items = page.items ?? [];
  const first = items[0]!;
  const queued = await commerce.async.products.update({ sku: first.sku!, product: { sku: first.sku!, price: (first.price ?? 0) + 1 } });
  const outcome = await commerce.waitForBulk(queued.bulkUuid, { maxWait: 30_000 });
  return { products: items.map((p) => `${p.sku}: ${p.price}`), guestRoutes, repriced: outcome.counts.complete };
}

async function main(): Promise<void> {
  const env = process.env;
  if (env['COMMERCE_TENANT_ID']) {
    const baseUrl = cloudServiceUrl({ region: env['COMMERCE_REGION'] ?? 'na1', tenantId: env['COMMERCE_TENANT_ID'], environment: env['COMMERCE_ENVIRONMENT'] });
    console.log(await cheapestProducts(baseUrl, { clientId: env['IMS_CLIENT_ID'] ?? '', clientSecret: env['IMS_CLIENT_SECRET'] ?? '', orgId: env['IMS_ORG_ID'] ?? '' }));
    return;
  }
  // Against the embedded fake: cloud URLs (/<tenant>/V1/...) and its IMS token endpoint on the same origin.
  const { createFakeIms, DEFAULT_FAKE_IMS_CLIENT, startFakeCommerce } = await import('@magekit/commerce/testing');
  const fake = await startFakeCommerce({ seed: { products: 10 }, cloudService: { tenantId: 'DEMO-TENANT', ims: createFakeIms() } });
  try {
    console.log(await cheapestProducts(`${fake.url}/DEMO-TENANT`, { ...DEFAULT_FAKE_IMS_CLIENT, tokenUrl: `${fake.url}/ims/token/v3` }));
  } finally {
    await fake.close();
  }
}

if (import.meta.main) await main();
