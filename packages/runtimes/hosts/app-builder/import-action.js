// An App Builder action that loads the SDK with `import` (webpack turns it into CommonJS). The client
// is built per activation from the action's params, never at module scope (see require-action.js).
import { adminToken, createCommerceClient, isCommerceError } from '@magekit/commerce';
import * as commerce from '@magekit/commerce';

export async function main(params) {
  if (params.smoke) {
    const [{ smoke }, commerceTesting, marketplace, marketplaceTesting] = await Promise.all([import('../../smoke/smoke.mjs'), import('@magekit/commerce/testing'), import('@magekit/marketplace'), import('@magekit/marketplace/testing')]);
    return smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, { loopbackUrl: params.loopbackUrl });
  }
  const client = createCommerceClient({ baseUrl: params.COMMERCE_BASE_URL, auth: adminToken({ username: params.COMMERCE_ADMIN_USERNAME, password: params.COMMERCE_ADMIN_PASSWORD }) });
  try {
    const product = await client.products.get({ sku: params.sku, fields: ['sku', 'price'] });
    return { statusCode: 200, body: { product } };
  } catch (error) {
    if (isCommerceError(error)) return { statusCode: error.status ?? 502, body: { error: error.message } };
    throw error;
  }
}
