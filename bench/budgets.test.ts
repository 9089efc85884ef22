// CI holds the figures that do not depend on the machine: gzip bytes of each bundle and the type
// instantiations of the 200-call consumer file. Wall times are printed by `npm run bench`, never
// asserted. A budget is the measured figure plus a small margin; raise it deliberately, in review.
import { describe, expect, it } from 'vitest';
import budgets from './budgets.json' with { type: 'json' };
import { bundleEntries, bundleSize } from './bundle.ts';
import { benchTypecheck } from './typecheck.ts';

describe('bundle budgets (esbuild, minified, gzip -9)', () => {
  for (const entry of bundleEntries) {
    const budget = (budgets.bundleGzipBytes as Record<string, number>)[entry.name];
    it(`${entry.name} stays within ${budget} bytes`, async () => {
      expect(budget, `no budget for "${entry.name}" in bench/budgets.json`).toBeTypeOf('number');
      const size = await bundleSize(entry);
      expect(size.gzip).toBeLessThanOrEqual(budget!);
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
