// `magekit-commerce types pull` as a user runs it from the installed tarball: against the fake with a
// custom module, it writes the declaration file and the route module (ESM .js and CommonJS .cjs, each
// with its declarations); an ESM and a CommonJS TypeScript app using them compile under TypeScript 6
// and 7 (nodenext, and bundler for ESM, skipLibCheck: false); the ESM one runs on Node 24's type
// stripping, the CommonJS one as TypeScript compiles it, on Node 22.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { copyFixtures, run } from './apps.ts';

const apps = inject('apps');
const strict = { target: 'es2023', strict: true, skipLibCheck: false, noEmit: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, types: [] };
const CONFIGS = {
  nodenext: { compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext' }, files: ['installation-app.mts', 'installation-app.cts', 'generated/magekit-env.d.ts'] },
  bundler: { compilerOptions: { ...strict, module: 'esnext', moduleResolution: 'bundler' }, files: ['installation-app.mts', 'generated/magekit-env.d.ts'] },
} as const;

let pulled: { code: number; stdout: string; stderr: string };
beforeAll(async () => {
  copyFixtures(apps.bare, ['installation-pull.mjs', 'installation-app.mts', 'installation-app.cts']);
  for (const [name, config] of Object.entries(CONFIGS)) fs.writeFileSync(path.join(apps.bare, `tsconfig.installation-${name}.json`), JSON.stringify(config));
  pulled = await run(apps.node[24], ['installation-pull.mjs'], apps.bare);
});

describe('types pull from the installed package', () => {
  it('writes the declaration file and the route module as ESM and CommonJS, each with its declarations', () => {
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain('Added 3 route(s):');
    expect(pulled.stdout).toContain('Wrote generated/magekit-env.d.ts, generated/magekit-routes.js, generated/magekit-routes.d.ts.');
    expect(pulled.stdout).toContain('Wrote generated/magekit-env.d.ts, generated/magekit-routes.cjs, generated/magekit-routes.d.cts.');
    const generated = path.join(apps.bare, 'generated');
    expect(fs.readFileSync(path.join(generated, 'magekit-routes.js'), 'utf8')).toContain('export const installationRoutes = {');
    expect(fs.readFileSync(path.join(generated, 'magekit-routes.cjs'), 'utf8')).toContain('exports.installationRoutes = {');
  });

  describe.each([6, 7] as const)('TypeScript %i, skipLibCheck: false', (version) => {
    it.each(Object.keys(CONFIGS))('module %s: the apps using the route module compile', async (config) => {
      const result = await run(process.execPath, [apps.tsc[version], '-p', `tsconfig.installation-${config}.json`], apps.bare);
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  });

  it('the ESM app runs: a lean and a full client call the installation\'s routes', async () => {
    const result = await run(apps.node[24], ['installation-app.mts'], apps.bare);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 'open', reason: 'cracked', months: null, source: 'generated/magekit-routes.js', rows: 3 });
  });

  it('the CommonJS app, compiled by TypeScript to require() calls, runs with the .cjs route module', async () => {
    // `import x = require()` is not erasable syntax, so this one is compiled rather than type-stripped.
    fs.writeFileSync(path.join(apps.bare, 'tsconfig.installation-emit.json'), JSON.stringify({ compilerOptions: { ...CONFIGS.nodenext.compilerOptions, noEmit: false }, files: ['installation-app.cts', 'generated/magekit-env.d.ts'] }));
    const compiled = await run(process.execPath, [apps.tsc[6], '-p', 'tsconfig.installation-emit.json'], apps.bare);
    expect(compiled.stdout + compiled.stderr).toBe('');
    const result = await run(apps.node[22], ['installation-app.cjs'], apps.bare);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ reason: 'dented', total: 1, source: 'generated/magekit-routes.cjs' });
  });
});
