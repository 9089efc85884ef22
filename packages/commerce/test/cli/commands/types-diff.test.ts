/**
 * `magekit-commerce types diff` end to end: releases, a saved schema, a live installation (the fake
 * with a custom module), `--used-by` a project's sources, `--json`, and the exit codes a CI job gates on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/run.ts';
import { acmeWarrantyModule, startFakeCommerce, type RunningFakeCommerce } from '../../../src/testing/index.ts';
import { moduleSchema } from '../../../src/testing/custom-module.ts';
import { server } from '@magekit/test-support/msw';
import { repoRoot } from '../../support/spec.ts';
import { runCli } from '@magekit/test-support/cli';

const admin = { username: 'admin', password: 'admin123!' };
const tmpRoot = path.join(repoRoot, 'bench/.tmp');
fs.mkdirSync(tmpRoot, { recursive: true });
const dir = fs.mkdtempSync(path.join(tmpRoot, 'types-diff-'));

let fake: RunningFakeCommerce;
beforeAll(async () => {
  fake = await startFakeCommerce({ auth: { admins: [admin] }, modules: [acmeWarrantyModule] });
});
beforeEach(() => server.use(http.all(`${fake.url}/*`, () => passthrough())));
afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (argv: string[], env: Record<string, string> = {}) => runCli(run, ['types', 'diff', ...argv], { env });

describe('types diff', () => {
  it('2.4.6 → 2.4.9: 92 routes added, 4 removed, the field changes, exit 2 for the breaking ones', async () => {
    const { code, stdout, stderr } = await cli(['2.4.6', '2.4.9']);
    expect(stderr).toBe('');
    expect(code).toBe(2);
    expect(stdout).toMatch(/^2\.4\.6 → 2\.4\.9: 92 route\(s\) added, 4 removed, \d+ parameter\/body\/response change\(s\), \d+ field change\(s\)\./);
    expect(stdout).toContain('Routes removed (4):\n  POST /V1/quick-checkout/account-details  (breaking)\n');
    expect(stdout).toContain('  gift-wrapping-data-wrapping-interface (used by 4 route(s))\n    ! wrapping_id: now required  (breaking)\n');
    expect(stdout).toContain('    + coupon_codes: string[]?\n');
    expect(stdout).toMatch(/\n\d+ route\(s\) break a caller:\n/);
    const json = JSON.parse((await cli(['2.4.6', '2.4.9', '--json'])).stdout) as { added: string[]; removed: string[]; breaking: boolean; changes: { kind: string }[] };
    expect(json.added).toHaveLength(92);
    expect(json.removed).toHaveLength(4);
    expect(json.breaking).toBe(true);
    expect(json.changes.filter((c) => c.kind.startsWith('field-')).length).toBeGreaterThan(20);
  });

  it('exits 0 when nothing breaks a caller: the same release, or only additions', async () => {
    expect(await cli(['2.4.9', '2.4.9'])).toMatchObject({ code: 0, stdout: expect.stringContaining('No change breaks a caller.') });
    const additions = await cli(['2.4.8', '2.4.9', '--used-by', writeProject('additions', { 'app.ts': "await commerce.request('GET /V1/products/{sku}', { sku });\n" })]);
    expect(additions.stdout).toContain('(routes called under');
    expect(additions.code).toBe(0);
  });

  it('--used-by limits the report to the routes a project calls, by route string and by named method', async () => {
    const project = writeProject('app', {
      'src/checkout.ts': "await commerce.request('POST /V1/tfa/provider/duo_security/authenticate', body);\nawait commerce.giftWrappings?.get({ id: 1 });\n",
      'src/legacy.js': 'fetch("POST /V1/quick-checkout/has-account/");\n',
      'node_modules/x/index.js': "request('POST /V1/quick-checkout/account-details')\n",
    });
    const { code, stdout } = await cli(['2.4.6', '2.4.9', '--used-by', project, '--json']);
    expect(code).toBe(2);
    const diff = JSON.parse(stdout) as { removed: string[]; breakingRoutes: string[]; added: string[] };
    expect(diff.removed).toEqual(['POST /V1/quick-checkout/has-account']);
    expect(diff.added).toEqual([]);
    expect(diff.breakingRoutes).toEqual(['POST /V1/quick-checkout/has-account', 'POST /V1/tfa/provider/duo_security/authenticate']);
  });

  it('compares a saved schema and a live installation with its custom module', async () => {
    const saved = path.join(dir, 'before.json');
    fs.writeFileSync(saved, JSON.stringify(moduleSchema(undefined, [])));
    const env = { MAGEKIT_ADMIN_USERNAME: admin.username, MAGEKIT_ADMIN_PASSWORD: admin.password };
    // The saved one has only the platform's token routes and the customer's own: a customer subset, refused as such.
    const refused = await cli([saved, fake.url], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${saved} is the customer subset of its schema (3 operation(s), e.g. GET /V1/customers/me)`);
    const withProducts = { ...acmeWarrantyModule, routes: {}, swagger: { paths: { '/V1/products/{sku}': acmeWarrantyModule.swagger.paths['/V1/products/{sku}']! }, definitions: acmeWarrantyModule.swagger.definitions } };
    fs.writeFileSync(saved, JSON.stringify(moduleSchema(undefined, [withProducts])));
    const { code, stdout } = await cli([saved, fake.url, '--json'], env);
    // An admin does not see the customer's own route: removed, so breaking.
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ added: ['GET /V1/acme/warranty-claims', 'GET /V1/acme/warranty-claims/{claimId}', 'POST /V1/acme/products/{sku}/warranty-claims'], removed: ['GET /V1/customers/me'], breaking: true });
  });

  it('explains bad input with exit 1', async () => {
    expect(await cli(['2.4.6'])).toMatchObject({ code: 1, stderr: expect.stringContaining('types diff takes two schemas, got 1.') });
    expect(await cli(['2.3.7', '2.4.9'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No data for platform release 2.3.7: the package knows 2.4.6, 2.4.7, 2.4.8, 2.4.9.') });
    const missing = path.join(dir, 'nope.json');
    expect(await cli([missing, '2.4.9'])).toMatchObject({ code: 1, stderr: expect.stringContaining(`Cannot read the schema ${missing}: there is no such file.`) });
    expect(await cli(['2.4.9', 'https://shop.example.com'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No credentials') });
    expect(await cli(['2.4.6', '2.4.9', '--used-by', path.join(dir, 'nowhere')])).toMatchObject({ code: 1, stderr: expect.stringContaining('--used-by') });
    expect((await cli(['--help'])).stdout).toContain('Exit codes: 0 no change breaks a caller, 2 some change does, 1 the diff');
  });
});

function writeProject(name: string, files: Record<string, string>): string {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
