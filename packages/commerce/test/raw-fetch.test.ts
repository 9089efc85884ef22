// commerce.fetch: routes outside the table, through the same runtime as named calls. Against the fake
// (admin token, encoding, V2, searchCriteria) and against loopback servers that misbehave.
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, createCommerceClient, isCommerceError, where } from '../src/index.ts';
import { startFakeCommerce, type RunningFakeCommerce } from '../src/testing/index.ts';
import { server as msw } from '@magekit/test-support/msw';
import { startLoopback, type LoopbackServer } from '@magekit/test-support/loopback';
import { failure } from '@magekit/test-support/failure';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function fake(options: Parameters<typeof startFakeCommerce>[0] = {}): Promise<RunningFakeCommerce> {
  const running = await startFakeCommerce(options);
  open.push(running);
  msw.use(http.all(`${running.url}/*`, () => passthrough()));
  return running;
}
async function loopback(handler: Parameters<typeof startLoopback>[0]): Promise<LoopbackServer> {
  const server = await startLoopback(handler);
  open.push(server);
  msw.use(http.all(`${server.url}/*`, () => passthrough()));
  return server;
}
const PASSWORD = 'admin123!';

describe('commerce.fetch against the fake platform', () => {
  it('signs in with the client\'s auth and encodes each path value as one segment', async () => {
    const { url, fake: platform } = await fake({ seed: { products: 1 } });
    const commerce = createCommerceClient({ baseUrl: url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    await commerce.products.create({ product: { sku: 'MB/01+x', name: 'Slash plus', price: 5 } });
    const product = await commerce.fetch<{ name: string }>('GET', '/V1/products/{sku}', { path: { sku: 'MB/01+x' } });
    expect(product.name).toBe('Slash plus');
    expect(platform.stats.byRoute.get('GET /V1/products/{sku}')).toBe(1);
  });

  it('reaches V2 routes and store codes like any call', async () => {
    const { url, fake: platform } = await fake();
    const commerce = createCommerceClient({ baseUrl: url, auth: adminToken({ username: 'admin', password: PASSWORD }), storeCode: 'default' });
    const cartId = await commerce.carts.create();
    const codes = await commerce.fetch('GET', '/V2/carts/{cartId}/coupons', { path: { cartId } });
    expect(codes).toEqual([]);
    // Applying coupons is not modeled (the fake keeps no sales rules): reached, and refused with 501.
    await expect(commerce.fetch('POST', '/V2/carts/{cartId}/coupons', { path: { cartId }, body: { couponCodes: ['A', 'B'] } }, { storeCode: 'all' })).rejects.toMatchObject({ status: 501 });
    expect(platform.stats.byRoute.get('GET /V2/carts/{cartId}/coupons')).toBe(1);
    expect(platform.stats.byRoute.get('POST /V2/carts/{cartId}/coupons')).toBe(1);
  });

  it('serializes searchCriteria from the builder and narrows list answers with fields', async () => {
    const { url } = await fake({ seed: { products: 5 } });
    const commerce = createCommerceClient({ baseUrl: url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    const page = await commerce.fetch<{ items: Record<string, unknown>[]; total_count?: number }>('GET', '/V1/products', {
      query: { searchCriteria: where('sku', 'eq', 'SKU-0002'), fields: ['sku'] },
    });
    expect(page.items).toEqual([{ sku: 'SKU-0002' }]);
  });

  it('reports the platform\'s error as a typed error with its message filled in', async () => {
    const { url } = await fake();
    const commerce = createCommerceClient({ baseUrl: url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    const error = await failure(commerce.fetch('GET', '/V1/no-such-module/{id}', { path: { id: 1 } }));
    expect(isCommerceError(error)).toBe(true);
    expect(error.status).toBe(404);
  });
});

describe('commerce.fetch on the wire (loopback)', () => {
  it('sends custom versions and unversioned module routes under /rest/{store}, with the query encoded once', async () => {
    const seen: string[] = [];
    const server = await loopback((req, res) => {
      seen.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const commerce = createCommerceClient({ baseUrl: server.url, storeCode: 'en_us' });
    expect(await commerce.fetch('GET', '/V3/vendor/things/{code}', { path: { code: 'a b/c' }, query: { searchCriteria: { pageSize: 2 }, flag: true } })).toEqual({ ok: true });
    await commerce.fetch('GET', '/vendor/unversioned');
    expect(seen).toEqual(['/rest/en_us/V3/vendor/things/a%20b%2Fc?searchCriteria%5Bpage_size%5D=2&flag=1', '/rest/en_us/vendor/unversioned']);
  });

  it('retries a GET on 503 but never replays a POST that reached the server', async () => {
    let gets = 0;
    let posts = 0;
    const server = await loopback((req, res) => {
      if (req.method === 'GET') gets++;
      else posts++;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"message":"busy"}');
    });
    const commerce = createCommerceClient({ baseUrl: server.url, retry: { limit: 2, backoffLimit: 1 } });
    expect((await failure(commerce.fetch('GET', '/V1/custom/read'))).status).toBe(503);
    expect(gets).toBe(3);
    expect((await failure(commerce.fetch('PUT', '/V1/custom/write', { body: { a: 1 } }))).status).toBe(503);
    expect((await failure(commerce.fetch('POST', '/V1/custom/write', { body: { a: 1 } }))).status).toBe(503);
    expect(posts).toBe(2);
    // A caller who knows the write is safe to repeat says so.
    await failure(commerce.fetch('POST', '/V1/custom/write', { body: { a: 1 } }, { idempotent: true, retry: { limit: 1, backoffLimit: 1 } }));
    expect(posts).toBe(4);
  });

  it('fails a reset connection and a garbage body with typed errors', async () => {
    const server = await loopback((req, res) => {
      if (req.url!.includes('reset')) req.socket.destroy();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"half":');
    });
    const commerce = createCommerceClient({ baseUrl: server.url, retry: false });
    const reset = await failure(commerce.fetch('POST', '/V1/custom/reset', { body: {} }));
    expect(isCommerceError(reset)).toBe(true);
    expect(reset.kind).toBe('network');
    const garbage = await failure(commerce.fetch('GET', '/V1/custom/garbage'));
    expect(isCommerceError(garbage)).toBe(true);
    expect(garbage.kind).toBe('response');
  });

  it('renews an expired admin token once on 401 and never shows the token or password in an error', async () => {
    let tokens = 0;
    let firstTokenExpired = false;
    const server = await loopback((req, res, body) => {
      if (req.url!.endsWith('/V1/integration/admin/token')) {
        tokens++;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(`tok-secret-${tokens}`));
        return;
      }
      // The first token works once, then the server treats it as expired; the renewed one reaches a 400
      // whose message echoes the Authorization header and the body.
      if (req.headers.authorization === 'Bearer tok-secret-1') {
        if (firstTokenExpired) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"expired"}');
        } else {
          firstTokenExpired = true;
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        }
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `bad %1 ${req.headers.authorization} ${body}`, parameters: ['input'] }));
    });
    const commerce = createCommerceClient({ baseUrl: server.url, auth: adminToken({ username: 'admin', password: 'pa55-secret' }) });
    expect(await commerce.fetch('GET', '/V1/custom/ping')).toEqual({ ok: true });
    const error = await failure(commerce.fetch('POST', '/V1/custom/echo', { body: { note: 'pa55-secret' } }));
    expect(tokens).toBe(2);
    expect(error.status).toBe(400);
    const shown = JSON.stringify(error) + String(error.message) + String(error.stack);
    expect(shown).not.toContain('tok-secret-2');
    expect(shown).not.toContain('pa55-secret');
  });
});

describe('commerce.fetch input checks (nothing is sent)', () => {
  const commerce = createCommerceClient({ baseUrl: 'http://127.0.0.1:9' });
  it.each([
    [() => commerce.fetch('GET', 'V1/products'), /the path is the route as the platform declares it/],
    [() => commerce.fetch('GET', '/V1/products?x=1'), /put query parameters in `query`/],
    [() => commerce.fetch('GET', '/V1/products/{sku}'), /needs the path parameter "sku"/],
    [() => commerce.fetch('GET', '/V1/products/{sku}', { path: { sku: 'a', id: 1 } }), /has no placeholder for "id"/],
    [() => commerce.fetch('GET', '/V1/products/MB 01'), /cannot be sent as written; write it as a placeholder/],
    [() => commerce.fetch('GET', '/V1/../admin'), /cannot be sent as written/],
    [() => commerce.fetch('GET', '/V1/products', { body: {} }), /a GET carries no body/],
    [() => commerce.fetch('TRACE' as never, '/V1/products'), /the method must be one of GET, POST, PUT, DELETE, PATCH/],
    [() => commerce.fetch('GET', '/V1/products/{sku}', { path: { sku: '..' } }), /no URL path can carry/],
  ])('refuses bad input %#', async (call, message) => {
    const error = await failure(call());
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(message);
  });
});
