// ESM + CJS JavaScript for the entry points, and the magekit-marketplace CLI (an ESM bin needs no
// CommonJS twin). Declarations come from scripts/build-types.mjs (one set, shared by ESM and CJS).
// @magekit/core is internal and bundled into both. ky is ESM-only: left external, tsup's CJS interop
// emits `ky.default.create`, which breaks, so the CJS build bundles it. msw stays external: only the
// `testing/msw` entry uses it. zod is bundled into both builds, tree-shaken to the callback validators
// (about 41 KB unminified instead of zod's ~90 modules with the locales barrel loaded at import).
// No `clean` here: the build script deletes dist (clean races in array configs).
import { defineConfig } from 'tsup';

const library = { index: 'src/index.ts', node: 'src/node.ts', testing: 'src/testing/index.ts', 'testing/msw': 'src/testing/msw.ts' };
const shared = { dts: false, sourcemap: false, target: 'node22', treeshake: true, external: ['msw', 'msw/node'], esbuildOptions: (o: { conditions?: string[] }) => void (o.conditions = ['@magekit/source']) } as const;

export default defineConfig([
  { ...shared, entry: { ...library, cli: 'src/cli/main.ts' }, format: ['esm'], noExternal: ['@magekit/core', 'zod'] },
  { ...shared, entry: library, format: ['cjs'], splitting: true, noExternal: ['@magekit/core', 'ky', 'zod'] },
]);
