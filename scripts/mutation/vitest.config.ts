// A group's tests as Stryker runs them (MAGEKIT_MUTATE names the group, scripts/mutation/modules.ts):
// its package's vitest project limited to the tests the group names, without the type-check pass (types
// are not mutated, and a tsc run per mutant would cost minutes for nothing), and without the end-to-end
// tests that wait on real sockets and timers: instrumented code under a mutation run is slow enough to
// miss their waits, and the modules they cross have unit tests of their own.
import { mergeConfig } from 'vitest/config';
import { GROUPS } from './modules.ts';

const group = GROUPS.find((g) => g.name === process.env['MAGEKIT_MUTATE']) ?? GROUPS[0]!;
const project = (await import(`../../packages/${group.package}/vitest.config.ts`)).default;
const overSockets = ['test/e2e.test.ts'];
// The spec-coverage test reads ../shared/seeds next to the repository, which a Stryker sandbox (.mutation/tmp-*) does not have; it covers no listed module.
const outsideSandbox = ['test/coverage.test.ts'];

const merged = mergeConfig(project, {
  test: { root: `packages/${group.package}`, typecheck: { enabled: false }, exclude: ['**/node_modules/**', ...overSockets, ...outsideSandbox] },
});
// mergeConfig appends arrays; the group's tests replace the project's include rather than add to it.
export default { ...merged, test: { ...merged.test, include: group.tests } };
