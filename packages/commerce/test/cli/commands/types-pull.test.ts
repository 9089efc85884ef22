/**
 * `magekit-commerce types pull` end to end: the fake platform runs a custom module (a warranty-claims
 * API with path parameters, a body and a search route, and product extension attributes of its
 * own); the CLI reads its live schema over HTTP and writes the declaration and runtime files; an app
 * using the custom route and fields type-checks with them (and not without), wrong uses do not
 * compile, and the runtime file makes the calls work against the fake.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/run.ts';
import { buildInstallationTypes } from '../../../src/cli/commands/types-emit.ts';
import { addRoutes, adminToken, createCommerceClient, isCommerceError, registerRoutes } from '../../../src/index.ts';
import { createLeanClient, type RouteModule } from '../../../src/entries/lean.ts';
import { acmeWarrantyModule, createFakeIms, DEFAULT_FAKE_IMS_CLIENT, startFakeCommerce, type RunningFakeCommerce } from '../../../src/testing/index.ts';
import { moduleSchema } from '../../../src/testing/custom-module.ts';
import { server } from '@magekit/test-support/msw';
import { repoRoot } from '../../support/spec.ts';
import { runCli } from '@magekit/test-support/cli';

const admin = { username: 'admin', password: 'admin123!' };
const ENV = { MAGEKIT_ADMIN_USERNAME: admin.username, MAGEKIT_ADMIN_PASSWORD: admin.password };

// Inside the repo (so '@magekit/commerce' and the tsconfig resolve as for any consumer), under
// bench/.tmp, which the repo's tsconfig excludes.
const tmpRoot = path.join(repoRoot, 'bench/.tmp');
fs.mkdirSync(tmpRoot, { recursive: true });
fs.writeFileSync(path.join(tmpRoot, '.gitignore'), '*\n');
const dir = fs.mkdtempSync(path.join(tmpRoot, 'types-pull-'));
const declarationFile = path.join(dir, 'magekit-env.d.ts');
const runtimeFile = path.join(dir, 'magekit-routes.js');
const runtimeTypesFile = path.join(dir, 'magekit-routes.d.ts');

let fake: RunningFakeCommerce;
beforeAll(async () => {
  fake = await startFakeCommerce({ auth: { admins: [admin] }, seed: { products: 3 }, modules: [acmeWarrantyModule] });
});
// The fake runs on a real loopback server: let those requests through MSW.
beforeEach(() => server.use(http.all(`${fake.url}/*`, () => passthrough())));
afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (argv: string[], env: Record<string, string> = ENV) => runCli(run, argv, { env });

const pull = (...extra: string[]) => cli(['types', 'pull', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile, ...extra]);

/**
 * Type-checks files with the repo's compiler options; returns the diagnostics text (empty when clean).
 * `published` resolves '@magekit/commerce' to the built declarations (dist), as an installed package.
 */
function typecheck(name: string, files: Record<string, string>, { published = false } = {}): { status: number | null; output: string } {
  const project = path.join(dir, name);
  fs.mkdirSync(project, { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(project, file), text);
  const compilerOptions = published ? { customConditions: [], skipLibCheck: false } : {};
  fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ extends: path.relative(project, path.join(repoRoot, 'tsconfig.json')), compilerOptions, include: Object.keys(files), exclude: [] }));
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', path.join(project, 'tsconfig.json')], { cwd: repoRoot, encoding: 'utf8', timeout: 180_000 });
  return { status: tsc.status, output: `${tsc.stdout}${tsc.stderr}` };
}

const APP = `import { adminToken, createCommerceClient } from '@magekit/commerce';

export async function fileClaim(baseUrl: string) {
  const commerce = createCommerceClient({ baseUrl, auth: adminToken({ username: 'admin', password: 'admin123!' }) });
  const claim = await commerce.request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'SKU-0001', claim: { reason: 'cracked', purchased_at: '2024-05-01' } });
  const id: number | undefined = claim.id;
  const status: 'open' | 'approved' | 'rejected' | undefined = claim.status;
  const again = await commerce.request('GET /V1/acme/warranty-claims/{claimId}', { claimId: id ?? 1 });
  const reason: string | null = again.reason;
  const page = await commerce.request('GET /V1/acme/warranty-claims', { searchCriteria: { filter_groups: [{ filters: [{ field: 'sku', value: 'SKU-0001' }] }] } });
  const total: number | null = page.total_count;
  const product = await commerce.products.get({ sku: 'SKU-0001' });
  const months: number | undefined = product.extension_attributes?.acme_warranty_months;
  await commerce.products.update({ sku: 'SKU-0001', product: { sku: 'SKU-0001', extension_attributes: { acme_warranty_months: 24, acme_warranty_provider: 'Acme' } } });
  const job = await commerce.async.request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'SKU-0002', claim: { reason: 'dead pixel' } });
  const bulk = await commerce.bulk.request('POST /V1/acme/products/{sku}/warranty-claims', [{ sku: 'SKU-0003', claim: { reason: 'scratched' } }]);
  const reasons: (string | null)[] = [];
  for await (const each of commerce.paginate('GET /V1/acme/warranty-claims', { searchCriteria: { page_size: 50 } }, { key: 'id' })) reasons.push(each.reason);
  return { status, reason, total, months, job, bulk, reasons };
}
`;

const WRONG = `import { adminToken, createCommerceClient } from '@magekit/commerce';

export async function wrong(baseUrl: string) {
  const commerce = createCommerceClient({ baseUrl, auth: adminToken({ username: 'admin', password: 'admin123!' }) });
  // @ts-expect-error the path parameter sku is required
  await commerce.request('POST /V1/acme/products/{sku}/warranty-claims', { claim: { reason: 'x' } });
  // @ts-expect-error claim.reason is required by the module's schema
  await commerce.request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'A', claim: { purchased_at: '2024-01-01' } });
  // @ts-expect-error claimId is an integer
  await commerce.request('GET /V1/acme/warranty-claims/{claimId}', { claimId: 'seven' });
  // @ts-expect-error no such route, even with the installation's types
  await commerce.request('DELETE /V1/acme/warranty-claims/{claimId}', { claimId: 1 });
  const claim = await commerce.request('GET /V1/acme/warranty-claims/{claimId}', { claimId: 1 });
  // @ts-expect-error status is one of the module's enum values
  const status: 'closed' = claim.status;
  await commerce.products.update({
    sku: 'A',
    // @ts-expect-error acme_warranty_months is an integer
    product: { sku: 'A', extension_attributes: { acme_warranty_months: 'two years' } },
  });
  return status;
}
`;

describe('types pull against a fake installation with a custom module', () => {
  it('reads the live schema, writes both files and reports what it added', { timeout: 30_000 }, async () => {
    const { code, stdout, stderr } = await pull();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Added 3 route(s):');
    expect(stdout).toContain('  POST /V1/acme/products/{sku}/warranty-claims\n');
    expect(stdout).toContain('catalog-data-product-extension-interface: acme_warranty_months, acme_warranty_provider');
    expect(stdout).toMatch(/3 route\(s\) of the schema are already typed by the SDK/);
    expect(stdout).toMatch(/\d+ response field\(s\) typed `T \| null`: the schema marks them required/);
    const declaration = fs.readFileSync(declarationFile, 'utf8');
    expect(declaration).toContain("declare module '@magekit/commerce'");
    expect(declaration).toContain('acme_warranty_months?: number');
    const runtime = fs.readFileSync(runtimeFile, 'utf8');
    expect(runtime).toContain('export const installationRoutes = {');
    expect(runtime).toContain(`source: ${JSON.stringify(path.relative(repoRoot, runtimeFile))}`);
    expect(fs.readFileSync(runtimeTypesFile, 'utf8')).toContain("export declare const installationRoutes: RouteModule<'installation'>");
    // The module's descriptions are doc comments.
    expect(declaration).toContain('/** A warranty claim. */');
  });

  it('type-checks an app that uses the custom routes and fields, which does not compile without the file', { timeout: 200_000 }, async () => {
    if (!fs.existsSync(declarationFile)) await pull();
    const withTypes = typecheck('app', { 'app.ts': APP, 'magekit-env.d.ts': fs.readFileSync(declarationFile, 'utf8') });
    expect(withTypes.output).toBe('');
    expect(withTypes.status).toBe(0);
    const without = typecheck('app-untyped', { 'app.ts': APP });
    expect(without.status).not.toBe(0);
    // Without it: the custom route is unknown (request and async.request), and the module's field is only `unknown`.
    expect(without.output).toMatch(/app\.ts\(5,\d+\): error TS2769: No overload matches this call/);
    expect(without.output).toMatch(/app\.ts\(15,\d+\): error TS2345: Argument of type '"POST \/V1\/acme\/products\/\{sku\}\/warranty-claims"' is not assignable to parameter of type 'WriteRouteKey'/);
    expect(without.output).toMatch(/app\.ts\(13,9\): error TS2322: Type 'unknown' is not assignable to type 'number \| undefined'/);
  });

  // The augmentation must reach the published declarations too (index.d.ts re-exports with `export *`).
  it('type-checks the app against the built package (dist declarations, skipLibCheck off)', { timeout: 200_000 }, async () => {
    if (!fs.existsSync(path.join(repoRoot, 'packages/commerce/dist/index.d.ts'))) throw new Error('packages/commerce/dist is missing: run `npm run build` first (npm test does).');
    if (!fs.existsSync(declarationFile)) await pull();
    const published = typecheck('app-published', { 'app.ts': APP, 'wrong.ts': WRONG, 'magekit-env.d.ts': fs.readFileSync(declarationFile, 'utf8') }, { published: true });
    expect(published.output).toBe('');
    expect(published.status).toBe(0);
  });

  it('refuses wrong uses of the custom routes and fields (every @ts-expect-error is needed)', { timeout: 200_000 }, async () => {
    if (!fs.existsSync(declarationFile)) await pull();
    const result = typecheck('wrong', { 'wrong.ts': WRONG, 'magekit-env.d.ts': fs.readFileSync(declarationFile, 'utf8') });
    // An expected error that does not happen is reported as TS2578 (unused @ts-expect-error).
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('a lean client given the route module calls the installation\'s routes', async () => {
    if (!fs.existsSync(runtimeFile)) await pull();
    const { installationRoutes } = (await import(runtimeFile)) as { installationRoutes: RouteModule };
    const lean = createLeanClient({ baseUrl: fake.url, auth: adminToken(admin), routes: [installationRoutes] });
    const request = lean.request as unknown as (route: string, input: object) => Promise<Record<string, unknown>>;
    const claim = await request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'SKU-0002', claim: { reason: 'loose' } });
    expect(claim).toMatchObject({ sku: 'SKU-0002', reason: 'loose', status: 'open' });
    expect(await request('GET /V1/acme/warranty-claims/{claimId}', { claimId: claim['id'] as number })).toMatchObject({ reason: 'loose' });
  });

  it('the route module, added to a client, makes its routes encode and send like built-in routes', async () => {
    if (!fs.existsSync(runtimeFile)) await pull();
    const commerce = createCommerceClient({ baseUrl: fake.url, auth: adminToken(admin) });
    const request = commerce.request as unknown as (route: string, input: object) => Promise<Record<string, unknown>>;
    // Before its rows are added, the client does not know the route (and says how routes are written).
    await expect(request('GET /V1/acme/warranty-claims/{claimId}', { claimId: 1 })).rejects.toThrow(/Unknown route "GET \/V1\/acme\/warranty-claims\/\{claimId\}"/);
    const { installationRoutes } = (await import(runtimeFile)) as { installationRoutes: RouteModule };
    addRoutes(commerce, installationRoutes);
    fake.fake.store.products.set('RACK/01+B', { id: 99, sku: 'RACK/01+B', name: 'Rack', price: 5, extension_attributes: {} });
    const first = await request('POST /V1/acme/products/{sku}/warranty-claims', { sku: 'RACK/01+B', claim: { reason: 'bent' } });
    const claimId = first['id'] as number;
    // The SKU travels as one encoded segment: "/" and "+" survive the platform's urldecode.
    expect(first).toMatchObject({ sku: 'RACK/01+B', reason: 'bent', status: 'open' });
    expect(await request('GET /V1/acme/warranty-claims/{claimId}', { claimId })).toMatchObject({ sku: 'RACK/01+B' });
    const page = await request('GET /V1/acme/warranty-claims', { searchCriteria: { filter_groups: [{ filters: [{ field: 'sku', value: 'RACK/01+B' }] }] } });
    expect(page).toMatchObject({ total_count: 1 });
    // An installation's own search route has no key on record: the caller names it (a claim's id).
    const paged = await (commerce.paginate as unknown as (route: string, params: object, options: object) => { collect(): Promise<unknown[]> })('GET /V1/acme/warranty-claims', {}, { key: 'id' }).collect();
    expect(paged).toContainEqual(expect.objectContaining({ sku: 'RACK/01+B' }));
    // The module's own 404, with the platform's message filled in.
    const missing = await request('GET /V1/acme/warranty-claims/{claimId}', { claimId: 42 }).catch((e: unknown) => e);
    expect(isCommerceError(missing) && missing.status).toBe(404);
    // Product extension attributes of the module round-trip through the built-in routes.
    await commerce.products.update({ sku: 'SKU-0001', product: { sku: 'SKU-0001', extension_attributes: { acme_warranty_months: 24 } as never } });
    expect((await commerce.products.get({ sku: 'SKU-0001' })).extension_attributes).toMatchObject({ acme_warranty_months: 24 });
  });

  it('--check passes on the committed files and fails (exit 1) once they drift from the schema', { timeout: 30_000 }, async () => {
    await pull();
    const fresh = await pull('--check');
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain('match the installation');
    fs.appendFileSync(declarationFile, '\n// edited by hand\n');
    const stale = await pull('--check');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`${declarationFile} is out of date`);
    expect(stale.stderr).toContain('hint: run `magekit-commerce types pull`');
    // --check writes nothing.
    expect(fs.readFileSync(declarationFile, 'utf8')).toContain('// edited by hand');
  });

  it('reads a saved schema with --from and writes the same files as the live read', async () => {
    const live = await pull();
    expect(live.code).toBe(0);
    const saved = path.join(dir, 'schema.json');
    fs.writeFileSync(saved, JSON.stringify(moduleSchema(undefined, [acmeWarrantyModule])));
    const fromFile = await cli(['types', 'pull', '--from', saved, '--check', '--out', declarationFile, '--runtime', runtimeFile], {});
    expect(fromFile.code).toBe(0);
  });

  it('explains bad input: no credentials, an unreadable or non-Swagger --from, refused credentials', async () => {
    const noAuth = await cli(['types', 'pull', '--base-url', fake.url], {});
    expect(noAuth.code).toBe(1);
    expect(noAuth.stderr).toMatch(/No credentials/);
    const notJson = path.join(dir, 'not.json');
    fs.writeFileSync(notJson, '<html>');
    expect((await cli(['types', 'pull', '--from', notJson], {})).stderr).toContain(`The schema ${notJson} is not JSON`);
    const openapi = path.join(dir, 'openapi.json');
    fs.writeFileSync(openapi, JSON.stringify({ openapi: '3.0.0', paths: {} }));
    expect((await cli(['types', 'pull', '--from', openapi], {})).stderr).toContain(`The schema ${openapi} is an OpenAPI 3.0.0 document; this command reads the platform's own Swagger 2.0 schema`);
    const missing = path.join(dir, 'missing.json');
    expect((await cli(['types', 'pull', '--from', missing], {})).stderr).toContain(`Cannot read the schema ${missing}: there is no such file.`);
    const swagger1 = path.join(dir, 'swagger1.json');
    fs.writeFileSync(swagger1, JSON.stringify({ swagger: '1.2', paths: {} }));
    expect((await cli(['types', 'pull', '--from', swagger1], {})).stderr).toContain(`The schema ${swagger1} is not a Swagger 2.0 document: "swagger" is "1.2"`);
    const noPaths = path.join(dir, 'no-paths.json');
    fs.writeFileSync(noPaths, JSON.stringify({ swagger: '2.0' }));
    expect((await cli(['types', 'pull', '--from', noPaths], {})).stderr).toContain(`The schema ${noPaths} has no "paths" object`);
    expect((await cli(['types', 'pull', '--from', noPaths, '--runtime', 'routes.ts'], {})).stderr).toMatch(/--runtime routes\.ts: the route module is JavaScript/);
    const refused = await cli(['types', 'pull', '--base-url', fake.url], { MAGEKIT_ADMIN_USERNAME: 'admin', MAGEKIT_ADMIN_PASSWORD: 'wrong-password-1' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain('wrong-password-1');
    expect((await cli(['types', 'frobnicate'], {})).stderr).toMatch(/Unknown types command "frobnicate"/);
  });
});

describe('types pull with credentials that do not see the admin schema', () => {
  const files = () => [declarationFile, runtimeFile, runtimeTypesFile].map((file) => fs.readFileSync(file));
  async function token(route: 'admin' | 'customer', username: string, password: string): Promise<string> {
    const response = await fetch(`${fake.url}/rest/V1/integration/${route}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    expect(response.status).toBe(200);
    return (await response.json()) as string;
  }

  it('refuses the anonymous subset an expired token gets and the customer subset a customer token gets, leaving the files byte-identical', { timeout: 30_000 }, async () => {
    const adminBearer = await token('admin', admin.username, admin.password);
    const first = await cli(['types', 'pull', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: adminBearer });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Added 3 route(s):');
    const before = files();

    // The platform answers 200 with what an anonymous caller sees once the token is unknown or expired.
    fake.fake.auth.invalidateTokens();
    const expired = await cli(['types', 'pull', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: adminBearer });
    expect(expired.code).toBe(1);
    expect(expired.stderr).toContain(`${fake.url} answered the anonymous (guest) subset of its schema (2 operation(s))`);
    expect(expired.stderr).toContain('the platform does not know the token (expired, revoked, or from another installation)');
    expect(expired.stderr).toMatch(/hint: Use an admin user \(MAGEKIT_ADMIN_USERNAME and MAGEKIT_ADMIN_PASSWORD\)/);
    expect(expired.stderr).toContain('pass --audience guest');
    expect(expired.stderr).not.toContain(adminBearer);
    expect(files()).toEqual(before);

    const customerBearer = await token('customer', 'roni_cost@example.com', 'roni_cost3@example.com');
    const customer = await cli(['types', 'pull', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: customerBearer });
    expect(customer.code).toBe(1);
    expect(customer.stderr).toContain(`${fake.url} answered the customer subset of its schema (3 operation(s), e.g. GET /V1/customers/me): the credentials are a customer's`);
    expect(customer.stderr).toContain('pass --audience customer');
    expect(files()).toEqual(before);

    // --check names the audience, and never says "out of date".
    const check = await cli(['types', 'pull', '--check', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: customerBearer });
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('answered the customer subset');
    expect(check.stderr).not.toContain('out of date');
    const checkJson = await cli(['types', 'pull', '--check', '--json', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: adminBearer });
    expect(JSON.parse(checkJson.stdout)).toMatchObject({ upToDate: null, audience: 'guest', operations: 2 });

    // Asked for on purpose, the customer subset is typed, but not over files that type more routes without --force.
    const asked = await cli(['types', 'pull', '--audience', 'customer', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: customerBearer });
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain(`${declarationFile} types 3 route(s) the schema from ${fake.url} no longer has (GET /V1/acme/warranty-claims, GET /V1/acme/warranty-claims/{claimId}, POST /V1/acme/products/{sku}/warranty-claims)`);
    expect(asked.stderr).toContain('pass --force');
    expect(files()).toEqual(before);
    const forced = await cli(['types', 'pull', '--audience', 'customer', '--force', '--base-url', fake.url, '--out', declarationFile, '--runtime', runtimeFile], { MAGEKIT_TOKEN: customerBearer });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('No routes beyond the SDK\'s own.');
    expect(await pull()).toMatchObject({ code: 0 });
    expect(files()).toEqual(before);
  });
});

describe('types pull against the cloud service', () => {
  it('authenticates with IMS from the environment and reads the schema over cloud URLs', async () => {
    const cloud = await startFakeCommerce({ modules: [acmeWarrantyModule], cloudService: { tenantId: 'T1', ims: createFakeIms() } });
    server.use(http.all(`${cloud.url}/*`, () => passthrough()));
    const env = { MAGEKIT_IMS_CLIENT_ID: DEFAULT_FAKE_IMS_CLIENT.clientId, MAGEKIT_IMS_CLIENT_SECRET: DEFAULT_FAKE_IMS_CLIENT.clientSecret, MAGEKIT_IMS_ORG_ID: DEFAULT_FAKE_IMS_CLIENT.orgId };
    try {
      // The fake serves IMS on its own origin; a real run uses Adobe's token endpoint (the ims() default).
      const fetchVia = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        return fetch(url.hostname === 'ims-na1.adobelogin.com' ? `${cloud.url}${url.pathname}` : input, init);
      };
      let stdout = '';
      let stderr = '';
      const code = await run(['types', 'pull', '--base-url', `${cloud.url}/T1`, '--out', path.join(dir, 'cloud-env.d.ts'), '--runtime', path.join(dir, 'cloud-routes.js')], {
        env, stdout: { write: (c: string) => (stdout += c) }, stderr: { write: (c: string) => (stderr += c) }, isTTY: false, fetch: fetchVia,
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('Added 3 route(s):');
      const partial = await cli(['types', 'pull', '--base-url', `${cloud.url}/T1`], { MAGEKIT_IMS_CLIENT_ID: 'x' });
      expect(partial.stderr).toMatch(/IMS credentials are incomplete: MAGEKIT_IMS_CLIENT_SECRET, MAGEKIT_IMS_ORG_ID are not set/);
    } finally {
      await cloud.close();
    }
  });
});

describe('the emitter', () => {
  const surface = { routeKeys: ['GET /V1/products/{sku}'], schemaNames: ['catalog-data-product-interface', 'catalog-data-product-extension-interface'], extensionProperties: { 'catalog-data-product-extension-interface': ['website_ids'] } };

  it('is deterministic and reports what it cannot type, with the reason', () => {
    const doc = moduleSchema(undefined, [acmeWarrantyModule]) as { paths: Record<string, Record<string, unknown>> };
    doc.paths['/V1/acme/upload'] = { post: { parameters: [{ name: 'file', in: 'formData', type: 'file' }, { name: 'body', in: 'body', schema: { type: 'array', items: { type: 'string' } } }], responses: { 200: { schema: { $ref: '#/definitions/acme-missing' } } } } };
    doc.paths['/rest/legacy'] = { get: { responses: { 200: { schema: { type: 'string' } } } } };
    const a = buildInstallationTypes(doc, surface);
    const b = buildInstallationTypes(structuredClone(doc), surface);
    expect(a.declaration).toBe(b.declaration);
    expect(a.runtime).toBe(b.runtime);
    const why = a.notTyped.map((n) => `${n.what} | ${n.why}`).join('\n');
    expect(why).toMatch(/POST \/V1\/acme\/upload \| the request body is not an object of named fields/);
    expect(why).toMatch(/formData parameter "file" is left out/);
    expect(why).toMatch(/GET \/rest\/legacy \| the path is outside \/V<n>\//);
    expect(why).toMatch(/"acme-missing" is referenced but not in the document/);
  });

  it('types the responses by the rules of the SDK\'s own: required fields T | null, scalar results flagged for the runtime', () => {
    const doc = moduleSchema(undefined, [acmeWarrantyModule]) as { paths: Record<string, Record<string, unknown>> };
    doc.paths['/V1/acme/counters'] = { post: { responses: { 200: { schema: { type: 'integer' } } } } };
    doc.paths['/V1/acme/claim-ids'] = { get: { responses: { 200: { schema: { type: 'array', items: { type: 'integer' } } } } } };
    const types = buildInstallationTypes(doc, { ...surface, schemaNames: [...surface.schemaNames, 'catalog-data-product-interface.output'] });
    // The claim as the platform sends it (reason is required: present, possibly null) and as requests send it.
    expect(types.declaration).toMatch(/type AcmeWarrantyDataClaimInterfaceOutput = \{ id\?: number; sku\?: string; reason: string \| null;/);
    expect(types.declaration).toMatch(/type AcmeWarrantyDataClaimInterface = \{ id\?: number; sku\?: string; reason: string;/);
    expect(types.declaration).toMatch(/"GET \/V1\/acme\/warranty-claims\/\{claimId\}": \{[^\n]*output: AcmeWarrantyDataClaimInterfaceOutput;/);
    expect(types.declaration).toMatch(/"POST \/V1\/acme\/products\/\{sku\}\/warranty-claims": \{[^\n]*input: \{ sku: string \} & \{ claim: AcmeWarrantyDataClaimInterface \}/);
    expect(types.nullableFields).toBeGreaterThanOrEqual(4);
    // The runtime casts the counter's uncast id and keeps a list's [] (platform/wire-result.ts).
    expect(types.runtime).toMatch(/\["installation\.postV1AcmeCounters", "POST", "\/V1\/acme\/counters", "", "xni"\]/);
    expect(types.runtime).toMatch(/\["installation\.getV1AcmeClaimIds", "GET", "\/V1\/acme\/claim-ids", "", "xl"\]/);
  });

  it('registerRoutes keeps the built-in definition of a key the SDK already has, and refuses malformed rows', () => {
    expect(registerRoutes([['x.y', 'GET', '/V1/products/{sku}', '', 'x']])).toBe(0);
    expect(() => registerRoutes([['x.y', 'GET', 'V1/no-slash', '', '']] as never)).toThrow(/row 0 is not \[id, method/);
  });

});

describe('types pull and types diff never print the token they obtained', () => {
  // An installation whose schema endpoint echoes the bearer it was sent (a debug error page, a proxy's
  // message): the admin token the CLI obtained must not reach the output, on either command.
  const ISSUED = 'issued-admin-token-0a1b2c3d4e5f';
  const echoing = (base: string) => [
    http.post(`${base}/rest/V1/integration/admin/token`, () => Response.json(ISSUED)),
    http.get(`${base}/rest/all/schema`, ({ request }) => Response.json({ message: `Not authorized: ${request.headers.get('authorization')}` }, { status: 500 })),
  ];

  it('types pull: the echoed token is redacted in the error it prints', async () => {
    server.use(...echoing('https://echo-pull.example'));
    const out = await cli(['types', 'pull', '--base-url', 'https://echo-pull.example', '--out', declarationFile, '--runtime', runtimeFile]);
    expect(out.code).not.toBe(0);
    expect(out.stdout + out.stderr).toContain('Not authorized');
    expect(out.stdout + out.stderr).not.toContain(ISSUED);
  });

  it('types diff: tokens from both installations are redacted', async () => {
    server.use(...echoing('https://echo-a.example'), ...echoing('https://echo-b.example'));
    const out = await cli(['types', 'diff', 'https://echo-a.example', 'https://echo-b.example']);
    expect(out.code).not.toBe(0);
    expect(out.stdout + out.stderr).toContain('Not authorized');
    expect(out.stdout + out.stderr).not.toContain(ISSUED);
  });
});
