import { defineConfig } from 'tsup';

// JavaScript only: declarations come from scripts/build-types.mjs (one set, shared by ESM and CJS).
// The private @magekit/core is bundled into each published package (users install nothing extra).
// ky is ESM-only: the CJS build bundles it too, because tsup's CJS interop for it breaks
// (`ky.default.create is not a function`). msw stays external: only the `testing/msw` entry uses it.
// The CLI is an ESM program (a bin needs no CommonJS twin).
// zod is bundled into both builds, tree-shaken to the few validators the SDK uses (about 36 KB
// unminified, against 1.3 MB of zod with its locales barrel): a CommonJS require or webpack without
// minification (App Builder's settings) cannot drop the rest, and loading zod's ~90 ES modules
// cost more at import than the SDK's own code. No public type names zod.
// After tsup, scripts/group-chunks.mjs (the build script) regroups the ESM chunks into one file per
// entry layer, so the main entry loads 9 files instead of 24, each module still in one file.
const library = { index: 'src/index.ts', testing: 'src/testing/index.ts', 'testing/msw': 'src/testing/msw-handlers.ts', node: 'src/node/index.ts', onboarding: 'src/onboarding/index.ts' };
// The lean way: a request-only client and each helper as an entry of its own (see README, "Ship less").
const helpers = { lean: 'src/entries/lean.ts', modules: 'src/generated/modules.ts', bulk: 'src/entries/bulk.ts', paginate: 'src/entries/paginate.ts', search: 'src/entries/search.ts', fields: 'src/entries/fields.ts', schema: 'src/entries/schema.ts' };

const shared = {
  dts: false,
  sourcemap: false,
  target: 'node22',
  external: ['msw', 'msw/node'],
  esbuildOptions(options: { conditions?: string[] }) {
    options.conditions = ['@magekit/source'];
  },
} as const;

export default defineConfig([
  { ...shared, entry: { ...library, ...helpers, cli: 'src/cli/main.ts' }, format: ['esm'], noExternal: ['@magekit/core', 'zod'] },
  { ...shared, entry: { ...library, ...helpers }, format: ['cjs'], splitting: true, noExternal: ['@magekit/core', 'ky', 'zod'] },
]);
