/**
 * Fresh apps outside the workspace, made once per run by global-setup.ts: the two tarballs packed from
 * the built packages, a `bare` app that installs only them (no msw, no @types/node), a `full` app that
 * adds msw and @types/node, and the tools a user may bring (TypeScript 6 and 7, Node 22).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export interface InstalledApps {
  root: string;
  tarballs: { commerce: string; marketplace: string };
  bare: string;
  full: string;
  tsc: { 6: string; 7: string };
  node: { 22: string; 24: string };
}

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

const exec = promisify(execFile);

export async function npmInstall(dir: string, specs: string[]): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(path.join(dir, 'package.json'))) fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), private: true, type: 'module' }, null, 2));
  try {
    await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...specs], { cwd: dir, maxBuffer: 32 << 20, timeout: 600_000 });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`npm install in ${dir} failed: ${e.stderr ?? e.message}`);
  }
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(command, args, { cwd, env, maxBuffer: 64 << 20, timeout: 170_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? e.message };
  }
}

/** Copies fixture files into an app (an app is a user's project: the fixtures are its sources). */
export function copyFixtures(app: string, names: string[]): void {
  for (const name of names) fs.copyFileSync(path.join(fixtures, name), path.join(app, name));
}
