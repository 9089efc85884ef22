// The published artifacts, not the sources: each built package is loaded by name through its
// exports map with require() and with import(), in a plain Node process, and makes a real call.
// (`npm test` builds before it runs vitest.)
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let base = '';
let close: () => void;

beforeAll(async () => {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/rest/V1/products/')) return res.end(JSON.stringify({ sku: decodeURIComponent(req.url.split('/').pop()!), price: 10 }));
    // The marketplace: a session, then the profile of the session's user.
    if (req.url === '/rest/v1/app/session/token') return res.end(JSON.stringify({ mage_id: 'MAG000000001', ust: 'ust-smoke-token', expires_in: 7200 }));
    if (req.url === '/rest/v1/users/MAG000000001') return res.end(JSON.stringify({ mage_id: 'MAG000000001', screen_name: 'smoke' }));
    res.statusCode = 404;
    res.end(JSON.stringify({ message: 'Request does not match any route.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function node(code: string, type: 'cjs' | 'mjs'): Promise<string> {
  const flag = type === 'cjs' ? '--input-type=commonjs' : '--input-type=module';
  const { stdout } = await run(process.execPath, [flag, '-e', code], { cwd: root, env: { ...process.env, BASE: base } });
  return stdout.trim();
}

describe('@magekit/commerce as published', () => {
  const call = `.products.get({ sku: 'MB/01' }).then((p) => console.log(JSON.stringify(p)), (e) => { console.error(e); process.exit(1); })`;

  it('require() resolves the CJS build (ky bundled) and makes a real call', async () => {
    const out = await node(`const { createCommerceClient, isCommerceError } = require('@magekit/commerce');
      if (typeof isCommerceError !== 'function') throw new Error('missing export');
      if (!require.resolve('@magekit/commerce').endsWith('dist/index.cjs')) throw new Error(require.resolve('@magekit/commerce'));
      createCommerceClient({ baseUrl: process.env.BASE })${call}`, 'cjs');
    expect(JSON.parse(out)).toEqual({ sku: 'MB/01', price: 10 });
  });

  it('import() resolves the ESM build and makes a real call', async () => {
    const out = await node(`const { createCommerceClient } = await import('@magekit/commerce');
      if (!import.meta.resolve('@magekit/commerce').endsWith('dist/index.js')) throw new Error('not the ESM build');
      createCommerceClient({ baseUrl: process.env.BASE })${call}`, 'mjs');
    expect(JSON.parse(out)).toEqual({ sku: 'MB/01', price: 10 });
  });

  it('errors from the CJS copy are recognised by the ESM copy (brand, not instanceof)', async () => {
    const out = await node(`const { createCommerceClient } = require('@magekit/commerce');
      import('@magekit/commerce').then(async (esm) => {
        try { await createCommerceClient({ baseUrl: process.env.BASE }).modules.list(); }
        catch (e) { console.log(JSON.stringify({ same: e instanceof esm.HttpError, branded: esm.isCommerceError(e), status: e.status })); }
      });`, 'cjs');
    expect(JSON.parse(out)).toEqual({ same: false, branded: true, status: 404 });
  });
});

// One copy of module state for every public entry: the ESM build is regrouped into a few files
// (scripts/group-chunks.mjs) and the CJS build is split by esbuild; either way a module must live in
// exactly one file, or a registry, a class (instanceof) or a client's WeakMap would exist once per entry.
describe('@magekit/commerce: every public entry shares one copy of module state', () => {
  // adminToken differs by design: /lean's takes a second factor as a value, so an app ships only the providers it imports.
  const script = (load: string) => `${load}
    const manifest = require('@magekit/commerce/package.json');
    const subpaths = Object.keys(manifest.exports).filter((s) => s !== './package.json');
    (async () => {
      const entries = Object.fromEntries(await Promise.all(subpaths.map(async (s) => [s, await load(s === '.' ? '@magekit/commerce' : '@magekit/commerce' + s.slice(1))])));
      const first = new Map();
      const differing = [];
      for (const [subpath, entry] of Object.entries(entries)) {
        for (const [name, value] of Object.entries(entry)) {
          if (!first.has(name)) first.set(name, [subpath, value]);
          else if (first.get(name)[1] !== value && name !== 'adminToken') differing.push(name + ': ' + first.get(name)[0] + ' and ' + subpath);
        }
      }
      const index = entries['.'], lean = entries['./lean'], modules = entries['./modules'], paginate = entries['./paginate'];
      // A route registered through the main entry is known to a lean client: one registry.
      index.registerRoutes([['custom.thing.get', 'GET', '/V1/custom-thing', '', '']]);
      const thrown = await lean.createLeanClient({ baseUrl: process.env.BASE, routes: [] }).request('GET /V1/custom-thing').catch((e) => e);
      // /lean's methodsOf and /paginate's paginate find the runtime of a client the main entry built: one WeakMap.
      const full = index.createCommerceClient({ baseUrl: process.env.BASE });
      const product = await lean.methodsOf(full, modules.productsRoutes).get({ sku: 'MB/01' });
      const pager = typeof paginate.paginate(full, 'GET /V1/products').pages;
      console.log(JSON.stringify({ entries: Object.keys(entries).length, differing, registered: thrown instanceof index.HttpError && thrown.status, product: product.sku, pager }));
    })().catch((e) => { console.error(e); process.exit(1); });`;
  const expected = { entries: 12, differing: [], registered: 404, product: 'MB/01', pager: 'function' };

  it('in the ESM build', async () => {
    const out = await node(script(`const { createRequire } = await import('node:module'); const require = createRequire(import.meta.url); const load = (s) => import(s);`), 'mjs');
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('in the CJS build', async () => {
    const out = await node(script(`const load = async (s) => require(s);`), 'cjs');
    expect(JSON.parse(out)).toEqual(expected);
  });
});

describe('@magekit/marketplace as published', () => {
  const setup = `({ environment: 'sandbox', baseUrl: process.env.BASE, appId: 'app-id', appSecret: 'app-secret' })`;
  const call = `.users.get().then((u) => console.log(JSON.stringify(u)), (e) => { console.error(e); process.exit(1); })`;

  it('require() resolves the CJS build and makes a real call', async () => {
    const out = await node(`const { createMarketplaceClient } = require('@magekit/marketplace');
      if (!require.resolve('@magekit/marketplace').endsWith('dist/index.cjs')) throw new Error('not the CJS build');
      createMarketplaceClient${setup}${call}`, 'cjs');
    expect(JSON.parse(out)).toEqual({ mage_id: 'MAG000000001', screen_name: 'smoke' });
  });

  it('import() resolves the ESM build and makes a real call', async () => {
    const out = await node(`const { createMarketplaceClient } = await import('@magekit/marketplace');
      if (!import.meta.resolve('@magekit/marketplace').endsWith('dist/index.js')) throw new Error('not the ESM build');
      createMarketplaceClient${setup}${call}`, 'mjs');
    expect(JSON.parse(out)).toEqual({ mage_id: 'MAG000000001', screen_name: 'smoke' });
  });
});
