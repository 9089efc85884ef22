// A lane's host bundled from the lane app with esbuild, as a user's bundler (wrangler, Next, Vite) would.
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

export async function bundle(app: string, entry: string, options: BuildOptions): Promise<string> {
  const result = await build({ entryPoints: [path.join(app, entry)], absWorkingDir: app, bundle: true, write: false, logLevel: 'error', ...options });
  return result.outputFiles![0]!.text;
}
