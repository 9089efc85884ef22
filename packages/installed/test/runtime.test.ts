// What a user's program does with the installed tarballs: ESM and CommonJS, Node 22 and 24, real
// calls against the fakes on loopback; `/testing` without msw, `/testing/msw` with it.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import budgets from '../../../bench/budgets.json' with { type: 'json' };
import { copyFixtures, repoRoot, run } from './apps.ts';

const apps = inject('apps');

beforeAll(() => {
  copyFixtures(apps.bare, ['calls.mjs', 'calls.cjs', 'scenario.cjs']);
  copyFixtures(apps.full, ['msw-handlers.mjs']);
});

const expected = {
  product: { sku: 'SKU-0001', price: expect.any(Number) },
  bulk: { ok: true, total: 3, complete: 3 },
  missing: { branded: true, kind: 'http', status: 404 },
  batch: { succeeded: ['good-item'], failed: [['bad-item', 1210]] },
  callback: { status: 200, seen: ['eqp_status_update'] },
};

describe.each([22, 24] as const)('Node %i, only the tarballs installed (no msw)', (version) => {
  it.each(['calls.mjs', 'calls.cjs'])('%s signs in, reads, runs a bulk to completion, submits a batch and takes a callback', async (file) => {
    const node = apps.node[version];
    const result = await run(node, [file], apps.bare);
    expect(result.stderr, result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expected);
    const actual = await run(node, ['--version'], apps.bare);
    expect(actual.stdout.trim()).toMatch(new RegExp(`^v${version}\\.`));
  });

  it.each(['@magekit/commerce/testing/msw', '@magekit/marketplace/testing/msw'])('%s names msw as the missing peer', async (entry) => {
    const result = await run(apps.node[version], ['--input-type=module', '-e', `await import('${entry}')`], apps.bare);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Cannot find (package|module) 'msw'/);
  });
});

describe('with msw installed', () => {
  it('the MSW handlers of both fakes intercept real client calls', async () => {
    const result = await run(apps.node[24], ['msw-handlers.mjs'], apps.full);
    expect(result.stderr, result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ sku: 'SKU-0002', mageId: expect.stringMatching(/^MAG/) });
  });
});

describe('the tarballs', () => {
  it.each(['commerce', 'marketplace'] as const)('@magekit/%s ships no sources, no source condition and no private package', (name) => {
    const dir = path.join(apps.bare, 'node_modules/@magekit', name);
    const manifest = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
    expect(fs.existsSync(path.join(dir, 'src'))).toBe(false);
    expect(manifest).not.toContain('@magekit/source');
    expect(manifest).not.toContain('@magekit/core');
    expect(manifest).not.toContain('devDependencies');
    expect(fs.existsSync(path.join(apps.bare, 'node_modules/@magekit/core'))).toBe(false);
  });

  it.each(['commerce', 'marketplace'] as const)('@magekit/%s stays within its size budget', (name) => {
    const tarball = apps.tarballs[name];
    const packed = fs.statSync(tarball).size;
    const dir = path.join(apps.bare, 'node_modules/@magekit', name);
    const unpacked = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).reduce((sum, file) => sum + (fs.statSync(path.join(dir, file)).isFile() ? fs.statSync(path.join(dir, file)).size : 0), 0);
    const budget = budgets.tarballBytes[`@magekit/${name}`];
    console.log(`@magekit/${name}: ${(packed / 1024).toFixed(1)} KB packed (budget ${budget.packed / 1024}), ${(unpacked / 1024).toFixed(1)} KB unpacked (budget ${budget.unpacked / 1024})`);
    expect(packed).toBeLessThanOrEqual(budget.packed);
    expect(unpacked).toBeLessThanOrEqual(budget.unpacked);
  });

  it.each(['commerce', 'marketplace'] as const)('@magekit/%s passes publint and are-the-types-wrong (node16 and bundler resolution)', async (name) => {
    const bin = (tool: string) => path.join(repoRoot, 'node_modules/.bin', tool);
    const lint = await run(bin('publint'), ['--strict', apps.tarballs[name]], repoRoot);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    const types = await run(bin('attw'), ['--profile', 'node16', '--format', 'ascii', apps.tarballs[name]], repoRoot);
    expect(types.code, types.stdout + types.stderr).toBe(0);
  });
});
