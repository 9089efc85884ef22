// CI holds the figures that do not depend on the machine: gzip bytes of each bundle, the App Builder
// action's bytes, the files the commerce main entry loads and the type instantiations of the 200-call
// consumer file. Wall times are printed by
// `npm run bench`, never asserted. Since issue 33 (item 6: ky and zod fix the floor) every bundle
// budget is a ceiling at the figure reached, which it must hold.
// Bundles are measured on the built dist: `npm run build` first (npm test does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adobeWebpack } from '../packages/runtimes/test/adobe-webpack.ts';
import budgets from './budgets.json' with { type: 'json' };
import { bundleEntries, bundleSize, moduleRowCount, type BundleSize } from './bundle.ts';
import { benchTypecheck } from './typecheck.ts';

// The "//" keys are comments.
const ceilings = budgets.bundleGzipCeilings as unknown as Record<string, number>;
const wholeCeilings = budgets.bundleWholeGzipCeilings as unknown as Record<string, number>;

// Each app is built once (two esbuild runs) for the up-front, whole-bundle and route-row checks.
const sizes = new Map<string, Promise<BundleSize>>();
const sizeOf = (entry: (typeof bundleEntries)[number]) => {
  if (!sizes.has(entry.name)) sizes.set(entry.name, bundleSize(entry));
  return sizes.get(entry.name)!;
};
const entryNamed = (name: string) => {
  const entry = bundleEntries.find((e) => e.name === name);
  expect(entry, `no bench app named "${name}" in bench/bundle.ts`).toBeDefined();
  return entry!;
};

describe('bundle ceilings (esbuild over dist, minified, gzip -9, loaded up front)', () => {
  for (const [name, ceiling] of Object.entries(ceilings)) {
    if (name === '//') continue;
    it(`${name} stays within ${ceiling} bytes`, async () => {
      expect((await sizeOf(entryNamed(name))).gzip).toBeLessThanOrEqual(ceiling);
    });
  }
});

describe('whole-bundle ceilings (no code splitting, every lazy chunk included, gzip -9)', () => {
  for (const [name, ceiling] of Object.entries(wholeCeilings)) {
    if (name === '//') continue;
    it(`${name} stays within ${ceiling} bytes`, async () => {
      expect((await sizeOf(entryNamed(name))).wholeGzip).toBeLessThanOrEqual(ceiling);
    });
  }
});

describe('the commerce main entry\'s import path (built ESM dist)', () => {
  it(`loads at most ${budgets.importTime.commerceEntryFilesCeiling} files before its code runs`, () => {
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      // Static imports and re-exports as bundlers write them: `import … from './x.js';`, `export … from "./x.js";`, `import './x.js';`.
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?["'](\.\/[^"']+)["'];$/gm)) visit(path.resolve(path.dirname(file), specifier!));
    };
    visit(path.resolve(import.meta.dirname, '../packages/commerce/dist/index.js'));
    expect(loaded.size).toBeGreaterThan(1);
    expect(loaded.size).toBeLessThanOrEqual(budgets.importTime.commerceEntryFilesCeiling);
  });
});

describe('App Builder action (Adobe\'s webpack settings over the built dist)', () => {
  const { maxIndexBytes, indexCeilingBytes, totalCeilingBytes } = budgets.appBuilderAction;
  it(`index.js stays within ${indexCeilingBytes} bytes (target ${maxIndexBytes}), with its lazy chunks within ${totalCeilingBytes}`, async () => {
    expect(indexCeilingBytes).toBeLessThanOrEqual(maxIndexBytes);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'magekit-action-'));
    try {
      await adobeWebpack(path.join(import.meta.dirname, 'fixtures/app-builder/commerce-action.cjs'), out);
      const files = fs.readdirSync(out);
      const size = (file: string) => fs.statSync(path.join(out, file)).size;
      expect(size('index.js')).toBeLessThanOrEqual(indexCeilingBytes);
      expect(files.reduce((sum, file) => sum + size(file), 0)).toBeLessThanOrEqual(totalCeilingBytes);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
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
