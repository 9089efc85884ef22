/**
 * Integration (OAuth 1.0a) setup: since 2.4.4 an integration's access token is no longer accepted as
 * a bearer token unless the store enables it, so every request is signed with HMAC-SHA256 instead.
 * Copy the four values from System > Extensions > Integrations > (your integration) > Activate.
 *
 *   MAGEKIT_BASE_URL=https://shop.example.com MAGEKIT_CONSUMER_KEY=... MAGEKIT_CONSUMER_SECRET=... \
 *   MAGEKIT_ACCESS_TOKEN=... MAGEKIT_ACCESS_TOKEN_SECRET=... npx tsx examples/integration-oauth.ts
 */
import { createCommerceClient, integration, where, type IntegrationOptions } from '@magekit/commerce';

export async function listCheapProducts(baseUrl: string, keys: IntegrationOptions, maxPrice = 20) {
  const commerce = createCommerceClient({ baseUrl, auth: integration(keys) });
  // Bracketed searchCriteria keys are signed exactly as they are sent: encoded once.
  const page = await commerce.products.list({
    searchCriteria: where('price', 'lteq', maxPrice).sortBy('price', 'ASC').pageSize(10),
    fields: ['sku', 'name', 'price'],
  });
  // With `fields`, the platform writes an empty list of items as null.
  return (page.items ?? []).map((p) => ({ sku: p.sku, price: p.price }));
}

async function main(): Promise<void> {
  const keys = {
    consumerKey: process.env['MAGEKIT_CONSUMER_KEY'] ?? '',
    consumerSecret: process.env['MAGEKIT_CONSUMER_SECRET'] ?? '',
    accessToken: process.env['MAGEKIT_ACCESS_TOKEN'] ?? '',
    accessTokenSecret: process.env['MAGEKIT_ACCESS_TOKEN_SECRET'] ?? '',
  };
  if (process.env['MAGEKIT_BASE_URL']) {
    console.table(await listCheapProducts(process.env['MAGEKIT_BASE_URL'], keys));
    return;
  }
  const { startFakeCommerce } = await import('@magekit/commerce/testing');
  const demoKeys = { consumerKey: 'ck-demo-0001', consumerSecret: 'cs-demo-secret', accessToken: 'at-demo-0001', accessTokenSecret: 'ats-demo-secret' };
  const fake = await startFakeCommerce({ seed: { products: 40 }, auth: { integrations: [demoKeys] } });
  try {
    console.table(await listCheapProducts(fake.url, demoKeys));
  } finally {
    await fake.close();
  }
}

if (import.meta.main) await main();
