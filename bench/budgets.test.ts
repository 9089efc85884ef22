// CI holds the figures that do not depend on the machine: gzip bytes of each bundle and the type
// instantiations of the 200-call consumer file. Wall times are printed by `npm run bench`, never
// asserted. bundleGzipBytes holds the TARGETS; a figure over its target fails, unless a ceiling
// (bundleGzipCeilings: the best figure reached so far) is recorded for it, which it must then hold.
// Bundles are measured on the built dist: `npm run build` first (npm test does).
import { describe, expect, it } from 'vitest';
import budgets from './budgets.json' with { type: 'json' };
import { bundleEntries, bundleSize } from './bundle.ts';
import { benchTypecheck } from './typecheck.ts';

// The "//" keys are comments.
const targets = budgets.bundleGzipBytes as unknown as Record<string, number>;
const ceilings = budgets.bundleGzipCeilings as unknown as Record<string, number>;

describe('bundle budgets (esbuild over dist, minified, gzip -9, loaded up front)', () => {
  for (const entry of bundleEntries) {
    const target = targets[entry.name];
    const ceiling = ceilings[entry.name];
    const title = ceiling === undefined ? `${entry.name} stays within its target, ${target} bytes` : `${entry.name} stays within its ceiling, ${ceiling} bytes (target ${target} not met yet)`;
    it(title, async () => {
      expect(target, `no target for "${entry.name}" in bench/budgets.json`).toBeTypeOf('number');
      if (ceiling !== undefined) expect(ceiling, 'a ceiling is only for a missed target: above it').toBeGreaterThan(target!);
      const size = await bundleSize(entry);
      expect(size.gzip).toBeLessThanOrEqual(ceiling ?? target!);
    });
  }
});

describe('type-check budget (200 calls across modules)', () => {
  it(`magekit stays within ${budgets.typecheckInstantiations} instantiations and below 0.7× openapi-fetch's`, async () => {
    const { magekit, openapiFetch } = await benchTypecheck();
    expect(magekit.instantiations).toBeLessThanOrEqual(budgets.typecheckInstantiations);
    expect(magekit.instantiations).toBeLessThanOrEqual(openapiFetch.instantiations * 0.7);
  });
});
