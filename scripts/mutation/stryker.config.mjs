// One Stryker run over one group of modules (scripts/mutation/modules.ts), chosen by MAGEKIT_MUTATE
// (a group's name, e.g. core/transport); `npm run mutate` (scripts/mutate.mjs) sets it and reads the JSON report.
import { GROUPS } from './modules.ts';

const name = process.env.MAGEKIT_MUTATE ?? '';
const group = GROUPS.find((g) => g.name === name);
if (!group) throw new Error(`MAGEKIT_MUTATE must be one of ${GROUPS.map((g) => g.name).join(', ')} (got "${name}")`);
const reports = `.mutation/${group.name}`;

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // scripts/mutation/vitest.config.ts reads the same group, to run only the tests it names.
  vitest: { configFile: 'scripts/mutation/vitest.config.ts' },
  // Per-test coverage: each mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  // MAGEKIT_MUTATE_FILES (comma-separated, each one of the group's modules or a glob of them) narrows a
  // run while killing survivors; the score table always reads the whole report.
  mutate: process.env.MAGEKIT_MUTATE_FILES ? process.env.MAGEKIT_MUTATE_FILES.split(',') : group.mutate,
  // Types are not mutated; a mutant that breaks them is reported by tsc in `npm test`, not here.
  checkers: [],
  concurrency: Number(process.env.MAGEKIT_MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  // The initial run is the group's tests with coverage: on a loaded machine it can outlast Stryker's 5 min default.
  dryRunTimeoutMinutes: 30,
  reporters: ['progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: `${reports}/report.json` },
  htmlReporter: { fileName: `${reports}/report.html` },
  tempDirName: `.mutation/tmp-${group.name.replace('/', '-')}`,
  cleanTempDir: 'always',
  // Mutants whose code and tests did not change since the last run keep their result; the results are
  // kept in the repository, so a fresh clone re-tests only what changed (scripts/mutate.mjs).
  incremental: true,
  incrementalFile: `scripts/mutation/incremental/${group.name.replace('/', '-')}.json`,
  thresholds: { high: 95, low: 90, break: null },
};
