// One Stryker run over one package's listed modules, chosen by MAGEKIT_MUTATE (core, commerce,
// marketplace); `npm run mutate` (scripts/mutate.mjs) sets it and reads the JSON report.
import { MODULES } from './modules.mjs';

const name = process.env.MAGEKIT_MUTATE ?? '';
if (!(name in MODULES)) throw new Error(`MAGEKIT_MUTATE must be one of ${Object.keys(MODULES).join(', ')} (got "${name}")`);

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'scripts/mutation/vitest.config.ts' },
  // Per-test coverage: each mutant runs only the tests that reach it, so a run fits this machine.
  coverageAnalysis: 'perTest',
  // MAGEKIT_MUTATE_FILES (comma-separated, each one of the package's listed modules or a glob of them)
  // narrows a run while killing survivors; the score table always reads the whole report.
  mutate: process.env.MAGEKIT_MUTATE_FILES ? process.env.MAGEKIT_MUTATE_FILES.split(',') : MODULES[name],
  // Types are not mutated; a mutant that breaks them is reported by tsc in `npm test`, not here.
  checkers: [],
  concurrency: Number(process.env.MAGEKIT_MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  // The initial run is the package's whole suite with coverage: on a loaded machine it outlasts Stryker's 5 min default.
  dryRunTimeoutMinutes: 30,
  reporters: ['progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: `.mutation/${name}/report.json` },
  htmlReporter: { fileName: `.mutation/${name}/report.html` },
  tempDirName: `.mutation/tmp-${name}`,
  cleanTempDir: 'always',
  // Mutants whose code and tests did not change since the last run keep their result.
  incremental: true,
  incrementalFile: `.mutation/${name}/incremental.json`,
  thresholds: { high: 95, low: 90, break: null },
};
