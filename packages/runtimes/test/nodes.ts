// Exact Node releases from npm (`node@<version>`), installed once per run beside the lane app: the
// versions App Builder and Lambda run, not the repo's own Node.
import fs from 'node:fs';
import path from 'node:path';
import { npmInstall } from '../../installed/test/apps.ts';

export async function installNode(app: string, version: string): Promise<string> {
  const dir = path.join(path.dirname(app), `node-${version}`);
  const binary = path.join(dir, 'node_modules/.bin/node');
  if (!fs.existsSync(binary)) await npmInstall(dir, [`node@${version}`]);
  return binary;
}
