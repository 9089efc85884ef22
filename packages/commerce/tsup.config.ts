import { existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The private @magekit/core is bundled into each published package (users install nothing extra).
// ky is ESM-only: the CJS build bundles it too, because tsup's CJS interop for it breaks
// (`ky.default.create is not a function`). msw stays external: only the testing entry uses it.
const entry: Record<string, string> = { index: 'src/index.ts', testing: 'src/testing/index.ts', cli: 'src/cli/main.ts', node: 'src/node.ts', onboarding: 'src/onboarding/index.ts' };
for (const [name, file] of Object.entries(entry)) if (!existsSync(file)) delete entry[name];

const shared = {
  entry,
  dts: { resolve: ['@magekit/core'] },
  sourcemap: true,
  target: 'node22',
  external: ['msw', 'msw/node'],
  esbuildOptions(options: { conditions?: string[] }) {
    options.conditions = ['@magekit/source'];
  },
} as const;

export default defineConfig([
  { ...shared, format: ['esm'], noExternal: ['@magekit/core'] },
  { ...shared, format: ['cjs'], noExternal: ['@magekit/core', 'ky'] },
]);
