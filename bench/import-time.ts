// Import time of the built packages beside ky's, each in a fresh Node process (nothing cached in
// the module graph), interleaved round by round so that machine load hits all of them alike.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Resolved from packages/commerce, where ky is a dependency; the other specifiers are the workspace packages.
const cwd = path.join(root, 'packages', 'commerce');
const PROBE = `const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));`;

const IMPORT_SUBJECTS = ['ky', '@magekit/commerce', '@magekit/commerce/lean', '@magekit/marketplace'] as const;

export interface ImportTimes {
  rounds: number;
  /** Median ms per specifier. */
  medianMs: Record<string, number>;
}

export function benchImportTime(rounds = 9): ImportTimes {
  const samples = new Map<string, number[]>(IMPORT_SUBJECTS.map((s) => [s, []]));
  for (let round = 0; round < rounds; round++) {
    for (const specifier of IMPORT_SUBJECTS) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, specifier], { cwd, encoding: 'utf8' });
      samples.get(specifier)!.push(Number(out));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { rounds, medianMs: Object.fromEntries([...samples].map(([s, xs]) => [s, median(xs)])) };
}
