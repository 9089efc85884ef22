#!/usr/bin/env node
// Declarations for a published package, run from the package directory after tsup:
//   node ../../scripts/build-types.mjs
// tsc emits one .d.ts per source file (the private @magekit/core included) under dist/types/; each
// entry point then gets two small stubs, dist/<entry>.d.ts (ESM) and dist/<entry>.d.cts (CommonJS),
// that re-export it, so the large declarations ship once and serve both module systems.
// A published declaration may import only the package's own files, its dependencies and peers: the
// core import is rewritten to a relative path, and any other import fails the build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const packageDir = process.cwd();
const packagesDir = path.dirname(packageDir);
const root = path.dirname(packagesDir);
const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const outDir = path.join(packageDir, 'dist', 'types');
const coreIndex = path.join(outDir, 'core', 'src', 'index.d.ts');

/** Entry name (dist/<name>.d.ts) → source file, from the exports map's source condition. */
const entries = Object.entries(manifest.exports)
  .filter(([, target]) => typeof target === 'object' && target['@magekit/source'])
  .map(([subpath, target]) => ({ name: subpath === '.' ? 'index' : subpath.slice(2), source: target['@magekit/source'] }));

const allowed = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);

const tsconfig = {
  extends: path.join(root, 'tsconfig.json'),
  compilerOptions: {
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    stripInternal: true,
    skipLibCheck: true,
    rootDir: packagesDir,
    outDir,
    tsBuildInfoFile: null,
    typeRoots: [path.join(root, 'node_modules', '@types')],
    // Resolved as a source path, not through node_modules, so tsc emits core's declarations too.
    paths: { '@magekit/core': [path.join(packagesDir, 'core', 'src', 'index.ts')], '@magekit/core/*': [path.join(packagesDir, 'core', 'src', '*.ts')] },
  },
  include: [],
  files: entries.map((e) => path.join(packageDir, e.source)),
};
const configFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'magekit-types-')), 'tsconfig.json');
fs.writeFileSync(configFile, JSON.stringify(tsconfig));
fs.rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', configFile], { stdio: 'inherit', cwd: packageDir });

const ts = createRequire(path.join(root, 'package.json'))('typescript');
const ownDir = path.join(outDir, path.basename(packageDir));
const reachable = reachableDeclarations(entries.map((entry) => path.join(ownDir, entry.source.replace(/\.ts$/, '.d.ts'))));
const problems = [];
for (const file of walk(outDir)) {
  // A declaration no entry reaches (a module whose types name a bundled dependency, such as the
  // generated zod validators) is not shipped: users never type-check it.
  if (!reachable.has(file)) {
    fs.rmSync(file);
    continue;
  }
  const text = fs.readFileSync(file, 'utf8');
  // The compiler's own scanner finds every module specifier (imports, re-exports, import() types).
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.sort((a, b) => b.pos - a.pos);
  let rewritten = text;
  for (const { fileName: specifier, pos, end } of specifiers) {
    let target = specifier;
    if (specifier === '@magekit/core') target = relativeSpecifier(file, coreIndex);
    // A Node-only core module (`@magekit/core/node`), kept out of core's index.
    else if (specifier.startsWith('@magekit/core/')) target = relativeSpecifier(file, path.join(outDir, 'core', 'src', `${specifier.slice('@magekit/core/'.length)}.d.ts`));
    else if (specifier.startsWith('.')) target = specifier.replace(/\.ts$/, '.js');
    else if (!specifier.startsWith('node:') && !allowed.has(packageName(specifier))) problems.push(`${path.relative(packageDir, file)} imports ${specifier}, which users do not install`);
    // pos is the opening quote; the specifier follows it (end = pos + its length)
    const start = pos + 1;
    if (rewritten.slice(start, start + specifier.length) !== specifier) throw new Error(`${file}: unexpected position for ${specifier} (${end})`);
    if (target !== specifier) rewritten = rewritten.slice(0, start) + target + rewritten.slice(start + specifier.length);
  }
  if (rewritten !== text) fs.writeFileSync(file, rewritten);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

for (const entry of entries) {
  const target = path.join(ownDir, entry.source.replace(/\.ts$/, '.d.ts'));
  if (!fs.existsSync(target)) throw new Error(`tsc emitted no declarations for ${entry.source}`);
  for (const ext of ['.d.ts', '.d.cts']) {
    const stub = path.join(packageDir, 'dist', entry.name + ext);
    fs.mkdirSync(path.dirname(stub), { recursive: true });
    fs.writeFileSync(stub, `export * from '${relativeSpecifier(stub, target)}';\n`);
  }
}

/** The declaration files the entries import, transitively (relative and `@magekit/core` specifiers, as tsc wrote them). */
function reachableDeclarations(starts) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    for (const { fileName: specifier } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (specifier === '@magekit/core') visit(coreIndex);
      else if (specifier.startsWith('@magekit/core/')) visit(path.join(outDir, 'core', 'src', `${specifier.slice('@magekit/core/'.length)}.d.ts`));
      else if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier.replace(/\.(ts|js)$/, '') + '.d.ts'));
    }
  };
  for (const start of starts) visit(start);
  return seen;
}

function relativeSpecifier(fromFile, toDeclaration) {
  const rel = path.relative(path.dirname(fromFile), toDeclaration).split(path.sep).join('/').replace(/\.d\.ts$/, '.js');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.d.ts')) yield full;
  }
}
