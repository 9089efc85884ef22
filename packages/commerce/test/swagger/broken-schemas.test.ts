/**
 * Documents third-party modules are known to produce (test/swagger/fixtures): each converts, and every
 * route skipped or degraded is named with the reason, once; the declaration stays valid TypeScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildInstallationTypes } from '../../src/cli/commands/types-emit.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const surface = { routeKeys: ['GET /V1/products/{sku}'], schemaNames: [], extensionProperties: {} };
const convert = (name: string) => buildInstallationTypes(JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')), surface);
const warnings = (types: ReturnType<typeof convert>) => types.notTyped.map((n) => `${n.what} | ${n.why}`);

function syntaxErrors(text: string): string[] {
  const file = ts.createSourceFile('magekit-env.d.ts', text, ts.ScriptTarget.Latest, true);
  return (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('broken and odd schema documents', () => {
  it('a dangling $ref: each route that reaches it is typed, the definition as unknown, and named', () => {
    const types = convert('dangling-ref.json');
    expect(types.routes.map((r) => r.key)).toEqual(['GET /V1/acme/shipments/{id}', 'POST /V1/acme/shipments']);
    expect(warnings(types)).toEqual([
      'GET /V1/acme/shipments/{id} | GET /V1/acme/shipments/{id}: the definition "acme-shipment-data-shipment-interface" is referenced but not in the document; typed as unknown.',
      'POST /V1/acme/shipments | POST /V1/acme/shipments: the definition "acme-shipment-data-shipment-interface" is referenced but not in the document; typed as unknown.',
    ]);
    expect(types.declaration).toContain('"GET /V1/acme/shipments/{id}": { id: "installation.getV1AcmeShipmentsId"; input: { id: number }; required: true; output: unknown;');
    expect(syntaxErrors(types.declaration)).toEqual([]);
  });

  it('extension attributes in GET parameters (magento/magento2#24626): the object parameters are left out, by name', () => {
    const types = convert('extension-attributes-in-get.json');
    expect(types.routes.map((r) => r.key)).toEqual(['GET /V1/dream/search']);
    expect(warnings(types)).toEqual([
      'GET /V1/dream/search | GET /V1/dream/search: the query parameter "searchRequest[extensionAttributes]" is left out: it has a schema (an object) instead of a scalar type.',
      'GET /V1/dream/search | GET /V1/dream/search: the query parameter "searchRequest[extension_attributes][store]" is left out: its type is "object", not a scalar.',
    ]);
    expect(types.declaration).toContain('input: { searchRequest?: { name?: string } }');
    expect(syntaxErrors(types.declaration)).toEqual([]);
  });

  it('a body on DELETE (magento/magento2#37480): typed like any body, without a warning', () => {
    const types = convert('delete-with-body.json');
    expect(types.notTyped).toEqual([]);
    expect(types.declaration).toContain('"DELETE /V1/acme/wishlist/items": { id: "installation.deleteV1AcmeWishlistItems"; input: {  } & { itemIds: number[] }; required: true; output: boolean;');
  });

  it('third-party modules\' odd documents: unknown type names, no responses, a broken path item, a path outside /V<n>/', () => {
    const types = convert('third-party-odd.json');
    expect(types.routes.map((r) => r.key)).toEqual(['GET /V1/multisafepay/transactions/{orderId}', 'POST /V1/klaviyo/events', 'PUT /V1/amazon-pay/checkout-session/{cartId}']);
    expect(warnings(types)).toEqual([
      'GET /V1/multisafepay/transactions/{orderId} | GET /V1/multisafepay/transactions/{orderId}: the operation declares no responses; its answer is typed unknown.',
      'GET amazon/legacy | the path is outside /V<n>/, where the client sends requests',
      'POST /V1/klaviyo/events | POST /V1/klaviyo/events: the schema type "mixed" is not a JSON Schema type: typed as unknown.',
      'POST /V1/klaviyo/events | POST /V1/klaviyo/events: the schema type "anyType" is not a JSON Schema type: typed as unknown.',
    ]);
    expect(syntaxErrors(types.declaration)).toEqual([]);
  });

  it('two routes whose keys differ only by a trailing slash: one key, and the other named', () => {
    const types = convert('trailing-slash.json');
    expect(types.routes.map((r) => r.key)).toEqual(['POST /V1/acme/returns']);
    expect(warnings(types)).toEqual(['POST /V1/acme/returns/ | the same route as POST /V1/acme/returns (the platform\'s router trims a trailing slash): typed once, as POST /V1/acme/returns']);
    expect(types.runtime).toContain('["installation.postV1AcmeReturns", "POST", "/V1/acme/returns", "", "xni"]'); // i: the integer result arrives uncast (platform/wire-result.ts)
    expect(types.runtime).not.toContain('/V1/acme/returns/');
  });

  it('a live key with a trailing slash is written without it', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(fixtures, 'trailing-slash.json'), 'utf8')) as { paths: Record<string, unknown> };
    delete doc.paths['/V1/acme/returns'];
    const types = buildInstallationTypes(doc, surface);
    expect(types.notTyped).toEqual([]);
    expect(types.routes.map((r) => r.key)).toEqual(['POST /V1/acme/returns']);
  });
});
