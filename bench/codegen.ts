// Code generation time for both specs: the full `npm run generate` pipeline in check mode (bundle,
// openapi-typescript, route table), in a fresh process so module loading counts as users see it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function benchCodegen(runs = 3): { medianMs: number; runs: number } {
  const root = path.resolve(import.meta.dirname, '..');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, [path.join(root, 'scripts/generate.mjs'), '--check'], { cwd: root, stdio: 'pipe' });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(runs / 2)]!, runs };
}
