// An App Builder action that loads the SDK with `require`. As Adobe's own client does, the client is
// built per activation from the action's params, never at module scope: up to 200 activations share
// one process, with different credentials.
const { adminToken, createCommerceClient, isCommerceError } = require('@magekit/commerce');

async function main(params) {
  if (params.smoke) {
    // The lane's smoke suite; a dynamic import, so it and the fakes stay out of the action's own file.
    const [{ smoke }, commerceTesting, marketplace, marketplaceTesting] = await Promise.all([import('../../smoke/smoke.mjs'), import('@magekit/commerce/testing'), import('@magekit/marketplace'), import('@magekit/marketplace/testing')]);
    return smoke({ commerce: require('@magekit/commerce'), commerceTesting, marketplace, marketplaceTesting }, { loopbackUrl: params.loopbackUrl });
  }
  const commerce = createCommerceClient({ baseUrl: params.COMMERCE_BASE_URL, auth: adminToken({ username: params.COMMERCE_ADMIN_USERNAME, password: params.COMMERCE_ADMIN_PASSWORD }) });
  try {
    const product = await commerce.products.get({ sku: params.sku, fields: ['sku', 'price'] });
    return { statusCode: 200, body: { product } };
  } catch (error) {
    if (isCommerceError(error)) return { statusCode: error.status ?? 502, body: { error: error.message } };
    throw error;
  }
}

exports.main = main;
