// Bundle sizes as users would ship them: esbuild over the built `dist` (run `npm run build` first),
// minified, browser platform, gzip level 9, two ways:
// - up front: code splitting on (as app bundlers do), the entry chunk and the chunks it imports
//   statically. Code behind a dynamic import (the full client's zod acceptance check and bulk
//   waiter) is a chunk of its own, loaded on first use: reported as `lazy`.
// - whole: no code splitting, every lazy chunk included: everything the app can ever load, which
//   the issue-21 targets hold (bundleWholeGzipBytes).
// Each bundle's route rows are counted too: a lean app holds only the rows of the modules it names.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface BundleEntry {
  name: string;
  code: string;
  /** For a lean app: the route modules it names; its bundle may hold their rows and no others. */
  modules?: readonly string[];
}

const leanClient = (modules: string) => `import { createLeanClient, adminToken } from '@magekit/commerce/lean';
      import { ${modules} } from '@magekit/commerce/modules';
      const commerce = createLeanClient({ baseUrl: 'https://shop.example.com', auth: adminToken({ username: 'admin', password: 'secret' }), routes: [${modules}] });`;

export const bundleEntries: BundleEntry[] = [
  { name: 'ky alone (floor)', code: `import ky from 'ky'; ky.get('https://x.test/a').json().then(console.log);` },
  {
    // The lean way (README, "Ship less"): the request-only client, one module's routes, adminToken.
    name: 'one-call app (lean client + adminToken + one request)',
    modules: ['productsRoutes'],
    code: `${leanClient('productsRoutes')}
      commerce.request('GET /V1/products/{sku}', { sku: 'MB-01' }).then(console.log);`,
  },
  {
    // A bulk import: submit through /bulk and wait for the outcome (the waiter needs the bulk module).
    name: 'lean + /bulk submit and waiter',
    modules: ['productsRoutes', 'bulkRoutes'],
    code: `import { bulkRequest, waitForBulk } from '@magekit/commerce/bulk';
      ${leanClient('productsRoutes, bulkRoutes')}
      bulkRequest(commerce, 'PUT /V1/products/{sku}', [{ sku: 'MB-01', product: { sku: 'MB-01', price: 10 } }]).then((job) => waitForBulk(commerce, job)).then(console.log);`,
  },
  {
    name: 'lean + /paginate',
    modules: ['productsRoutes'],
    code: `import { paginate } from '@magekit/commerce/paginate';
      ${leanClient('productsRoutes')}
      paginate(commerce, 'GET /V1/products', { fields: ['sku'] }).collect().then(console.log);`,
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
  /** One bundle, no code splitting, every lazy chunk included, gzip. */
  wholeGzip: number;
  /** Route rows (`["id","METHOD","/V1/...",...]`) in the whole bundle. */
  routeRows: number;
}

/**
 * A route row as it reads minified: a line of a built-in module's packed text, the template a
 * module's name precedes (`packed("products",`GET /V1/products/{sku} get ...`)), or an array row of a
 * module `types pull` wrote (`["loyalty.get","GET","/V1/loyalty/{id}",`). Other packed tables with
 * route-like lines (the walk keys: `GET /V1/products entity_id`) are not route rows.
 */
const PACKED_MODULE_TEXT = /\("[A-Za-z0-9]+",`([^`]*)`/g;
const PACKED_ROUTE_ROW = /^(?:GET|POST|PUT|DELETE|PATCH) \/V\d+\//gm;
const ARRAY_ROUTE_ROW = /\["[A-Za-z0-9_.$]+","(?:GET|POST|PUT|DELETE|PATCH)","\/V\d+\//g;

function countRouteRows(code: string): number {
  let packed = 0;
  for (const [, text] of code.matchAll(PACKED_MODULE_TEXT)) packed += text!.match(PACKED_ROUTE_ROW)?.length ?? 0;
  return packed + (code.match(ARRAY_ROUTE_ROW)?.length ?? 0);
}

/** The route rows of the named modules, read from the built `@magekit/commerce/modules` entry. */
export async function moduleRowCount(modules: readonly string[]): Promise<number> {
  const { code } = await bundleCode({ name: 'modules', code: `import { ${modules.join(', ')} } from '@magekit/commerce/modules'; console.log(${modules.join(', ')});` });
  return countRouteRows(code);
}

/** esbuild's options for an app entry: one minified browser ES module, kept in memory. */
function appBuild(entry: BundleEntry) {
  return {
    stdin: { contents: entry.code, resolveDir: root, loader: 'ts' as const, sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    write: false as const,
    logLevel: 'silent' as const,
  };
}

async function bundleCode(entry: BundleEntry): Promise<{ code: string }> {
  const result = await build(appBuild(entry));
  return { code: result.outputFiles.map((file) => file.text).join('\n') };
}

export async function bundleSize(entry: BundleEntry): Promise<BundleSize> {
  const whole = await bundleCode(entry);
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
  return { name: entry.name, ...size, wholeGzip: gzipSync(whole.code, { level: 9 }).length, routeRows: countRouteRows(whole.code) };
}

/** Minified bytes of a whole bundle by origin: the SDK's own code, ky, zod. */
export interface BundleOrigins {
  sdk: number;
  ky: number;
  zod: number;
}

/**
 * Where a whole bundle's bytes come from, read from esbuild's metafile. Built from the sources (the
 * `@magekit/source` condition): the dist bundles zod into the SDK's chunks, where its bytes could no
 * longer be told apart. The same modules either way; the gzip figures above stay those of the dist.
 */
async function bundleOrigins(entry: BundleEntry): Promise<BundleOrigins> {
  const result = await build({
    ...appBuild(entry),
    conditions: ['@magekit/source'],
    metafile: true,
  });
  const origins: BundleOrigins = { sdk: 0, ky: 0, zod: 0 };
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const origin = /node_modules\/ky\//.test(input) ? 'ky' : /node_modules\/zod\//.test(input) ? 'zod' : 'sdk';
      origins[origin] += bytesInOutput;
    }
  }
  return origins;
}

export async function benchBundles(): Promise<(BundleSize & { origins: BundleOrigins })[]> {
  const out: (BundleSize & { origins: BundleOrigins })[] = [];
  for (const entry of bundleEntries) out.push({ ...(await bundleSize(entry)), origins: await bundleOrigins(entry) });
  return out;
}
