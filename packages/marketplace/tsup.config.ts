// ESM + CJS JavaScript for the entry points; declarations come from scripts/build-types.mjs (one set,
// shared by ESM and CJS). @magekit/core is internal and bundled into both. ky is ESM-only: left
// external, tsup's CJS interop emits `ky.default.create`, which breaks, so the CJS build bundles it.
// No `clean` here: the build script deletes dist (clean races in array configs).
import { defineConfig } from 'tsup';

const entry = { index: 'src/index.ts', node: 'src/node.ts', testing: 'src/testing/index.ts', 'testing/msw': 'src/testing/msw.ts' };
const shared = { entry, dts: false, sourcemap: false, target: 'node22', treeshake: true, external: ['msw', 'msw/node'], esbuildOptions: (o: { conditions?: string[] }) => void (o.conditions = ['@magekit/source']) } as const;

export default defineConfig([
  { ...shared, format: ['esm'], noExternal: ['@magekit/core'] },
  { ...shared, format: ['cjs'], splitting: true, noExternal: ['@magekit/core', 'ky'] },
]);
