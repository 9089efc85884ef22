import { http, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import { attachAsync } from '../../src/async/attach.ts';
import { bundledParts } from '../../src/async/bundled-parts.ts';
import { createCommerceClient, none } from '../../src/index.ts';
import { routes } from '../../src/routes/table.ts';
import { createFakeCommerce, createFakeIms, phpUrlDecode, startFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { asyncClient, BASE } from '../async-harness.ts';
import { server } from '@magekit/test-support/msw';
import { operations as specOperations } from '../support/spec.ts';
import { wireSchemaErrors } from '../support/validate.ts';
import { runtimeOf } from '../../src/calls/runtime.ts';

function withFake(options: Parameters<typeof createFakeCommerce>[0] = {}): FakeCommerce {
  const fake = createFakeCommerce({ auth: false, ...options });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return fake;
}

const call = (fake: FakeCommerce, method: string, path: string, body?: unknown) =>
  fake.handle(new Request(`${BASE}/rest/default${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) }));

describe('fake platform: catalogue and errors', () => {
  it('decodes path segments like PHP urldecode', () => {
    expect(phpUrlDecode('a+b')).toBe('a b');
    expect(phpUrlDecode('a%2Bb')).toBe('a+b');
    expect(phpUrlDecode('MB%2F01')).toBe('MB/01');
    expect(phpUrlDecode('100%')).toBe('100%');
  });

  it('honours SKU encoding end to end: the SDK encodes, the fake decodes, a bare + would be a space', async () => {
    const fake = withFake();
    const commerce = asyncClient();
    await commerce.products.create({ product: { sku: 'MB/01+x', name: 'Slash plus', price: 5 } });
    expect((await commerce.products.get({ sku: 'MB/01+x' })).name).toBe('Slash plus');
    const raw = await call(fake, 'GET', '/V1/products/MB%2F01+x');
    expect(raw.status).toBe(404); // "+" decodes to a space: a different SKU
  });

  it('answers with the platform error bodies and templates', async () => {
    const fake = withFake({ seed: { products: 3 } });
    const missing = await call(fake, 'GET', '/V1/products/NOPE');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "The product that was requested doesn't exist. Verify the product and try again." });
    const invalid = await call(fake, 'POST', '/V1/products', { product: { name: 'no sku' } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'sku' } });
    const error = await asyncClient().products.get({ sku: 'NOPE' }).catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(404);
    expect((await call(fake, 'GET', '/V1/nothing/here')).status).toBe(404);
    expect((await call(fake, 'GET', '/V1/products/SKU-0002')).status).toBe(200);
  });

  it('requires tokens unless told otherwise, and issues them through the fake auth', async () => {
    const fake = createFakeCommerce();
    const refused = await fake.handle(new Request(`${BASE}/rest/V1/products/SKU-1`));
    expect(refused.status).toBe(401);
    const token = (await (await fake.handle(new Request(`${BASE}/rest/V1/integration/admin/token`, { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'admin123!' }) }))).json()) as string;
    const allowed = await fake.handle(new Request(`${BASE}/rest/V1/products`, { headers: { authorization: `Bearer ${token}` } }));
    expect(allowed.status).toBe(200);
  });

  it('answers every catalog GET route from its records as the platform writes them, an empty page for a search of records it keeps none of, or a 501 naming the route: never a placeholder', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2, customers: 1, orders: 1 } });
    // B2B records exist only once created through their routes: one company (admin: customer 1), team and quote.
    const company = { company_name: 'Acme', company_email: 'a@example.com', street: ['1 Main St'], city: 'Austin', country_id: 'US', postcode: '78701', telephone: '5550100', super_user_id: 1 };
    expect((await call(fake, 'POST', '/V1/company/', { company })).status).toBe(200);
    expect((await call(fake, 'POST', '/V1/team/1', { team: { name: 'Buyers' } })).status).toBe(200);
    expect((await call(fake, 'POST', '/V1/negotiableQuote/request', { quoteId: 1, quoteName: 'Q' })).status).toBe(200);
    // A cart, an invoice and a shipment, so their reads find records.
    expect((await call(fake, 'POST', '/V1/carts/')).status).toBe(200);
    expect((await call(fake, 'POST', '/V1/order/1/invoice', {})).status).toBe(200);
    expect((await call(fake, 'POST', '/V1/order/1/ship', {})).status).toBe(200);
    // Routes only the cloud service has: 404 on a self-hosted fake, answered by one playing the service.
    const cloudFake = createFakeCommerce({ auth: false, cloudService: { tenantId: 'T1', ims: createFakeIms() } });
    const cloudOnly = new Set(routes.filter((r) => r.cloudServiceOnly).map((r) => r.key));
    const problems: string[] = [];
    const answered: string[] = [];
    const refused: string[] = [];
    for (const op of specOperations.filter((o) => o.method === 'GET' && o.success)) {
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'sku' || name === 'productSku' ? 'SKU-0001' : name === 'bulkUuid' ? 'missing' : '1'));
      if (cloudOnly.has(op.key)) expect((await fake.handle(new Request(`${BASE}/rest/default${path}`))).status, op.key).toBe(404);
      const response = cloudOnly.has(op.key) ? await cloudFake.handle(new Request(`${BASE}/T1${path}`, { headers: { store: 'default' } })) : await fake.handle(new Request(`${BASE}/rest/default${path}`));
      const body = (await response.json()) as unknown;
      if (response.status === 501) {
        if ((body as { parameters?: { route?: string } }).parameters?.route !== op.key) problems.push(`${op.key}: 501 without the route named`);
        refused.push(op.key);
        continue;
      }
      // An unknown record (the path's made-up id), or a customer route called without a customer: the platform's errors.
      if ([401, 404].includes(response.status) && typeof (body as { message?: unknown }).message === 'string') continue;
      // Required query values this walk does not send (it fills path values only): the platform's 400, one or several.
      if (response.status === 400 && ['"%fieldName" is required. Enter and try again.', 'One or more input exceptions have occurred.'].includes((body as { message?: string }).message ?? '')) continue;
      if (response.status !== 200) {
        problems.push(`${op.key}: ${response.status} ${JSON.stringify(body)}`);
        continue;
      }
      answered.push(op.key);
      const errors = wireSchemaErrors(op.success!, body);
      if (errors.length) problems.push(`${op.key}: ${errors.slice(0, 2).join('; ')}`);
      if (JSON.stringify(body).includes('"string"')) problems.push(`${op.key}: the placeholder "string" in ${JSON.stringify(body).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    // The modeled reads, the records behind them and the searches of records the fake keeps none of.
    expect(answered.length).toBeGreaterThanOrEqual(80);
    expect(answered).toEqual(expect.arrayContaining(['GET /V1/products/{sku}', 'GET /V1/orders/{id}', 'GET /V1/stockItems/{productSku}', 'GET /V1/invoices/{id}', 'GET /V1/carts/{cartId}', 'GET /V1/store/storeConfigs', 'GET /V1/taxRates/search']));
    expect(refused).toEqual(expect.arrayContaining(['GET /V1/taxRates/{rateId}']));
  }, 20_000); // ~310 responses (the cloud-only ones on a second fake) validated against the spec: 3-4 s when the machine is shared

  it('accepts every write route synchronously and asynchronously', async () => {
    const fake = createFakeCommerce({ auth: false, consumer: { autoStart: false } });
    const statuses = new Set<number>();
    const cloudFake = createFakeCommerce({ auth: false, consumer: { autoStart: false }, cloudService: { tenantId: 'T1', ims: createFakeIms() } });
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const path = route.path.replace(/\{([^}]+)\}/g, '1');
      // Routes only the cloud service has are queued there, at <tenant>/V1/async/...; a self-hosted fake has none of them.
      const response = route.cloudServiceOnly
        ? await cloudFake.handle(new Request(`${BASE}/T1${path.replace(/^\/(V\d+)\//, '/$1/async/')}`, { method: route.method, body: '{}', headers: { store: 'default' } }))
        : await fake.handle(new Request(`${BASE}/rest/default/async${path}`, { method: route.method, body: '{}' }));
      statuses.add(response.status);
      if (route.cloudServiceOnly) expect((await fake.handle(new Request(`${BASE}/rest/default/async${path}`, { method: route.method, body: '{}' }))).status).toBe(404);
    }
    expect([...statuses]).toEqual([202]);
  });
});

describe('fake platform: async queue and bulk routes', () => {
  it('queues accepted messages as open operations with the platform envelope, and reports them', async () => {
    const fake = withFake({ seed: { products: 2 }, consumer: { autoStart: false } });
    const commerce = asyncClient();
    const acceptance = await commerce.async.products.update({ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 99 } });
    const op = fake.queue.bulks.get(acceptance.bulkUuid)!.operations[0]!;
    expect(op.status).toBe(4);
    expect(op.topic_name).toBe('async.magento.catalog.api.productrepositoryinterface.save.put');
    const envelope = JSON.parse(op.serialized_data) as Record<string, unknown>;
    expect(envelope).toMatchObject({ entity_id: null, entity_link: '' });
    expect(JSON.parse(envelope['meta_information'] as string)).toEqual({ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 99 } });
    expect(await commerce.bulk.countByStatus({ bulkUuid: acceptance.bulkUuid, status: 4 })).toBe(1);

    expect(await fake.consumer.drain()).toBe(1);
    expect(await commerce.bulk.countByStatus({ bulkUuid: acceptance.bulkUuid, status: 4 })).toBe(0);
    const detailed = await commerce.bulk.getDetailedStatus({ bulkUuid: acceptance.bulkUuid });
    expect(detailed.operations_list![0]!.status).toBe(1);
    expect(JSON.parse(detailed.operations_list![0]!.result_serialized_data!)).toMatchObject({ sku: 'SKU-0001', price: 99 });
    expect((await commerce.bulk.getStatus({ bulkUuid: acceptance.bulkUuid })).operation_count).toBe(1);
    const search = await commerce.bulk.operations.search({ searchCriteria: { filter_groups: [{ filters: [{ field: 'bulk_uuid', value: acceptance.bulkUuid }] }] } });
    expect(search.total_count).toBe(1);
    expect(search.items![0]!.bulk_uuid).toBe(acceptance.bulkUuid);
    expect(fake.store.products.get('SKU-0001')!['price']).toBe(99);
  });

  it('rejects bulk elements at acceptance without making operations of them', async () => {
    const fake = createFakeCommerce({ auth: false, consumer: { autoStart: false }, rejectElement: (_route, element) => ((element['product'] as { price?: number }).price! < 0 ? 'The "price" value is invalid.' : undefined) });
    const response = await fake.handle(
      new Request(`${BASE}/rest/async/bulk/V1/products/bySku`, { method: 'PUT', body: JSON.stringify([{ sku: 'a', product: { sku: 'a', price: 1 } }, { product: {} }, { sku: 'c', product: { sku: 'c', price: -1 } }]) }),
    );
    expect(response.status).toBe(202);
    const body = (await response.json()) as { bulk_uuid: string; errors: boolean; request_items: { status: string; error_message: string | null }[] };
    expect(body.errors).toBe(true);
    expect(body.request_items.map((i) => [i.status, i.error_message])).toEqual([['accepted', null], ['rejected', '"sku" is required. Enter and try again.'], ['rejected', 'The "price" value is invalid.']]);
    expect(fake.queue.bulks.get(body.bulk_uuid)!.operations).toHaveLength(1);
    const get = await fake.handle(new Request(`${BASE}/rest/async/V1/products/a`));
    expect(get.status).toBe(404);
  });

  it('runs as a real HTTP server on loopback', async () => {
    const running = await startFakeCommerce({ auth: false, seed: { products: 3 } });
    server.use(http.all(`${running.url}/*`, () => passthrough()));
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createCommerceClient({ baseUrl: running.url, auth: none(), fetch: (input, init) => globalThis.fetch(input, init) });
      const features = attachAsync(runtimeOf(client), bundledParts);
      expect((await client.products.get({ sku: 'SKU-0003' })).sku).toBe('SKU-0003');
      const job = await features.bulk.products.update([{ sku: 'SKU-0001', product: { sku: 'SKU-0001', price: 1 } }]);
      const outcome = await features.waitForBulk(job, { minDelay: 10 });
      expect(outcome.counts.complete).toBe(1);
    } finally {
      await running.close();
    }
  });
});
