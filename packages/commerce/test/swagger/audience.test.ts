/**
 * Telling an admin schema from the anonymous and customer subsets the platform answers with 200: the
 * published schemas of every release are recognised, and so are the fake's subsets and a restricted
 * integration that sees only a module's routes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaAudience } from '../../src/swagger/audience.ts';
import { audienceMarkers } from '../../src/cli/commands/release-data.ts';
import { acmeWarrantyModule, moduleSchema } from '../../src/testing/custom-module.ts';
import { routeAccess } from '../../src/testing/examples.ts';

const reference = path.resolve(import.meta.dirname, '../../../../../shared/reference/commerce');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(reference, name), 'utf8')) as unknown;
const markers = audienceMarkers();

describe('schemaAudience', () => {
  it('reads the published admin, customer and guest schemas (../shared beside the repository, as in CI) as what they are', () => {
    for (const release of ['2.4.6', '2.4.7', '2.4.8', '2.4.9']) expect(schemaAudience(read(`admin-schema-${release}.json`), markers).audience, release).toBe('admin');
    expect(schemaAudience(read('accs-schema.json'), markers).audience).toBe('admin');
    expect(schemaAudience(read('customer-schema-2.4.9.json'), markers)).toMatchObject({ audience: 'customer', operations: 117 });
    expect(schemaAudience(read('guest-schema-2.4.9.json'), markers)).toEqual({ audience: 'guest', operations: 78 });
  });

  it('reads the fake\'s subsets per caller, and a module-only integration as admin', () => {
    const view = (who: 'guest' | 'customer' | 'admin') => moduleSchema(undefined, [acmeWarrantyModule], (_, access) => access === 'guest' || access === who, routeAccess);
    expect(schemaAudience(view('guest'), markers)).toEqual({ audience: 'guest', operations: 2 });
    expect(schemaAudience(view('customer'), markers)).toEqual({ audience: 'customer', operations: 3, evidence: 'GET /V1/customers/me' });
    expect(schemaAudience(view('admin'), markers).audience).toBe('admin');
    // An integration whose only resource is the module's: the module's routes need authorisation (401 listed).
    const moduleOnly = moduleSchema(undefined, [acmeWarrantyModule], (key, access) => access === 'guest' || key.includes('/acme/'), routeAccess);
    expect(schemaAudience(moduleOnly, markers)).toMatchObject({ audience: 'admin', evidence: 'POST /V1/acme/products/{sku}/warranty-claims' });
    expect(schemaAudience({ swagger: '2.0', paths: {} }, markers)).toEqual({ audience: 'guest', operations: 0 });
  });
});
