#!/usr/bin/env node
// The tarballs users install: `node scripts/pack.mjs [outDir]` (default: ./packed), after `npm run build`.
// Each package is staged with what a user needs (dist, README, a manifest without the workspace's
// source condition, scripts or devDependencies) and packed from there, so the tarball never ships src/
// or a condition pointing at it. Publish these tarballs: `npm publish packed/magekit-commerce-<v>.tgz`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const PUBLISHED = ['commerce', 'marketplace'];

/** The workspace manifest minus what only the workspace uses. */
export function publishManifest(manifest) {
  const { scripts, devDependencies, files, ...rest } = manifest;
  return { ...rest, exports: stripSourceCondition(manifest.exports), files: files.filter((f) => f !== 'src') };
}

function stripSourceCondition(value) {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '@magekit/source').map(([key, v]) => [key, stripSourceCondition(v)]));
}

export function pack(name, outDir) {
  const packageDir = path.join(root, 'packages', name);
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  if (!fs.existsSync(path.join(packageDir, 'dist'))) throw new Error(`packages/${name}/dist is missing: run \`npm run build\` first`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), `magekit-pack-${name}-`));
  const published = publishManifest(manifest);
  for (const entry of published.files) fs.cpSync(path.join(packageDir, entry), path.join(stage, entry), { recursive: true });
  for (const doc of ['README.md', 'LICENSE']) if (fs.existsSync(path.join(packageDir, doc))) fs.copyFileSync(path.join(packageDir, doc), path.join(stage, doc));
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(published, null, 2) + '\n');
  fs.mkdirSync(outDir, { recursive: true });
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  fs.rmSync(stage, { recursive: true, force: true });
  const [info] = JSON.parse(out);
  return { name: manifest.name, file: path.join(outDir, info.filename), size: info.size, unpackedSize: info.unpackedSize, entryCount: info.entryCount };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.resolve(process.argv[2] ?? path.join(root, 'packed'));
  for (const name of PUBLISHED) {
    const t = pack(name, outDir);
    console.log(`${t.name}: ${path.relative(process.cwd(), t.file)}  ${(t.size / 1024).toFixed(1)} KB packed, ${(t.unpackedSize / 1024).toFixed(1)} KB unpacked, ${t.entryCount} files`);
  }
}
