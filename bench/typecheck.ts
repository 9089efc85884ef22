// Type-check cost of a consumer file with 200 calls across modules, for magekit and for openapi-fetch
// over the same commerce spec types: tsc --extendedDiagnostics (time, memory, instantiations).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, 'bench/.tmp');

export interface TypecheckFigures {
  checkTimeS: number;
  totalTimeS: number;
  memoryKB: number;
  instantiations: number;
  types: number;
}

function diagnostics(file: string): TypecheckFigures {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const tsconfig = path.join(tmp, `tsconfig.${path.basename(file, '.ts')}.json`);
  // No `@magekit/source` condition: the consumer compiles against the published .d.ts, as users do,
  // not against the SDK's own sources (checking those would measure the SDK, not the calls).
  fs.writeFileSync(tsconfig, JSON.stringify({ extends: '../../tsconfig.json', include: [path.basename(file)], exclude: [], compilerOptions: { noEmit: true, types: [], customConditions: [] } }));
  let out: string;
  try {
    out = execFileSync(process.execPath, [tsc, '-p', tsconfig, '--extendedDiagnostics'], { cwd: root, encoding: 'utf8' });
  } catch (error) {
    throw new Error(`tsc failed on ${file}:\n${(error as { stdout?: string }).stdout ?? error}`);
  }
  const num = (label: string) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(out)?.[1] ?? NaN);
  return { checkTimeS: num('Check time'), totalTimeS: num('Total time'), memoryKB: num('Memory used'), instantiations: num('Instantiations'), types: num('Types') };
}

export async function benchTypecheck(): Promise<{ magekit: TypecheckFigures; openapiFetch: TypecheckFigures }> {
  if (!fs.existsSync(path.join(root, 'packages/commerce/dist/index.d.ts'))) throw new Error('Build first (npm run build): the consumer compiles against the published declarations.');
  fs.mkdirSync(tmp, { recursive: true });
  const emitter = path.join(root, 'scripts/codegen/emit-typecheck-fixture.mjs');
  const magekitFile = path.join(tmp, 'consumer-magekit.ts');
  const openapiFile = path.join(tmp, 'consumer-openapi-fetch.ts');
  execFileSync(process.execPath, [emitter, '--target', 'magekit', '--out', magekitFile], { cwd: root });
  execFileSync(process.execPath, [emitter, '--target', 'openapi-fetch', '--out', openapiFile], { cwd: root });
  return { magekit: diagnostics(magekitFile), openapiFetch: diagnostics(openapiFile) };
}
