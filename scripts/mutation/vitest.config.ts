// The package's own vitest project as Stryker runs it: the same tests, without the type-check pass
// (types are not mutated, and a tsc run per mutant would cost minutes for nothing), and without the
// end-to-end tests that wait on real sockets and timers: instrumented code under a mutation run is
// slow enough to miss their waits, and the modules they cross have unit tests of their own.
import { mergeConfig } from 'vitest/config';

const name = process.env['MAGEKIT_MUTATE'] ?? 'core';
const project = (await import(`../../packages/${name}/vitest.config.ts`)).default;
const overSockets = ['test/e2e.test.ts'];
// The spec-coverage test reads ../shared/seeds next to the repository, which a Stryker sandbox (.mutation/tmp-*) does not have; it covers no listed module.
const outsideSandbox = ['test/coverage.test.ts'];

export default mergeConfig(project, { test: { root: `packages/${name}`, typecheck: { enabled: false }, exclude: ['**/node_modules/**', ...overSockets, ...outsideSandbox] } });
