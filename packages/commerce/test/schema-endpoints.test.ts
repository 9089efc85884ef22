import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bearer, createCommerceClient, none, type CommerceClientOptions } from '../src/index.ts';
import { attachSchemaEndpoints, type SwaggerDocument } from '../src/calls/schema-endpoints.ts';
import { server } from '@magekit/test-support/msw';
import { runtimeOf } from '../src/calls/runtime.ts';

const BASE = 'https://shop.test';
const DOC: SwaggerDocument = {
  swagger: '2.0',
  info: { version: '2.4', title: 'Commerce' },
  paths: { '/V1/products/{sku}': { get: { operationId: 'catalogProductRepositoryV1GetGet' } } },
  definitions: { 'catalog-data-product-interface': { type: 'object' } },
};

function schemaClient(options: Partial<CommerceClientOptions> = {}) {
  return attachSchemaEndpoints(runtimeOf(createCommerceClient({ baseUrl: BASE, retry: false, ...options })));
}

/** Answers every request with DOC and records what was asked for. */
function capture() {
  const seen: { url: URL; authorization: string | null }[] = [];
  server.use(
    http.get(`${BASE}/*`, ({ request }) => {
      seen.push({ url: new URL(request.url), authorization: request.headers.get('authorization') });
      return HttpResponse.json(DOC);
    }),
  );
  return seen;
}

describe('schema endpoints', () => {
  it('reads /rest/all/schema with the services joined by commas, and returns the parsed document', async () => {
    const seen = capture();
    const doc = await schemaClient().get({ services: ['catalogProductRepositoryV1', 'salesOrderRepositoryV1'] });
    expect(doc).toEqual(DOC);
    expect(seen[0]!.url.pathname).toBe('/rest/all/schema');
    // One parameter whose value carries the comma list, as the platform splits it.
    expect([...seen[0]!.url.searchParams]).toEqual([['services', 'catalogProductRepositoryV1,salesOrderRepositoryV1']]);
  });

  it('passes services=all through, and sends no services parameter when none are asked for', async () => {
    const seen = capture();
    await schemaClient().get({ services: 'all' });
    await schemaClient().get();
    expect(seen.map((s) => s.url.search)).toEqual(['?services=all', '']);
  });

  it('defaults to the all store even when the client has its own, and takes a store per call', async () => {
    const seen = capture();
    await schemaClient({ storeCode: 'en_us' }).get();
    await schemaClient({ storeCode: 'en_us' }).get({ storeCode: 'default' });
    expect(seen.map((s) => s.url.pathname)).toEqual(['/rest/all/schema', '/rest/default/schema']);
  });

  it('reads the async and bulk schemas under the store code', async () => {
    const seen = capture();
    const [asyncDoc, bulkDoc] = [await schemaClient().async(), await schemaClient().bulk({ storeCode: 'default' })];
    expect(asyncDoc).toEqual(DOC);
    expect(bulkDoc).toEqual(DOC);
    expect(seen.map((s) => s.url.pathname)).toEqual(['/rest/all/async/schema', '/rest/default/async/bulk/schema']);
  });

  it('sends the client\'s credentials (most of the schema needs an admin token)', async () => {
    const seen = capture();
    // Through the client's auth strategy, as users configure it, not a static header.
    await schemaClient({ auth: bearer('admin-token-0123456789') }).get({ services: 'all' });
    await schemaClient({ auth: bearer('admin-token-0123456789') }).async();
    await schemaClient({ auth: none() }).get({ services: 'all' });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer admin-token-0123456789', 'Bearer admin-token-0123456789', null]);
  });

  it('refuses an empty or malformed services list before sending', async () => {
    const seen = capture();
    await expect(schemaClient().get({ services: [] })).rejects.toMatchObject({ kind: 'input' });
    await expect(schemaClient().get({ services: ['a,b'] })).rejects.toThrow(/service names/);
    await expect(schemaClient().get({ storeCode: 'bad/../store' })).rejects.toMatchObject({ kind: 'input' });
    expect(seen).toEqual([]);
  });

  it('surfaces the platform\'s error for a refused schema request', async () => {
    server.use(http.get(`${BASE}/*`, () => HttpResponse.json({ message: 'The consumer isn\'t authorized to access %resources.', parameters: { resources: 'Magento_Backend::admin' } }, { status: 401 })));
    await expect(schemaClient().get({ services: 'all' })).rejects.toMatchObject({ status: 401, message: expect.stringContaining('Magento_Backend::admin') });
  });
});
