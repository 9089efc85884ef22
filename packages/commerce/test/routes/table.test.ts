// Editions as data: each route says which installations have it (spec x-edition → route table →
// `routes[i].edition` and the method docs), so an app can tell which calls its installation answers.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes, type Edition } from '../../src/index.ts';
import { doc, operations, repoRoot } from '../support/spec.ts';

const EDITIONS: Edition[] = ['open-source', 'commerce', 'b2b', 'payment-services', 'app-builder'];
const tagEdition = new Map(((doc as { tags?: { name: string; 'x-edition'?: string }[] }).tags ?? []).map((t) => [t.name, t['x-edition']]));
const specEdition = (op: (typeof operations)[number]) => op.edition ?? tagEdition.get(op.tags[0]!) ?? 'open-source';

describe('route editions', () => {
  it('gives every route one of the known editions, the one its spec operation declares', () => {
    const byKey = new Map(operations.map((op) => [op.key, op]));
    expect(routes.filter((r) => !EDITIONS.includes(r.edition)).map((r) => r.key)).toEqual([]);
    expect(routes.filter((r) => r.edition !== specEdition(byKey.get(r.key)!)).map((r) => `${r.key}: ${r.edition}`)).toEqual([]);
  });

  it('states the edition on every operation added beyond the catalog', () => {
    const unstated = operations.filter((op) => !op.inCatalog && op.edition === undefined && !['tfa.google.authenticate', 'integration.customerToken.revoke'].includes(op.id));
    expect(unstated.map((op) => op.key)).toEqual([]);
  });

  it.each([
    ['POST /V1/company/', 'b2b'],
    ['POST /V1/negotiableQuote/request', 'b2b'],
    ['POST /V1/sharedCatalog/{id}/assignProducts', 'b2b'],
    ['GET /V1/customers/{customerId}/balance/{websiteId}', 'commerce'],
    ['GET /V1/payments-config/{location}', 'payment-services'],
    ['POST /V1/eventing/eventSubscribe', 'app-builder'],
    ['POST /V1/tfa/provider/u2fkey/verify', 'open-source'],
    ['PUT /V2/carts/{cartId}/coupons', 'open-source'],
    ['GET /V1/products/{sku}', 'open-source'],
  ])('%s is %s', (key, edition) => {
    expect(routes.find((r) => r.key === key)?.edition).toBe(edition);
  });

  it('lets an app list the calls an Open Source installation has', () => {
    const openSource = routes.filter((r) => r.edition === 'open-source');
    expect(openSource.length).toBeGreaterThan(400);
    expect(openSource.some((r) => r.key.startsWith('GET /V1/company'))).toBe(false);
    expect(routes.filter((r) => r.commerceEdition).every((r) => r.edition === 'commerce' || r.edition === 'b2b')).toBe(true);
  });

  it('says the edition in the doc comment of each method outside Open Source', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'packages/commerce/src/generated/method-tree.ts'), 'utf8');
    const docs = new Map([...text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*[\w$"]+: RouteMethod<"([^"]+)">;/g)].map((m) => [m[2]!, m[1]!]));
    const phrase: Record<Edition, RegExp | null> = { 'open-source': null, commerce: /Commercial edition/, b2b: /B2B extension/, 'payment-services': /Payment Services/, 'app-builder': /App Builder/ };
    const wrong = routes.filter((r) => {
      const doc = docs.get(r.key) ?? '';
      const expected = phrase[r.edition];
      return expected ? !expected.test(doc) : Object.values(phrase).some((p) => p?.test(doc));
    });
    expect(wrong.map((r) => `${r.key} (${r.edition})`)).toEqual([]);
  });
});
