// The lean way: createLeanClient (request over the modules it is given), methodsOf, and the helpers
// imported on their own, against the fake platform on a real loopback server. Also: the full
// client's helpers accept the lean client, and a call with fields or searchCriteria needs their encoder.
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, bearer, ConfigurationError, createLeanClient, InputError, isCommerceError, methodsOf } from '../src/entries/lean.ts';
import { fieldsEncoder } from '../src/entries/fields.ts';
import { bulkRoutes, ordersRoutes, productsRoutes, routeRows, type RouteModule } from '../src/generated/modules.ts';
import { missingKeys, paginate, readChanges } from '../src/entries/paginate.ts';
import { asyncFeatures, asyncRequest, bulkRequest, waitForBulk } from '../src/entries/bulk.ts';
import { schemaEndpoints } from '../src/entries/schema.ts';
import { searchCriteriaEncoder, where } from '../src/entries/search.ts';
import { startFakeCommerce, type RunningFakeCommerce } from '../src/testing/index.ts';
import { server as msw } from '@magekit/test-support/msw';

const open: RunningFakeCommerce[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function fake(seed = { products: 5 }): Promise<RunningFakeCommerce> {
  const running = await startFakeCommerce({ seed });
  open.push(running);
  msw.use(http.all(`${running.url}/*`, () => passthrough()));
  return running;
}
const auth = () => adminToken({ username: 'admin', password: 'admin123!' });

describe('createLeanClient', () => {
  it('calls a route of its modules with the same input, auth and answers as the full client', async () => {
    const { url, fake: platform } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes] });
    const product = await commerce.request('GET /V1/products/{sku}', { sku: 'SKU-0001' });
    expect(product.sku).toBe('SKU-0001');
    const missing = await commerce.request('GET /V1/products/{sku}', { sku: 'NOPE' }).catch((e: unknown) => e);
    expect(isCommerceError(missing) && missing.status).toBe(404);
    expect(platform.requests.get('GET /V1/products/{sku}')).toBe(2);
  });

  it('refuses a route of a module it was not given, saying which module to add, before sending', async () => {
    const { url, fake: platform } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes] });
    const error = await commerce.request('GET /V1/orders/{id}', { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/This client knows the routes of products\. A route of the SDK needs its module, exported by @magekit\/commerce\/modules \(ordersRoutes for orders\.create\)/);
    expect((error as Error).message).toMatch(/needs the module `magekit-commerce types pull` wrote\. Add modules with the routes option or addRoutes\(client, module\)/);
    expect(platform.requests.size).toBe(0);
  });

  it('refuses something that is not a route module', () => {
    expect(() => createLeanClient({ baseUrl: 'https://shop.example.com', routes: [{ name: 'x' } as unknown as RouteModule] })).toThrow(/routes takes route modules: productsRoutes and the others \(exported by @magekit\/commerce\/modules\)/);
  });

  it('methodsOf gives a module its named methods and adds its routes to request()', async () => {
    const { url } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth() });
    const products = methodsOf(commerce, productsRoutes);
    expect((await products.get({ sku: 'SKU-0002' })).sku).toBe('SKU-0002');
    expect((await commerce.request('GET /V1/products/{sku}', { sku: 'SKU-0003' })).sku).toBe('SKU-0003');
    expect(Object.keys(methodsOf(commerce, ordersRoutes))).toContain('get');
  });

  it('encodes fields and searchCriteria with the encoders it was given', async () => {
    const { url, fake: platform } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes], encoders: [fieldsEncoder, searchCriteriaEncoder] });
    const page = await commerce.request('GET /V1/products', { searchCriteria: where('sku', 'eq', 'SKU-0004'), fields: ['sku'] });
    expect(page.items?.map((p) => p.sku)).toEqual(['SKU-0004']);
    const bad = await commerce.request('GET /V1/products', { fields: 'sku,[' }).catch((e: unknown) => e);
    expect(isCommerceError(bad) && bad.kind).toBe('input');
    expect(platform.requests.get('GET /V1/products')).toBe(1);
  });

  it('refuses fields or searchCriteria it was given no encoder for, naming the import, before sending', async () => {
    const sent: string[] = [];
    const fetchThatFails: typeof fetch = async (input) => {
      sent.push(String(input instanceof Request ? input.url : input));
      throw new Error('fetch must not be called');
    };
    const commerce = createLeanClient({ baseUrl: 'https://shop.example.com', auth: bearer('t0ken'), routes: [productsRoutes], encoders: [searchCriteriaEncoder], fetch: fetchThatFails });
    const fields = await commerce.request('GET /V1/products/{sku}', { sku: 'A', fields: ['sku'] }).catch((e: unknown) => e);
    expect(fields).toBeInstanceOf(ConfigurationError);
    expect((fields as Error).message).toBe(
      "GET /V1/products/{sku} was given fields, which this client cannot encode: a lean client encodes only what it is given. import { fieldsEncoder } from '@magekit/commerce/fields' and pass it to createLeanClient({ encoders: [...] }) (createCommerceClient has every encoder). Nothing was sent.",
    );
    const bare = createLeanClient({ baseUrl: 'https://shop.example.com', auth: bearer('t0ken'), routes: [productsRoutes], fetch: fetchThatFails });
    const criteria = await bare.request('GET /V1/products', { searchCriteria: where('sku', 'eq', 'A') }).catch((e: unknown) => e);
    expect(criteria).toBeInstanceOf(ConfigurationError);
    expect((criteria as Error).message).toMatch(/GET \/V1\/products was given searchCriteria, .*import \{ searchCriteriaEncoder \} from '@magekit\/commerce\/search'/);
    expect(sent).toEqual([]);
  });

  it('refuses encoders that are not encoders', () => {
    expect(() => createLeanClient({ baseUrl: 'https://shop.example.com', encoders: [where as never] })).toThrow("encoders takes an array of what these give: import { fieldsEncoder } from '@magekit/commerce/fields'; import { searchCriteriaEncoder } from '@magekit/commerce/search'.");
  });
});

describe('helpers imported on their own take a lean client', () => {
  it('paginate pages through a search route', async () => {
    const { url } = await fake({ products: 7 });
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes] });
    const skus = (await paginate(commerce, 'GET /V1/products', { fields: ['sku'] }, { pageSize: 3 }).collect()).map((p) => p.sku);
    expect(skus).toHaveLength(7);
  });

  it('readChanges and missingKeys follow a route changed since a checkpoint', async () => {
    const { url } = await fake({ orders: 6 } as never);
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [ordersRoutes] });
    const ids: number[] = [];
    const { checkpoint } = await readChanges(commerce, 'GET /V1/orders', { fields: ['entity_id'] }, { pageSize: 4, deliver: ({ items }) => void ids.push(...items.map((o) => o.entity_id!)) });
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await readChanges(commerce, 'GET /V1/orders', { fields: ['entity_id'] }, { checkpoint, deliver: () => {} })).delivered).toBe(0);
    expect(await missingKeys(commerce, 'GET /V1/orders', [2, 99])).toEqual([99]);
  });

  it('asyncFeatures and waitForBulk queue writes and wait for them', async () => {
    const { url } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes, bulkRoutes] });
    const { bulk } = asyncFeatures(commerce);
    const job = await bulk.request('PUT /V1/products/{sku}', [{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 11 } }, { sku: 'SKU-0002', product: { sku: 'SKU-0002', price: 12 } }]);
    const outcome = await waitForBulk(commerce, job, { maxWait: 10_000 });
    expect(outcome.counts.complete).toBe(2);
    expect((await commerce.request('GET /V1/products/{sku}', { sku: 'SKU-0002' })).price).toBe(12);
  });

  it('bulkRequest and asyncRequest send one queued write each, without asyncFeatures', async () => {
    const { url } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth(), routes: [productsRoutes, bulkRoutes] });
    const job = await bulkRequest(commerce, 'PUT /V1/products/{sku}', [{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 21 } }]);
    const acceptance = await asyncRequest(commerce, 'PUT /V1/products/{sku}', { sku: 'SKU-0002', product: { sku: 'SKU-0002', price: 22 } });
    expect((await waitForBulk(commerce, job, { maxWait: 10_000 })).counts.complete).toBe(1);
    expect((await waitForBulk(commerce, acceptance, { maxWait: 10_000 })).counts.complete).toBe(1);
    expect((await commerce.request('GET /V1/products/{sku}', { sku: 'SKU-0002' })).price).toBe(22);
  });

  it('schemaEndpoints reads the schema document', async () => {
    const { url } = await fake();
    const commerce = createLeanClient({ baseUrl: url, auth: auth() });
    const doc = await schemaEndpoints(commerce).get({ services: ['catalogProductRepositoryV1'] });
    expect(doc.swagger).toBe('2.0');
  });

  it('refuses an object that is not a client', () => {
    expect(() => schemaEndpoints({} as never)).toThrow(/createCommerceClient\(\) or createLeanClient\(\)/);
  });
});

describe('route modules', () => {
  it('are the whole route table, each route once, in spec order', () => {
    const fromModules = [productsRoutes, ordersRoutes].flatMap((m) => m.rows);
    for (const row of fromModules) expect(routeRows).toContain(row);
    expect(new Set(routeRows.map((r) => `${r[1]} ${r[2]}`)).size).toBe(routeRows.length);
    expect(productsRoutes.rows.every((r) => r[0].startsWith('products.'))).toBe(true);
  });
});
