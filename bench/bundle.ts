// Bundle sizes as users would ship them: esbuild over the built `dist` (run `npm run build` first),
// minified, browser platform, code splitting on (as app bundlers do), gzip level 9. The figure is
// what an app loads up front: its entry chunk and the chunks that imports statically. Code behind a dynamic import (the fields and
// searchCriteria encoders, zod's acceptance check) is a chunk of its own, loaded on first use; its
// size is reported beside the figure as `lazy`.
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
    // The lean way (README, "Ship less"): the request-only client, one module's routes, adminToken.
    name: 'one-call app (lean client + adminToken + one request)',
    code: `import { createLeanClient, adminToken } from '@magekit/commerce/lean';
      import { productsRoutes } from '@magekit/commerce/modules';
      const commerce = createLeanClient({ baseUrl: 'https://shop.example.com', auth: adminToken({ username: 'admin', password: 'secret' }), routes: [productsRoutes] });
      commerce.request('GET /V1/products/{sku}', { sku: 'MB-01' }).then(console.log);`,
  },
  {
    name: 'one-call app through the full client (createCommerceClient + adminToken + one request)',
    code: `import { createCommerceClient, adminToken } from '@magekit/commerce';
      const commerce = createCommerceClient({ baseUrl: 'https://shop.example.com', auth: adminToken({ username: 'admin', password: 'secret' }) });
      commerce.request('GET /V1/products/{sku}', { sku: 'MB-01' }).then(console.log);`,
  },
  { name: 'full commerce client', code: `import * as commerce from '@magekit/commerce'; console.log(commerce);` },
  {
    // The client and everything it carries (sessions, batches, files, reviews, pages); the callback
    // receiver is a server's concern, measured on its own below.
    name: 'marketplace client',
    code: `import { createMarketplaceClient } from '@magekit/marketplace';
      console.log(createMarketplaceClient({ environment: 'sandbox', appId: 'app', appSecret: 'secret' }));`,
  },
  { name: 'callback handler alone', code: `import { createCallbackHandler } from '@magekit/marketplace'; console.log(createCallbackHandler);` },
];

export interface BundleSize {
  name: string;
  /** The entry chunk and its static imports: what the app loads up front (each chunk gzipped on its own). */
  minified: number;
  gzip: number;
  /** Chunks behind dynamic imports (loaded on first use), gzip. */
  lazyGzip: number;
}

export async function bundleSize(entry: BundleEntry): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    splitting: true,
    outdir: path.join(root, 'bench', '.bundle-out'),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // Up front: the entry chunk and every chunk it imports statically (shared with a lazy chunk, say).
  const outputs = result.metafile.outputs;
  const entryOutput = Object.keys(outputs).find((file) => outputs[file]!.entryPoint !== undefined)!;
  const upFront = new Set<string>();
  const visit = (file: string) => {
    if (upFront.has(file)) return;
    upFront.add(file);
    for (const dependency of outputs[file]!.imports) if (dependency.kind === 'import-statement' && !dependency.external) visit(dependency.path);
  };
  visit(entryOutput);
  const size = { minified: 0, gzip: 0, lazyGzip: 0 };
  for (const file of result.outputFiles) {
    const gzip = gzipSync(file.contents, { level: 9 }).length;
    if (upFront.has(path.relative(root, file.path))) {
      size.minified += file.contents.length;
      size.gzip += gzip;
    } else size.lazyGzip += gzip;
  }
  return { name: entry.name, ...size };
}

export async function benchBundles(): Promise<BundleSize[]> {
  const out: BundleSize[] = [];
  for (const entry of bundleEntries) out.push(await bundleSize(entry));
  return out;
}
