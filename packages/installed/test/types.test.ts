// The published declarations as a user's compiler sees them: TypeScript 6 and 7, module nodenext and
// bundler, `.cts`, skipLibCheck: false. The README code compiles, the must-not-compile file fails
// exactly where it should, and no declaration imports a package users do not install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { assemble, extractBlocks } from '../../../examples/support/readme-blocks.ts';
import budgets from '../../../bench/budgets.json' with { type: 'json' };
import { copyFixtures, repoRoot, run } from './apps.ts';

const apps = inject('apps');
const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');

const strict = { target: 'es2023', strict: true, skipLibCheck: false, noEmit: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true };
const CONFIGS = {
  nodenext: { compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext', types: [] }, files: ['one-call.ts', 'must-not-compile.ts', 'require.cts'] },
  bundler: { compilerOptions: { ...strict, module: 'esnext', moduleResolution: 'bundler', types: [] }, files: ['one-call.ts', 'must-not-compile.ts'] },
} as const;

beforeAll(() => {
  copyFixtures(apps.bare, ['one-call.ts', 'must-not-compile.ts', 'require.cts']);
  for (const [name, config] of Object.entries(CONFIGS)) fs.writeFileSync(path.join(apps.bare, `tsconfig.${name}.json`), JSON.stringify(config));
  // The README's blocks, each README one module, in the app that also has msw and @types/node.
  for (const readme of ['packages/commerce/README.md', 'packages/marketplace/README.md', 'README.md']) {
    const blocks = extractBlocks(fs.readFileSync(path.join(repoRoot, readme), 'utf8'));
    const name = `readme-${readme.split('/').at(-2) ?? 'root'}.mts`;
    fs.writeFileSync(path.join(apps.full, name), assemble(blocks, readme));
  }
  fs.writeFileSync(path.join(apps.full, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext', types: ['node'] }, include: ['readme-*.mts'] }));
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/codegen/emit-typecheck-fixture.mjs'), '--target', 'magekit', '--out', path.join(apps.bare, 'calls-200.ts')]);
  fs.writeFileSync(path.join(apps.bare, 'empty.ts'), 'export {};\n');
  for (const [name, files] of Object.entries({ empty: ['empty.ts'], one: ['one-call.ts'], many: ['calls-200.ts'] })) {
    fs.writeFileSync(path.join(apps.bare, `tsconfig.cost-${name}.json`), JSON.stringify({ compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext', types: [] }, files }));
  }
});

async function tsc(version: 6 | 7, cwd: string, project: string, extra: string[] = []) {
  return run(process.execPath, [apps.tsc[version], '-p', project, ...extra], cwd);
}

describe.each([6, 7] as const)('TypeScript %i, skipLibCheck: false', (version) => {
  it.each(Object.keys(CONFIGS))('module %s: the app compiles and every must-not-compile line is an error', async (config) => {
    const result = await tsc(version, apps.bare, `tsconfig.${config}.json`);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('the code blocks of every README compile against the packed types', async () => {
    const result = await tsc(version, apps.full, 'tsconfig.json');
    expect(result.stdout + result.stderr).toBe('');
  });

  it('a wrong call is reported as an error (the check can fail)', async () => {
    fs.writeFileSync(path.join(apps.bare, `wrong-${version}.ts`), "import { createCommerceClient } from '@magekit/commerce';\nawait createCommerceClient({ baseUrl: 'https://x.test' }).orders.get({ id: 'forty-two' });\n");
    fs.writeFileSync(path.join(apps.bare, `tsconfig.wrong-${version}.json`), JSON.stringify({ ...CONFIGS.nodenext, files: [`wrong-${version}.ts`] }));
    const result = await tsc(version, apps.bare, `tsconfig.wrong-${version}.json`);
    expect(result.stdout).toMatch(/wrong-\d\.ts\(2,\d+\): error TS(2322|2769)/);
  });

  // Instantiations are deterministic; the budget holds what our declarations add to an empty app
  // (whose own cost is the standard library's, checked too with skipLibCheck: false).
  it.each([
    ['one', 'one call'],
    ['many', '200 calls'],
  ] as const)('the declarations cost an app (%s: %s) within the instantiation budget', async (name, _label) => {
    const [app, empty] = await Promise.all([instantiations(version, name), instantiations(version, 'empty')]);
    const budget = budgets.consumerInstantiations[name === 'one' ? 'oneCall' : 'twoHundredCalls'];
    console.log(`TypeScript ${version}, ${name === 'one' ? 'one call' : '200 calls'}: ${app - empty} instantiations over an empty app's ${empty} (budget ${budget})`);
    expect(app - empty).toBeGreaterThan(0);
    expect(app - empty).toBeLessThanOrEqual(budget);
  });
});

async function instantiations(version: 6 | 7, name: string): Promise<number> {
  const result = await tsc(version, apps.bare, `tsconfig.cost-${name}.json`, ['--extendedDiagnostics']);
  expect(result.code, result.stdout).toBe(0);
  return Number(/^Instantiations:\s+(\d+)/m.exec(result.stdout)?.[1]);
}

describe('what the declarations import', () => {
  it.each(['commerce', 'marketplace'])('@magekit/%s: only its own files, its dependencies, its peers and node:', (name) => {
    const dir = path.join(apps.bare, 'node_modules/@magekit', name);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: object; peerDependencies?: object };
    const allowed = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
    const foreign: string[] = [];
    let files = 0;
    for (const file of fs.readdirSync(path.join(dir, 'dist'), { recursive: true, encoding: 'utf8' })) {
      if (!/\.d\.c?ts$/.test(file)) continue;
      files += 1;
      for (const { fileName } of ts.preProcessFile(fs.readFileSync(path.join(dir, 'dist', file), 'utf8'), true, true).importedFiles) {
        if (fileName.startsWith('.') || fileName.startsWith('node:')) {
          if (fileName.startsWith('.') && !fs.existsSync(path.join(dir, 'dist', path.dirname(file), fileName.replace(/\.js$/, '.d.ts')))) foreign.push(`${file}: ${fileName} (missing)`);
          continue;
        }
        const pkg = fileName.startsWith('@') ? fileName.split('/').slice(0, 2).join('/') : fileName.split('/')[0]!;
        if (!allowed.has(pkg)) foreign.push(`${file}: ${fileName}`);
      }
    }
    expect(files).toBeGreaterThan(3);
    expect(foreign).toEqual([]);
  });
});
