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
