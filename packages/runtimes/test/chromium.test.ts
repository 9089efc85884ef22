/**
 * Chromium (Debian's, /usr/bin/chromium, driven by playwright-core): the page's scripts are bundled from
 * the tarballs as a storefront bundles them; the fake listens on another 127.0.0.1 port behind CORS, so
 * every call is a cross-origin request with its preflight. The browser bundles of the client entries
 * carry no `node:` import and no default credential.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loopbackFakeOptions, NEVER_ANSWERS } from '../smoke/smoke.mjs';
import { bundle } from './bundle.ts';
import { expectSmoke } from './lane.ts';

const app = inject('laneApp');
const CHROMIUM = '/usr/bin/chromium';
// What works in this closed network (shared/reference/runtimes.md): no GPU, no QUIC, nothing phoning home.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CUSTOMER = { id: 7, email: 'shopper@example.com', password: 'Shopper-pw-1' };
const browserBundle = (entry: string) => bundle(app, entry, { format: 'iife', platform: 'browser', minify: true });

interface Fake {
  handle(request: Request): Promise<Response>;
  auth: { counts: Record<string, number> };
}
type Listener = (handler: (request: Request) => Promise<Response>) => http.RequestListener;

const servers: http.Server[] = [];
function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

let browser: Browser;
let page: Page;
let fake: Fake;
let fakeUrl: string;
const preflights: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: \`apt-get install chromium\` (Debian's package; .ci/run installs it).`);
  const load = createRequire(path.join(app, 'package.json'));
  const { createFakeCommerce } = load('@magekit/commerce/testing') as { createFakeCommerce(options: unknown): Fake };
  const { toNodeListener } = load('@magekit/commerce/node') as { toNodeListener: Listener };
  const options = loopbackFakeOptions as { auth: Record<string, unknown> };
  fake = createFakeCommerce({ ...options, auth: { ...options.auth, customers: [CUSTOMER] } });
  // The platform behind CORS, as a storefront's API gateway serves it: preflights answered, every answer readable.
  fakeUrl = await listen(
    toNodeListener(async (request) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, PUT, DELETE', 'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '', 'access-control-max-age': '0' };
      if (request.method === 'OPTIONS') {
        preflights.push(new URL(request.url).pathname);
        return new Response(null, { status: 204, headers: cors });
      }
      if (new URL(request.url).pathname === NEVER_ANSWERS) return new Promise<Response>(() => {});
      const response = await fake.handle(request);
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(cors)) headers.set(name, value);
      return new Response(response.body, { status: response.status, headers });
    }),
  );
  const scripts = { '/smoke.js': await browserBundle('hosts/browser/smoke.mjs'), '/cart.js': await browserBundle('hosts/browser/cart.mjs') };
  const pageUrl = await listen((req, res) => {
    const script = scripts[req.url as keyof typeof scripts];
    if (script) res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>storefront</title><script src="/smoke.js"></script><script src="/cart.js"></script>');
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  page = await browser.newPage();
  await page.goto(pageUrl);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('Chromium', () => {
  it('runs the smoke suite in the page, with one real cross-origin request to the fake on 127.0.0.1', async () => {
    const result = await page.evaluate((url) => (globalThis as unknown as { runSmoke(url: string): Promise<Record<string, unknown>> }).runSmoke(url), fakeUrl);
    expectSmoke(result, 'chromium', { loopback: true });
  });

  it('the lean client with a customer token runs a guest cart and a customer cart across origins', async () => {
    const before = fake.auth.counts['customer'] ?? 0;
    const result = await page.evaluate(([url, customer]) => (globalThis as unknown as { runCarts(url: string, c: unknown): Promise<unknown> }).runCarts(url, customer), [fakeUrl, { username: CUSTOMER.email, password: CUSTOMER.password }] as const);
    expect(result).toEqual({
      guest: { cartId: 'string', item: 'number', totals: 'number', refusedMine: { branded: true, auth: true, status: 401 } },
      customer: { quoteId: 'number', item: 'number', cart: 'number' },
    });
    expect((fake.auth.counts['customer'] ?? 0) - before).toBe(1);
    // The customer's calls carry a bearer token: the browser asked first (CORS preflight).
    expect(preflights).toContain('/rest/V1/carts/mine');
  });
});

describe('browser bundles of the client entries', () => {
  const entries = ['@magekit/commerce', '@magekit/commerce/lean', '@magekit/marketplace'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magekit-browser-entry-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(entries)('%s: no node: import and no default credential', async (entry) => {
    const file = path.join(app, 'hosts/browser', `entry-${entry.replace(/\W+/g, '-')}.mjs`);
    fs.writeFileSync(file, `export * from '${entry}';\n`);
    const code = await bundle(app, path.relative(app, file), { format: 'esm', platform: 'browser', minify: true });
    // Imports only: node:crypto is named as a string for process.getBuiltinModule, which a page lacks (WebCrypto signs there).
    expect(code.match(/(?:\bfrom|\bimport\s*\(|\brequire\s*\()\s*["'`]node:[\w/]+/g)).toBeNull();
    // The fakes' default credentials (and any way to read a process's environment) stay out of a page.
    expect(['fake-ims-secret', 'fake-app-secret', 'fake-app-id', 'process.env'].filter((text) => code.includes(text))).toEqual([]);
  });
});
