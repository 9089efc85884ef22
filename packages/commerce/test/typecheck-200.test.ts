// A consumer file with 200 calls across modules must type-check with the repo's compiler options and
// without "excessively deep" instantiation (TS2589). Time is not asserted: it depends on the machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from './support/spec.ts';

// Inside the repo so that '@magekit/commerce' and the tsconfig resolve as for any consumer file; under
// bench/.tmp, which the repo's tsconfig excludes.
const tmpRoot = path.join(repoRoot, 'bench/.tmp');
fs.mkdirSync(tmpRoot, { recursive: true });
fs.writeFileSync(path.join(tmpRoot, '.gitignore'), '*\n');
const dir = fs.mkdtempSync(path.join(tmpRoot, 'typecheck-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs a script with the Node running the tests (the repo's Node 24, not the system one). */
const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', timeout: 180_000 });

it('type-checks 200 calls across modules with no excessively deep instantiation', { timeout: 200_000 }, () => {
  const fixture = path.join(dir, 'magekit-200.ts');
  const emitted = run(['scripts/codegen/emit-typecheck-fixture.mjs', '--client', 'magekit', '--out', fixture]);
  expect(emitted.status, emitted.stderr).toBe(0);
  const text = fs.readFileSync(fixture, 'utf8');
  expect(text.match(/= await commerce\./g)).toHaveLength(200);

  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: path.relative(dir, path.join(repoRoot, 'tsconfig.json')), include: ['magekit-200.ts'], exclude: [] }));
  const tsc = run(['node_modules/typescript/bin/tsc', '-p', path.join(dir, 'tsconfig.json'), '--extendedDiagnostics']);
  const output = `${tsc.stdout}${tsc.stderr}`;
  expect(output).not.toMatch(/TS2589|excessively deep/i);
  expect(tsc.status, output.slice(0, 4000)).toBe(0);
  // The deterministic figures, for the log (bench compares them with openapi-fetch).
  console.log(output.split('\n').filter((l) => /^(Files|Types|Instantiations|Memory used|Check time):/.test(l)).join('\n'));
});
