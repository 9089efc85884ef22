// Packs the built packages and installs the two tarballs into one fresh app in the system temp
// directory (outside the workspace, so nothing resolves the workspace's sources), with the smoke suite
// and the lanes' hosts copied in as the app's own sources. MAGEKIT_KEEP_APPS=1 keeps it for debugging.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { pack } from '../../../scripts/pack.mjs';
import { npmInstall, repoRoot } from '../../installed/test/apps.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    laneApp: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  for (const name of ['commerce', 'marketplace']) {
    if (!fs.existsSync(path.join(repoRoot, 'packages', name, 'dist', 'index.js'))) throw new Error(`packages/${name}/dist is missing: run \`npm run build\` first (npm test does).`);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'magekit-runtimes-'));
  const app = path.join(root, 'app');
  const tarballs = ['commerce', 'marketplace'].map((name) => pack(name, path.join(root, 'packed')).file);
  await npmInstall(app, tarballs);
  for (const dir of ['smoke', 'hosts']) fs.cpSync(path.join(import.meta.dirname, '..', dir), path.join(app, dir), { recursive: true });
  project.provide('laneApp', app);
  return () => {
    if (!process.env['MAGEKIT_KEEP_APPS']) fs.rmSync(root, { recursive: true, force: true });
  };
}
