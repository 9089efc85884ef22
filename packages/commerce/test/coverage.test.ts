// Coverage: seed catalog ↔ spec ↔ generated route table ↔ the method tree of a real client. Each catalog
// route has exactly one operation and one method, names never repeat, routes outside the catalog say so,
// and the commercial-edition modules are flagged everywhere a user could look.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommerceClient, routes } from '../src/index.ts';
import { loadCatalog } from './support/catalog.ts';
import { operations, repoRoot } from './support/spec.ts';

const catalog = loadCatalog();
const catalogKeys = new Set(catalog.routes.map((r) => r.key));

// The seed: "The modules CustomerBalance, GiftCardAccount, GiftRegistry, GiftWrapping, Reward, Rma and the
// payment-provider module exist on the commercial edition only".
const COMMERCIAL_MODULES = ['CustomerBalance', 'GiftCardAccount', 'GiftRegistry', 'GiftWrapping', 'Reward', 'Rma', 'PaymentProvider'];

const countBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const repeated = (items: readonly string[]) => [...countBy(items, (x) => x)].filter(([, n]) => n > 1).map(([x]) => x);

/** Dotted paths of the functions under the route namespaces of a real client. */
function clientMethods(): string[] {
  const client = createCommerceClient({ baseUrl: 'https://shop.test' }) as unknown as Record<string, unknown>;
  const out: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'function') out.push(prefix);
    else if (node && typeof node === 'object') for (const [name, child] of Object.entries(node)) walk(child, `${prefix}.${name}`);
  };
  // Only the namespaces routes live in: helpers hung on the client (request, runtime, schema...) are not
  // generated methods, and one that took a namespace's name would show here as missing methods.
  for (const namespace of new Set(routes.map((r) => r.id.split('.')[0]!))) walk(client[namespace], namespace);
  // `commerce.bulk` also holds the bulk variants of writes (`bulk.products.update`) and two helpers;
  // those are covered by the bulk tests, not here. A bulk variant is named `bulk.<write route id>`.
  const writeIds = new Set(routes.filter((r) => r.method !== 'GET').map((r) => r.id));
  const bulkHelpers = new Set(['bulk.request', 'bulk.resubmitRetryable']);
  return out.filter((name) => !bulkHelpers.has(name) && !(name.startsWith('bulk.') && writeIds.has(name.slice('bulk.'.length))));
}

/** `RouteMethod<"KEY">` members of the generated MethodTree interface, with the doc comment above each. */
function typedMethods(): { key: string; doc: string }[] {
  const text = fs.readFileSync(path.join(repoRoot, 'packages/commerce/src/generated/method-tree.ts'), 'utf8');
  return [...text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*[\w$"]+: RouteMethod<"([^"]+)">;/g)].map((m) => ({ key: m[2]!, doc: m[1]! }));
}

describe('the seed catalog', () => {
  it('is read whole: 408 routes, none twice', () => {
    expect(catalog.routes).toHaveLength(408);
    expect(repeated(catalog.routes.map((r) => r.key))).toEqual([]);
    expect(catalog.modules).toEqual(expect.arrayContaining(COMMERCIAL_MODULES));
  });
});

describe('catalog ↔ spec', () => {
  it('has exactly one spec operation per catalog route, with the catalog\'s parameter names', () => {
    // Counted with parameter names blanked, so a renamed parameter shows as "missing", not as a silent extra route.
    const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
    const specShapes = countBy(operations, (op) => shape(op.key));
    const specKeys = new Set(operations.map((op) => op.key));
    const wrong = catalog.routes
      .filter((r) => specShapes.get(shape(r.key)) !== 1 || !specKeys.has(r.key))
      .map((r) => `${r.key} (line ${r.line}): ${specShapes.get(shape(r.key)) ?? 0} operations of that shape${specKeys.has(r.key) ? '' : ', none with these names'}`);
    expect(wrong).toEqual([]);
  });

  it('puts each catalog route under its module\'s tag', () => {
    const byKey = new Map(operations.map((op) => [op.key, op]));
    const wrong = catalog.routes.filter((r) => !byKey.get(r.key)?.tags.includes(r.module)).map((r) => `${r.key}: tags ${byKey.get(r.key)?.tags}, module ${r.module}`);
    expect(wrong).toEqual([]);
  });

  it('marks every operation outside the catalog x-catalog: false, and none inside it', () => {
    const outside = operations.filter((op) => !catalogKeys.has(op.key));
    expect(outside.filter((op) => op.inCatalog).map((op) => op.key)).toEqual([]);
    expect(operations.filter((op) => catalogKeys.has(op.key) && !op.inCatalog).map((op) => op.key)).toEqual([]);
    expect(operations.length).toBe(catalog.routes.length + outside.length);
  });

  it('never repeats an operationId', () => {
    expect(operations.every((op) => /^[a-z]\w*(\.[a-z]\w*)+$/.test(op.id))).toBe(true);
    expect(repeated(operations.map((op) => op.id))).toEqual([]);
  });
});

describe('spec ↔ generated route table ↔ client methods', () => {
  it('has one route-table row per spec operation, with its id and catalog flag', () => {
    const rows = new Map(routes.map((r) => [r.key, r]));
    expect(repeated(routes.map((r) => r.key))).toEqual([]);
    expect(routes).toHaveLength(operations.length);
    const wrong = operations.filter((op) => rows.get(op.key)?.id !== op.id || rows.get(op.key)?.inCatalog !== catalogKeys.has(op.key)).map((op) => op.key);
    expect(wrong).toEqual([]);
  });

  it('gives a real client exactly one method per route, named by its operationId', () => {
    const methods = clientMethods();
    expect(repeated(methods)).toEqual([]);
    expect([...methods].sort()).toEqual(routes.map((r) => r.id).sort());
    const idsOfCatalog = catalog.routes.map((r) => routes.find((row) => row.key === r.key)?.id);
    expect(idsOfCatalog.filter((id) => id === undefined || !methods.includes(id))).toEqual([]);
  });

  it('types exactly one method per route in the generated MethodTree', () => {
    const typed = countBy(typedMethods(), (m) => m.key);
    expect(routes.filter((r) => typed.get(r.key) !== 1).map((r) => `${r.key}: ${typed.get(r.key) ?? 0}`)).toEqual([]);
    expect(typed.size).toBe(routes.length);
  });
});

describe('commercial edition', () => {
  it('flags the commercial modules\' routes in the spec, the route table and the method docs, and no others', () => {
    const ops = new Map(operations.map((op) => [op.key, op]));
    const rows = new Map(routes.map((r) => [r.key, r]));
    const docs = new Map(typedMethods().map((m) => [m.key, m.doc]));
    const wrong: string[] = [];
    for (const route of catalog.routes) {
      const commercial = COMMERCIAL_MODULES.includes(route.module);
      if ((ops.get(route.key)?.edition === 'commerce') !== commercial) wrong.push(`${route.key}: spec x-edition ${ops.get(route.key)?.edition}`);
      if (rows.get(route.key)?.commerceEdition !== commercial) wrong.push(`${route.key}: route table commerceEdition ${rows.get(route.key)?.commerceEdition}`);
      if (/Commercial edition/.test(docs.get(route.key) ?? '') !== commercial) wrong.push(`${route.key}: method doc`);
    }
    expect(wrong).toEqual([]);
    expect(catalog.routes.filter((r) => COMMERCIAL_MODULES.includes(r.module)).length).toBeGreaterThan(0);
  });
});
