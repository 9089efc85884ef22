// CI holds the figures that do not depend on the machine: gzip bytes of each bundle and the type
// instantiations of the 200-call consumer file. Wall times are printed by `npm run bench`, never
// asserted. bundleGzipBytes holds the TARGETS; a figure over its target fails, unless a ceiling
// (bundleGzipCeilings: the best figure reached so far) is recorded for it, which it must then hold.
// Bundles are measured on the built dist: `npm run build` first (npm test does).
import { describe, expect, it } from 'vitest';
import budgets from './budgets.json' with { type: 'json' };
import { bundleEntries, bundleSize, moduleRowCount, type BundleSize } from './bundle.ts';
import { benchTypecheck } from './typecheck.ts';

// The "//" keys are comments.
const targets = budgets.bundleGzipBytes as unknown as Record<string, number>;
const ceilings = budgets.bundleGzipCeilings as unknown as Record<string, number>;
const wholeTargets = budgets.bundleWholeGzipBytes as unknown as Record<string, number>;
const wholeCeilings = budgets.bundleWholeGzipCeilings as unknown as Record<string, number>;

// Each app is built once (two esbuild runs) for the up-front, whole-bundle and route-row checks.
const sizes = new Map<string, Promise<BundleSize>>();
const sizeOf = (entry: (typeof bundleEntries)[number]) => {
  if (!sizes.has(entry.name)) sizes.set(entry.name, bundleSize(entry));
  return sizes.get(entry.name)!;
};

describe('bundle budgets (esbuild over dist, minified, gzip -9, loaded up front)', () => {
  for (const entry of bundleEntries) {
    const target = targets[entry.name];
    const ceiling = ceilings[entry.name];
    // The issue-21 apps are held by their whole bundle and their route rows (below); the lean + /paginate app by its rows only.
    if (target === undefined && (wholeTargets[entry.name] !== undefined || entry.modules)) continue;
    const title = ceiling === undefined ? `${entry.name} stays within its target, ${target} bytes` : `${entry.name} stays within its ceiling, ${ceiling} bytes (target ${target} not met yet)`;
    it(title, async () => {
      expect(target, `no target for "${entry.name}" in bench/budgets.json`).toBeTypeOf('number');
      if (ceiling !== undefined) expect(ceiling, 'a ceiling is only for a missed target: above it').toBeGreaterThan(target!);
      const size = await sizeOf(entry);
      expect(size.gzip).toBeLessThanOrEqual(ceiling ?? target!);
    });
  }
});

describe('whole-bundle budgets (no code splitting, every lazy chunk included, gzip -9)', () => {
  for (const [name, target] of Object.entries(wholeTargets)) {
    if (name === '//') continue;
    const entry = bundleEntries.find((e) => e.name === name);
    const ceiling = wholeCeilings[name];
    it(ceiling === undefined ? `${name} stays within its target, ${target} bytes` : `${name} stays within its ceiling, ${ceiling} bytes (target ${target} not met yet)`, async () => {
      expect(entry, `no bench app named "${name}" in bench/bundle.ts`).toBeDefined();
      if (ceiling !== undefined) expect(ceiling, 'a ceiling is only for a missed target: above it').toBeGreaterThan(target);
      expect((await sizeOf(entry!)).wholeGzip).toBeLessThanOrEqual(ceiling ?? target);
    });
  }
});

describe('lean bundles hold no route rows beyond their modules', () => {
  for (const entry of bundleEntries.filter((e) => e.modules)) {
    it(`${entry.name}: only the rows of ${entry.modules!.join(', ')}`, async () => {
      const [size, expected] = await Promise.all([sizeOf(entry), moduleRowCount(entry.modules!)]);
      expect(expected).toBeGreaterThan(0);
      expect(size.routeRows).toBe(expected);
    });
  }
  it('the full client holds every route (the count is not vacuous)', async () => {
    const full = bundleEntries.find((e) => e.name === 'full commerce client')!;
    expect((await sizeOf(full)).routeRows).toBeGreaterThan(600);
  });
});

describe('type-check budget (200 calls across modules)', () => {
  it(`magekit stays within ${budgets.typecheckInstantiations} instantiations and below 0.7× openapi-fetch's`, async () => {
    const { magekit, openapiFetch } = await benchTypecheck();
    expect(magekit.instantiations).toBeLessThanOrEqual(budgets.typecheckInstantiations);
    expect(magekit.instantiations).toBeLessThanOrEqual(openapiFetch.instantiations * 0.7);
  });
});
