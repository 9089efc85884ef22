#!/usr/bin/env node
// Fewer files on the main entry's import path, one copy of every module: run from a package
// directory after tsup, with the public entries that form layers, smallest first:
//   node ../../scripts/group-chunks.mjs ./lean .
// esbuild's code splitting gives each set of entries that share code a chunk of its own (the commerce
// index loaded 24 files), and every file costs a cold start its resolve, read and compile. This pass
// re-chunks the ESM build with rollup: the chunks the first entry needs become one file, the chunks the
// next one needs on top of those another, and so on; chunks outside the layers (what only the fakes,
// the CLI or a lazily loaded step use) are left for rollup to place. Each module is still in exactly
// one file, so every entry shares one copy of module state (registries, error classes, caches). An
// entry may load a little more than it uses: bundlers drop it (the build has no top-level side
// effects, and package.json says so); Node parses it lazily.
import fs from 'node:fs';
import path from 'node:path';
import { rollup } from 'rollup';

const dist = path.resolve('dist');
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const layers = process.argv.slice(2);

/** Entry name → its ESM file in dist: every `import` target of the exports map, and the bin. */
function esmEntries() {
  const files = new Map();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'object' ? target.import?.default : undefined;
    if (file) files.set(subpath, path.resolve(file));
  }
  for (const file of Object.values(manifest.bin ?? {})) files.set(file, path.resolve(file));
  return files;
}

const entries = esmEntries();
for (const subpath of layers) if (!entries.has(subpath)) throw new Error(`group-chunks: ${subpath} is not an entry of ${manifest.name}'s exports map`);

/** Every module an entry loads before its code runs (static imports, transitively). */
function loadedBy(first, next) {
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of next(id)) visit(imported);
  };
  visit(first);
  return seen;
}

/**
 * Module → the layer that first needs it, from rollup's module graph. Entries stay their own files.
 * A module some layer entry loads only lazily (a dynamic import: the full client's bulk waiter and
 * acceptance check) joins no layer, so that it stays out of every static path that did not have it.
 */
let layerOf;
function assignLayers(getModuleInfo) {
  const statically = (id) => getModuleInfo(id)?.importedIds ?? [];
  const atAll = (id) => [...statically(id), ...(getModuleInfo(id)?.dynamicallyImportedIds ?? [])];
  const loads = layers.map((subpath) => ({ subpath, now: loadedBy(entries.get(subpath), statically), ever: loadedBy(entries.get(subpath), atAll) }));
  const entryFiles = new Set(entries.values());
  layerOf = new Map();
  for (const { subpath, now } of loads) {
    for (const id of now) {
      const lazySomewhere = loads.some((l) => l.ever.has(id) && !l.now.has(id));
      if (entryFiles.has(id) || layerOf.has(id) || lazySomewhere || getModuleInfo(id)?.isExternal) continue;
      layerOf.set(id, `layer-${subpath === '.' ? 'index' : subpath.slice(2)}`);
    }
  }
  return layerOf;
}

const out = fs.mkdtempSync(path.join(dist, '.grouped-'));
const bundle = await rollup({
  input: Object.fromEntries([...entries.values()].map((file) => [path.relative(dist, file).replace(/\.js$/, ''), file])),
  // Dependencies, peers and node: builtins stay imports; only the package's own files are regrouped.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
  // esbuild has already tree-shaken each entry: keep every statement as it is.
  treeshake: false,
  preserveEntrySignatures: 'strict',
  onwarn(warning) {
    throw new Error(`group-chunks: ${warning.message}`);
  },
});
const { output } = await bundle.write({ dir: out, format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunk-[hash].js', manualChunks: (id, { getModuleInfo }) => (layerOf ?? assignLayers(getModuleInfo)).get(id) });
await bundle.close();

// Swap the ESM files: the old ones out (the CommonJS build and the declarations stay), the new ones in.
for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.js') && !file.startsWith('.grouped-')) fs.rmSync(path.join(dist, file));
}
for (const { fileName } of output) {
  const target = path.join(dist, fileName);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.renameSync(path.join(out, fileName), target);
  // The bin keeps its shebang (rollup keeps it) and needs its executable bit back.
  if (fs.readFileSync(target, 'utf8').startsWith('#!')) fs.chmodSync(target, 0o755);
}
fs.rmSync(out, { recursive: true });
const chunks = new Map(output.map((file) => [file.fileName, file]));
const onPath = (subpath) => loadedBy(path.relative(dist, entries.get(subpath)), (fileName) => chunks.get(fileName)?.imports.filter((i) => chunks.has(i)) ?? []).size;
console.log(`group-chunks: ${output.length} ESM files; ${layers.map((subpath) => `${subpath} loads ${onPath(subpath)}`).join(', ')}`);
