// `npm run mutate [core|commerce|marketplace ...]`: Stryker over the modules that guard secrets,
// money and data (scripts/mutation/modules.mjs), one package at a time with that package's own tests,
// then one table: the score of each module, and the mutants marked equivalent in the source
// (`// Stryker disable next-line <mutator>: why`) with their reasons. Exits 1 when a module scores
// below the threshold. Reports: .mutation/<package>/report.{html,json} (git-ignored).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MODULES, THRESHOLD } from './mutation/modules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in MODULES));
if (unknown.length) {
  console.error(`npm run mutate: unknown package ${unknown.join(', ')}; choose from ${Object.keys(MODULES).join(', ')}.`);
  process.exit(2);
}
const packages = asked.length ? asked : Object.keys(MODULES);
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

const started = Date.now();
for (const name of packages) {
  const run = spawnSync(process.execPath, [stryker, 'run', 'scripts/mutation/stryker.config.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, MAGEKIT_MUTATE: name } });
  if (run.status !== 0) {
    console.error(`npm run mutate: Stryker failed on ${name} (exit ${run.status}).`);
    process.exit(1);
  }
}

/** Killed and timed-out mutants count as detected; those no test reaches count against the score. */
function tally(mutants) {
  const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const undetected = count('Survived', 'NoCoverage');
  return { detected, undetected, equivalent: mutants.filter((m) => m.status === 'Ignored'), total: detected + undetected };
}

const rows = [];
const equivalents = [];
for (const name of packages) {
  const report = JSON.parse(fs.readFileSync(path.join(root, `.mutation/${name}/report.json`), 'utf8'));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const t = tally(mutants);
    const score = t.total === 0 ? 100 : (100 * t.detected) / t.total;
    rows.push({ module: path.relative(root, path.resolve(root, file)), mutants: t.total, survived: t.undetected, equivalent: t.equivalent.length, score });
    for (const m of t.equivalent) equivalents.push(`${path.relative(root, path.resolve(root, file))}:${m.location.start.line} ${m.mutatorName}: ${m.statusReason ?? '(no reason given)'}`);
  }
}

const width = Math.max(...rows.map((r) => r.module.length));
console.log(`\n${'module'.padEnd(width)}  mutants  undetected  equivalent  score`);
for (const r of rows) console.log(`${r.module.padEnd(width)}  ${String(r.mutants).padStart(7)}  ${String(r.survived).padStart(10)}  ${String(r.equivalent).padStart(10)}  ${r.score.toFixed(1).padStart(5)} %${r.score < THRESHOLD ? '  below ' + THRESHOLD + ' %' : ''}`);
const all = rows.reduce((a, r) => ({ mutants: a.mutants + r.mutants, survived: a.survived + r.survived }), { mutants: 0, survived: 0 });
console.log(`${'all'.padEnd(width)}  ${String(all.mutants).padStart(7)}  ${String(all.survived).padStart(10)}  ${String(equivalents.length).padStart(10)}  ${((100 * (all.mutants - all.survived)) / Math.max(1, all.mutants)).toFixed(1).padStart(5)} %`);
if (equivalents.length) console.log(`\nEquivalent mutants (no test can tell them apart):\n${equivalents.map((e) => `  ${e}`).join('\n')}`);
console.log(`\nmutate: ${packages.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`);
const below = rows.filter((r) => r.score < THRESHOLD);
if (below.length) {
  console.error(`mutate: ${below.length} module(s) below ${THRESHOLD} %: ${below.map((r) => r.module).join(', ')}`);
  process.exit(1);
}
