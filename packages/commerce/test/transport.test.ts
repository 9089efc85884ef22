// The client's own layer (URLs, path encoding, the platform's error messages, options). The transport
// itself (retries, deadlines, abort, hooks) is tested in packages/core/test/transport/ and
// packages/core/test/faults/.
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceClient, isCommerceError, type CommerceClientOptions } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';
import { startLoopback, type LoopbackServer } from '@magekit/test-support/loopback';
import { phpUrlDecode } from '@magekit/test-support/php-urldecode';
import { failure } from '@magekit/test-support/failure';

const base = 'https://shop.test';
const client = (options: Partial<CommerceClientOptions> = {}) =>
  createCommerceClient({ baseUrl: base, retry: { backoffLimit: 5 }, ...options });


describe('URL building', () => {
  it('adds /rest/V1 without a store code and /rest/{store}/V1 with one, per call overriding the client', async () => {
    const seen: string[] = [];
    server.use(http.get(`${base}/rest/*`, ({ request }) => (seen.push(new URL(request.url).pathname), HttpResponse.json({ sku: 'x' }))));
    await client().request('GET /V1/products/{sku}', { sku: 'a' });
    await client({ storeCode: 'en_us' }).request('GET /V1/products/{sku}', { sku: 'a' });
    await client({ storeCode: 'en_us' }).products.get({ sku: 'a' }, { storeCode: 'all' });
    expect(seen).toEqual(['/rest/V1/products/a', '/rest/en_us/V1/products/a', '/rest/all/V1/products/a']);
  });

  it('encodes each path parameter as one segment: / as %2F, + as %2B, space as %20', async () => {
    let raw = '';
    server.use(http.get(`${base}/rest/*`, ({ request }) => ((raw = request.url), HttpResponse.json({}))));
    await client().products.get({ sku: 'MB/01 + x?#%' });
    expect(raw).toBe(`${base}/rest/V1/products/MB%2F01%20%2B%20x%3F%23%25`);
  });

  it('refuses a bad store code per call before sending', async () => {
    const error = await failure(client().products.get({ sku: 'a' }, { storeCode: 'en-us/../admin' }));
    expect(isCommerceError(error)).toBe(true);
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(/storeCode "en-us\/..\/admin" is not a valid store view code/);
  });

  it('refuses "." and ".." as path values, which URL parsing would turn into another path', async () => {
    for (const sku of ['.', '..']) {
      const error = await failure(client().products.get({ sku }));
      expect(error.kind).toBe('input');
      expect(error.message).toMatch(/no URL path can carry/);
    }
  });

  it('refuses a missing path parameter and an unknown GET parameter before sending', async () => {
    const missing = await failure(client().request('GET /V1/products/{sku}', {} as never));
    expect(missing.message).toMatch(/needs the path parameter "sku"/);
    const unknown = await failure(client().request('GET /V1/products/{sku}', { sku: 'a', colour: 'red' } as never));
    expect(unknown.message).toMatch(/has no parameter "colour"/);
    const route = await failure(client().request('GET /V1/product/{sku}' as never, { sku: 'a' } as never));
    expect(route.message).toMatch(/Unknown route "GET \/V1\/product\/\{sku\}"/);
  });
});

describe('SKU round trip through a loopback server', () => {
  let loopback: LoopbackServer;
  beforeAll(async () => {
    // The platform splits the raw path on "/" and urldecode()s each segment; echo what it would see.
    loopback = await startLoopback((req, res) => {
      const segments = (req.url ?? '').split('?')[0]!.split('/');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ sku: phpUrlDecode(segments.at(-1)!) }));
    });
  });
  afterAll(() => loopback.close());

  it('any SKU string arrives intact', async () => {
    server.close(); // real sockets for this block
    try {
      const commerce = createCommerceClient({ baseUrl: loopback.url });
      await fc.assert(
        // "." and ".." cannot travel in a URL path at all: they are refused before sending (below).
        fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }).filter((s) => s !== '.' && s !== '..'), async (sku) => {
          const product = await commerce.products.get({ sku });
          expect(product.sku).toBe(sku);
        }),
        { numRuns: 300 },
      );
    } finally {
      server.listen({ onUnhandledFrame: 'error' });
    }
  });
});

describe('errors', () => {
  it('fills %1 placeholders from positional parameters and keeps the template', async () => {
    server.use(http.get(`${base}/rest/V1/products/*`, () => HttpResponse.json({ message: 'The "%1" product doesn\'t exist.', parameters: ['MB/01'] }, { status: 404 })));
    const error = await failure(client().products.get({ sku: 'MB/01' }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
    expect(error.message).toContain('The "MB/01" product doesn\'t exist.');
    expect(error.template).toBe('The "%1" product doesn\'t exist.');
    expect(error.parameters).toEqual(['MB/01']);
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${base}/rest/V1/products/MB%2F01`);
  });

  it('fills %name placeholders from named parameters, and errors[] entries too', async () => {
    server.use(
      http.post(`${base}/rest/V1/products`, () =>
        HttpResponse.json(
          { message: 'The consumer isn\'t authorized to access %resources.', parameters: { resources: 'Magento_Catalog::products' }, code: 7, errors: [{ message: '"%fieldName" is required.', parameters: { fieldName: 'sku' } }] },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(client().products.create({ product: { sku: 'a', name: 'A', attribute_set_id: 4, price: 1 } }));
    expect(error.message).toContain('access Magento_Catalog::products.');
    expect(error.code).toBe(7);
    expect(error.errors).toEqual([{ message: '"sku" is required.', parameters: { fieldName: 'sku' } }]);
  });

  it('reports HTML from a proxy and an empty body as response errors with the raw text', async () => {
    server.use(http.get(`${base}/rest/V1/products/html`, () => new HttpResponse('<html>502 Bad Gateway</html>', { headers: { 'content-type': 'text/html' } })));
    server.use(http.get(`${base}/rest/V1/products/empty`, () => new HttpResponse('', { status: 200 })));
    const html = await failure(client().products.get({ sku: 'html' }));
    expect(html.kind).toBe('response');
    expect(html.raw).toContain('502 Bad Gateway');
    expect(html.message).toMatch(/HTML/);
    const empty = await failure(client().products.get({ sku: 'empty' }));
    expect(empty.kind).toBe('response');
    expect(empty.message).toMatch(/empty body/);
  });

  it('errors are branded plain objects in JSON, not tied to instanceof', async () => {
    server.use(http.get(`${base}/rest/V1/products/*`, () => HttpResponse.json({ message: 'nope' }, { status: 404 })));
    const error = await failure(client().products.get({ sku: 'a' }));
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toMatchObject({ name: 'HttpError', kind: 'http', service: 'commerce', status: 404 });
    expect(isCommerceError(new Error('plain'))).toBe(false);
    expect(isCommerceError({ ...error })).toBe(true); // the brand survives copies, unlike a prototype chain
    expect(isCommerceError(Object.assign(Object.create(null), { [Symbol.for('magekit.error')]: 'commerce' }))).toBe(true);
  });
});

describe('configuration', () => {
  it.each([
    [{ baseUrl: 'shop.example.com' }, /baseUrl .* has no scheme: start it with https:\/\//],
    [{ baseUrl: 'https://' }, /baseUrl .*(not a valid URL|empty host)/],
    [{ baseUrl: '' }, /baseUrl is empty/],
    [{ baseUrl: 'https://shop.example.com/rest/V1' }, /includes an API path/],
    [{ baseUrl: 'https://shop.example.com/index.php/rest' }, /includes an API path/],
    [{ baseUrl: 'https://shop.example.com?x=1' }, /query or fragment/],
    [{ baseUrl: 'ftp://shop.example.com' }, /uses ftp:/],
    [{ baseUrl: base, storeCode: 'en-us' }, /storeCode "en-us" is not a valid store view code/],
    [{ baseUrl: base, timeout: -5 }, /timeout must be a positive number/],
    [{ baseUrl: base, fetch: 'nope' }, /fetch must be a function/],
    [{ baseUrl: base, auth: { token: 'x' } }, /auth must come from/],
  ])('%j fails at creation with a message naming the fix', (options, message) => {
    let caught: unknown;
    try {
      createCommerceClient(options as never);
    } catch (error) {
      caught = error;
    }
    expect(isCommerceError(caught)).toBe(true);
    expect((caught as { kind: string }).kind).toBe('configuration');
    expect((caught as Error).message).toMatch(message);
  });

  it('accepts a base URL with a sub-path and trims the trailing slash', async () => {
    let seen = '';
    server.use(http.get('https://shop.test/magento/rest/V1/modules', ({ request }) => ((seen = request.url), HttpResponse.json([]))));
    await createCommerceClient({ baseUrl: 'https://shop.test/magento/' }).modules.list();
    expect(seen).toBe('https://shop.test/magento/rest/V1/modules');
  });
});
