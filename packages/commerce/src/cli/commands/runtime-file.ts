/**
 * Where and in which module syntax `types pull` writes the route module. `.cjs` is CommonJS and `.mjs`
 * ESM whatever the project says; `.js` follows the nearest package.json's "type", as Node and
 * TypeScript (`nodenext`) read it, so the file and its declarations agree with how they are loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The nearest directory at or above `dir` with a package.json, and that file's "type". */
function nearestPackage(dir: string): { root: string; type: unknown } | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const file = path.join(at, 'package.json');
    if (existsSync(file)) {
      try {
        return { root: at, type: (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type };
      } catch {
        return { root: at, type: undefined };
      }
    }
    if (path.dirname(at) === at) return undefined;
  }
}

export function runtimeFormatOf(file: string): 'esm' | 'cjs' {
  if (file.endsWith('.cjs')) return 'cjs';
  if (file.endsWith('.mjs')) return 'esm';
  return nearestPackage(path.dirname(file))?.type === 'module' ? 'esm' : 'cjs';
}

/** `x.js` → `x.d.ts`, `x.mjs` → `x.d.mts`, `x.cjs` → `x.d.cts`. */
export function runtimeTypesFile(file: string): string {
  return file.replace(/\.(c|m)?js$/, (_, kind: string | undefined) => `.d.${kind ?? ''}ts`);
}

/** The file's path from its project's root (the nearest package.json), with `/`: stable wherever the command runs. */
export function projectPath(file: string): string {
  const root = nearestPackage(path.dirname(file))?.root ?? process.cwd();
  return path.relative(root, path.resolve(file)).split(path.sep).join('/');
}
