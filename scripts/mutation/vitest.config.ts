// The package's own vitest project as Stryker runs it: the same tests, without the type-check pass
// (types are not mutated, and a tsc run per mutant would cost minutes for nothing).
import { mergeConfig } from 'vitest/config';

const name = process.env['MAGEKIT_MUTATE'] ?? 'core';
const project = (await import(`../../packages/${name}/vitest.config.ts`)).default;

export default mergeConfig(project, { test: { root: `packages/${name}`, typecheck: { enabled: false } } });
