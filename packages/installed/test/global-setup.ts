// Packs the built packages (npm test builds first) and installs the tarballs into fresh apps in the
// system temp directory, outside the workspace, so nothing can resolve the workspace's sources or
// its node_modules. Set MAGEKIT_KEEP_APPS=1 to keep them for debugging.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { pack } from '../../../scripts/pack.mjs';
import { npmInstall, repoRoot, type InstalledApps } from './apps.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apps: InstalledApps;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'magekit-installed-'));
  const packed = path.join(root, 'packed');
  for (const name of ['commerce', 'marketplace']) {
    if (!fs.existsSync(path.join(repoRoot, 'packages', name, 'dist', 'index.js'))) throw new Error(`packages/${name}/dist is missing: run \`npm run build\` first (npm test does).`);
  }
  const commerce = pack('commerce', packed).file;
  const marketplace = pack('marketplace', packed).file;
  const apps: InstalledApps = {
    root,
    tarballs: { commerce, marketplace },
    bare: path.join(root, 'bare'),
    full: path.join(root, 'full'),
    tsc: { 6: path.join(root, 'ts6/node_modules/typescript/bin/tsc'), 7: path.join(root, 'ts7/node_modules/typescript/bin/tsc') },
    node: { 22: path.join(root, 'node22/node_modules/.bin/node'), 24: process.execPath },
  };
  // Two at a time: the machines have two cores.
  await Promise.all([npmInstall(apps.bare, [commerce, marketplace]), npmInstall(path.join(root, 'ts6'), ['typescript@~6.0.3'])]);
  await Promise.all([npmInstall(apps.full, [commerce, marketplace, 'msw@^3.0.5', '@types/node@^24.10.0']), npmInstall(path.join(root, 'ts7'), ['typescript@^7.0.2'])]);
  await npmInstall(path.join(root, 'node22'), ['node@22']);
  project.provide('apps', apps);
  return () => {
    if (!process.env['MAGEKIT_KEEP_APPS']) fs.rmSync(root, { recursive: true, force: true });
  };
}
