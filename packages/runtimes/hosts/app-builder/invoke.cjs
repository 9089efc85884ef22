// Plays I/O Runtime: requires a built action (one CommonJS file) and calls its main(params), in the
// Node the runtime runs. `smoke <loopbackUrl>` runs the smoke suite; `concurrent` runs two activations
// with different admins at once, three times over, against a fake on loopback that records whose token
// each product read carried. Prints one JSON line.
const { main } = require(process.argv[2]);
const [mode, loopbackUrl] = process.argv.slice(3);

async function concurrent() {
  const { createFakeCommerce, startFakeCommerce } = require('@magekit/commerce/testing');
  const admins = [{ username: 'tenant-a', password: 'tenant-a-pw-1' }, { username: 'tenant-b', password: 'tenant-b-pw-1' }];
  const fake = createFakeCommerce({ seed: { products: 2 }, auth: { admins } });
  const reads = [];
  const recording = {
    ...fake,
    async handle(request) {
      const sku = /\/V1\/products\/([^/?]+)/.exec(new URL(request.url).pathname)?.[1];
      if (sku && request.method === 'GET') {
        const principal = await fake.auth.authenticate(request.clone());
        reads.push([decodeURIComponent(sku), principal.username ?? principal.type]);
      }
      return fake.handle(request);
    },
  };
  const server = await startFakeCommerce({ fake: recording });
  try {
    const activation = (admin, sku) => main({ COMMERCE_BASE_URL: server.url, COMMERCE_ADMIN_USERNAME: admin.username, COMMERCE_ADMIN_PASSWORD: admin.password, sku });
    const answers = [];
    for (let round = 0; round < 3; round++) answers.push(...(await Promise.all([activation(admins[0], 'SKU-0001'), activation(admins[1], 'SKU-0002')])));
    return { answers: answers.map((a) => [a.statusCode, a.body.product?.sku]), reads: reads.sort(), signIns: fake.auth.counts.admin };
  } finally {
    await server.close();
  }
}

(mode === 'smoke' ? main({ smoke: true, loopbackUrl }) : concurrent()).then(
  (result) => console.log(JSON.stringify({ ...result, node: process.version })),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
