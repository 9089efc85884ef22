// What a publish can ship, read from the built files and npm itself (`npm test` builds first):
// built files import each other by relative path, never their own package by name (which resolves
// only through Node's self-reference, not under an alias install or a bundler without it); and
// `npm publish` from a package folder refuses, pointing at scripts/pack.mjs, instead of shipping src/.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const PUBLISHED = ['commerce', 'marketplace'];

/** Every module specifier a built file really imports (static, dynamic, require), parsed by esbuild. */
async function importsOf(file: string): Promise<string[]> {
  const found: string[] = [];
  const record: Plugin = {
    name: 'record-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        found.push(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  await build({ entryPoints: [file], bundle: true, write: false, logLevel: 'silent', platform: 'node', format: file.endsWith('.cjs') ? 'cjs' : 'esm', plugins: [record] });
  return found;
}

describe('built files', () => {
  for (const name of PUBLISHED) {
    it(`@magekit/${name}: no built file imports its own package (or the private core) by name`, async () => {
      const dist = path.join(root, 'packages', name, 'dist');
      const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(c?js)$/.test(f));
      expect(files.length).toBeGreaterThan(10);
      const selfImports: string[] = [];
      let relative = 0;
      for (const file of files) {
        for (const specifier of await importsOf(path.join(dist, file))) {
          if (specifier.startsWith('.')) relative++;
          if (specifier === `@magekit/${name}` || specifier.startsWith(`@magekit/${name}/`) || specifier.startsWith('@magekit/core')) selfImports.push(`${file}: ${specifier}`);
        }
      }
      expect(relative).toBeGreaterThan(0); // the chunks really were inspected
      expect(selfImports).toEqual([]);
    });
  }
});

describe('publishing from a package folder', () => {
  for (const name of PUBLISHED) {
    it(`npm publish --dry-run in packages/${name} refuses and says how to publish`, async () => {
      const failed = await run('npm', ['publish', '--dry-run'], { cwd: path.join(root, 'packages', name) }).then(
        () => undefined,
        (error: { stdout: string; stderr: string }) => error,
      );
      expect(failed).toBeDefined();
      expect(failed!.stderr).toContain('node scripts/pack.mjs');
      expect(failed!.stderr).toContain('Refusing to pack');
      // No tarball listing, so no src/ file in one.
      expect(`${failed!.stdout}\n${failed!.stderr}`).not.toMatch(/^npm notice .*\bsrc\//m);
    });
  }
});
