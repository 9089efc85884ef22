// `npm run mutate [package|group ...] [--force]`: Stryker over the modules that guard secrets, money
// and data (scripts/mutation/modules.ts), one group at a time against the tests meant to pin it, then
// one table: the score of each module, and the mutants marked equivalent in the source
// (`// Stryker disable next-line <mutator>: why`) with their reasons. Exits 1 when a module scores
// below the threshold, which is how CI holds the score.
//
// Each group's last results are kept in the repository (scripts/mutation/incremental/<group>.json):
// Stryker re-tests only the mutants whose module or tests changed since, so a run on a fresh clone
// costs about as much as the change it checks. `--force` re-tests every mutant. After changing a
// listed module or its tests, run it and commit the updated files with the change.
// Reports: .mutation/<group>/report.{html,json} (git-ignored).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { GROUPS, THRESHOLD } from './mutation/modules.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const force = args.includes('--force');
const asked = args.filter((a) => a !== '--force');
const known = (a) => GROUPS.some((g) => g.name === a || g.package === a);
const unknown = asked.filter((a) => !known(a));
if (unknown.length) {
  const packages = [...new Set(GROUPS.map((g) => g.package))];
  console.error(`npm run mutate: unknown ${unknown.join(', ')}; choose packages (${packages.join(', ')}) or groups (${GROUPS.map((g) => g.name).join(', ')}), or nothing for all.`);
  process.exit(2);
}
const groups = asked.length ? GROUPS.filter((g) => asked.includes(g.name) || asked.includes(g.package)) : GROUPS;
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

const started = Date.now();
const timings = [];
for (const group of groups) {
  const began = Date.now();
  const run = spawnSync(
    process.execPath,
    [stryker, 'run', 'scripts/mutation/stryker.config.mjs', ...(force ? ['--force'] : [])],
    { cwd: root, stdio: 'inherit', env: { ...process.env, MAGEKIT_MUTATE: group.name } },
  );
  if (run.status !== 0) {
    console.error(`npm run mutate: Stryker failed on ${group.name} (exit ${run.status}).`);
    process.exit(1);
  }
  timings.push(`${group.name} ${Math.round((Date.now() - began) / 1000)} s`);
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
const survivors = [];
for (const group of groups) {
  const report = JSON.parse(fs.readFileSync(path.join(root, `.mutation/${group.name}/report.json`), 'utf8'));
  for (const [file, { mutants, source }] of Object.entries(report.files)) {
    const module = path.relative(root, path.resolve(root, file));
    const t = tally(mutants);
    const score = t.total === 0 ? 100 : (100 * t.detected) / t.total;
    rows.push({ module, mutants: t.total, survived: t.undetected, equivalent: t.equivalent.length, score });
    for (const m of t.equivalent) equivalents.push(`${module}:${m.location.start.line} ${m.mutatorName}: ${m.statusReason ?? '(no reason given)'}`);
    const lines = source.split('\n');
    for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
      survivors.push(`${module}:${m.location.start.line}:${m.location.start.column} [${m.status}] ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '')}  | ${lines[m.location.start.line - 1]?.trim().slice(0, 140)}`);
    }
  }
}

const width = Math.max(...rows.map((r) => r.module.length));
console.log(`\n${'module'.padEnd(width)}  mutants  undetected  equivalent  score`);
for (const r of rows) console.log(`${r.module.padEnd(width)}  ${String(r.mutants).padStart(7)}  ${String(r.survived).padStart(10)}  ${String(r.equivalent).padStart(10)}  ${r.score.toFixed(1).padStart(5)} %${r.score < THRESHOLD ? '  below ' + THRESHOLD + ' %' : ''}`);
const all = rows.reduce((a, r) => ({ mutants: a.mutants + r.mutants, survived: a.survived + r.survived }), { mutants: 0, survived: 0 });
console.log(`${'all'.padEnd(width)}  ${String(all.mutants).padStart(7)}  ${String(all.survived).padStart(10)}  ${String(equivalents.length).padStart(10)}  ${((100 * (all.mutants - all.survived)) / Math.max(1, all.mutants)).toFixed(1).padStart(5)} %`);
if (equivalents.length) console.log(`\nEquivalent mutants (no test can tell them apart):\n${equivalents.map((e) => `  ${e}`).join('\n')}`);
if (survivors.length) console.log(`\nUndetected mutants:\n${survivors.map((s) => `  ${s}`).join('\n')}`);
console.log(`\nmutate: ${groups.length} group(s) in ${Math.round((Date.now() - started) / 1000)} s (${timings.join(', ')})`);
const below = rows.filter((r) => r.score < THRESHOLD);
if (below.length) {
  console.error(`mutate: ${below.length} module(s) below ${THRESHOLD} %: ${below.map((r) => r.module).join(', ')}`);
  process.exit(1);
}
