// A Lambda handler in CommonJS. Lambda runs Node 20 and 22 with require(esm) turned off, so this
// `require` must reach the packages' CommonJS build.
const commerce = require('@magekit/commerce');
const commerceTesting = require('@magekit/commerce/testing');
const marketplace = require('@magekit/marketplace');
const marketplaceTesting = require('@magekit/marketplace/testing');

exports.handler = async (event) => {
  // The smoke suite is the lane's own ES module: import() needs no require(esm).
  const { smoke } = await import('../../smoke/smoke.mjs');
  const result = await smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, { loopbackUrl: event.loopbackUrl });
  return { ...result, loaded: require.resolve('@magekit/commerce').split('/').pop(), requireModule: process.features.require_module ?? false };
};
