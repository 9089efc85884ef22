// What a user's compiler pays for our declarations, measured from the packed tarballs in a fresh app
// outside the workspace (skipLibCheck: false, module nodenext): an empty app (the standard library's
// own cost, the baseline), an app of one call, and an app of 200 calls, on TypeScript 6 and 7.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pack } from '../scripts/pack.mjs';
import { npmInstall, repoRoot } from '../packages/installed/test/apps.ts';

export interface ConsumerFigure {
  typescript: 6 | 7;
  app: 'empty' | 'one call' | '200 calls';
  instantiations: number;
  /** Median wall time of the whole tsc process, in seconds. */
  wallS: number;
}

export async function benchConsumer(runs = 3): Promise<ConsumerFigure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'magekit-bench-consumer-'));
  try {
    const tarballs = ['commerce', 'marketplace'].map((name) => pack(name, path.join(root, 'packed')).file);
    const app = path.join(root, 'app');
    await Promise.all([npmInstall(app, tarballs), npmInstall(path.join(root, 'ts6'), ['typescript@~6.0.3'])]);
    await npmInstall(path.join(root, 'ts7'), ['typescript@^7.0.2']);
    fs.copyFileSync(path.join(repoRoot, 'packages/installed/fixtures/one-call.ts'), path.join(app, 'one-call.ts'));
    fs.writeFileSync(path.join(app, 'empty.ts'), 'export {};\n');
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/codegen/emit-typecheck-fixture.mjs'), '--target', 'magekit', '--out', path.join(app, 'calls-200.ts')]);
    const apps = { empty: 'empty.ts', 'one call': 'one-call.ts', '200 calls': 'calls-200.ts' } as const;
    const figures: ConsumerFigure[] = [];
    for (const typescript of [6, 7] as const) {
      const tsc = path.join(root, `ts${typescript}/node_modules/typescript/bin/tsc`);
      for (const [name, file] of Object.entries(apps) as [ConsumerFigure['app'], string][]) {
        const config = path.join(app, `tsconfig.${path.basename(file, '.ts')}.json`);
        fs.writeFileSync(config, JSON.stringify({ compilerOptions: { target: 'es2023', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: false, noEmit: true, types: [] }, files: [file] }));
        const times: number[] = [];
        let instantiations = 0;
        for (let i = 0; i < runs; i += 1) {
          const started = performance.now();
          const out = execFileSync(process.execPath, [tsc, '-p', config, '--extendedDiagnostics'], { cwd: app, encoding: 'utf8' });
          times.push((performance.now() - started) / 1000);
          instantiations = Number(/^Instantiations:\s+(\d+)/m.exec(out)?.[1]);
        }
        times.sort((a, b) => a - b);
        figures.push({ typescript, app: name, instantiations, wallS: times[Math.floor(times.length / 2)]! });
      }
    }
    return figures;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
