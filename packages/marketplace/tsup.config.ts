// ESM + CJS + .d.ts for the three entry points, and the magekit-marketplace CLI (bin). @magekit/core is internal and bundled into both.
// ky is ESM-only: left external, tsup's CJS interop emits `ky.default.create`, which breaks, so the
// CJS build bundles it. No `clean` here: the build script deletes dist (clean races in array configs).
import { defineConfig } from 'tsup';

const entry = { index: 'src/index.ts', node: 'src/node.ts', testing: 'src/testing/index.ts', cli: 'src/cli/main.ts' };
const shared = { entry, dts: true, sourcemap: true, target: 'node22', treeshake: true, esbuildOptions: (o: { conditions?: string[] }) => void (o.conditions = ['@magekit/source']) } as const;

export default defineConfig([
  { ...shared, format: ['esm'], noExternal: ['@magekit/core'] },
  { ...shared, format: ['cjs'], noExternal: ['@magekit/core', 'ky'] },
]);
