// Bundle sizes as users would ship them: esbuild, minified, browser platform, gzip level 9.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface BundleEntry {
  name: string;
  code: string;
}

export const bundleEntries: BundleEntry[] = [
  { name: 'ky alone (floor)', code: `import ky from 'ky'; ky.get('https://x.test/a').json().then(console.log);` },
  {
    name: 'one-call app (client + one product)',
    code: `import { createCommerceClient } from '@magekit/commerce';
      createCommerceClient({ baseUrl: 'https://shop.example.com' }).request('GET /V1/products/{sku}', { sku: 'MB-01' }).then(console.log);`,
  },
  { name: 'full commerce client', code: `import * as commerce from '@magekit/commerce'; console.log(commerce);` },
  { name: 'marketplace client', code: `import * as marketplace from '@magekit/marketplace'; console.log(marketplace);` },
  { name: 'callback handler alone', code: `import { createCallbackHandler } from '@magekit/marketplace'; console.log(createCallbackHandler);` },
];

export interface BundleSize {
  name: string;
  minified: number;
  gzip: number;
}

export async function bundleSize(entry: BundleEntry): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@magekit/source'],
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0]!.contents;
  return { name: entry.name, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export async function benchBundles(): Promise<BundleSize[]> {
  const out: BundleSize[] = [];
  for (const entry of bundleEntries) out.push(await bundleSize(entry));
  return out;
}
