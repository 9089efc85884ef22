/**
 * `magekit-commerce export <route>` in-process against the fake under MSW (NDJSON, CSV, progress,
 * bad input), and the built dist/cli.js as a child process against the fake on loopback.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { server } from '@magekit/test-support/msw';
import { runCli } from '@magekit/test-support/cli';
import { run } from '../../../src/cli/run.ts';
import { createFakeCommerce, startFakeCommerce, type FakeCommerce } from '../../../src/testing/index.ts';
import { commerceHandlers } from '../../../src/testing/msw-handlers.ts';

const BASE = 'https://shop.cli-export.test';
const ENV = { MAGEKIT_BASE_URL: BASE, MAGEKIT_TOKEN: 'cli-export-token-0001' };

function withFake(products = 250): FakeCommerce {
  const fake = createFakeCommerce({ auth: false, seed: { products } });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return fake;
}

const cli = (argv: string[], isTTY = false) => runCli(run, argv, { env: ENV, isTTY });
const lines = (text: string) => text.split('\n').filter(Boolean);

describe('export', () => {
  it('writes every product once as NDJSON, read in parallel slices, and says how many on stderr', async () => {
    const fake = withFake();
    const { code, stdout, stderr } = await cli(['export', '/V1/products', '--concurrency', '3', '--page-size', '40', '--fields', 'sku,price']);
    expect(code).toBe(0);
    const records = lines(stdout).map((line) => JSON.parse(line) as { sku: string; price: number });
    expect(records).toHaveLength(250);
    expect(new Set(records.map((r) => r.sku)).size).toBe(250);
    expect(Object.keys(records[0]!)).toEqual(['sku', 'price']);
    expect(stderr).toMatch(/^progress: \d+ of ~250 records \(\d+%\), \d\/3 slices done, \d+ requests\n/);
    expect(stderr).toMatch(/Exported 250 record\(s\) in \d+ request\(s\)\.\n$/);
    // Each window counts about its own page: nowhere near a count of the whole table per request.
    expect(fake.searchStats.rowsScanned / 250).toBeLessThan(4);
  });

  it('writes CSV with the --fields as columns, nested values as JSON, quoting what needs it', async () => {
    const fake = withFake(3);
    fake.store.products.get('SKU-0002')!['name'] = 'Tee, "vintage"';
    const { code, stdout } = await cli(['export', 'GET /V1/products', '--format', 'csv', '--fields', 'sku,name,extension_attributes[website_ids]', '-q']);
    expect(code).toBe(0);
    const rows = stdout.split('\r\n');
    expect(rows[0]).toBe('sku,name,extension_attributes');
    expect(rows[2]).toBe('SKU-0002,"Tee, ""vintage""","{""website_ids"":[1]}"');
    expect(rows).toHaveLength(5); // header, 3 rows, the empty string after the last CRLF
  });

  it('writes the CSV header alone for an empty export', async () => {
    withFake(0);
    const { code, stdout } = await cli(['export', '/V1/products', '--format', 'csv', '--fields', 'sku,price', '-q']);
    expect(code).toBe(0);
    expect(stdout).toBe('sku,price\r\n');
  });

  it('draws the progress on one line on a terminal', async () => {
    withFake();
    const { stderr } = await cli(['export', '/V1/products', '--page-size', '50'], true);
    expect(stderr).toContain('\r');
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(/Exported 250 record\(s\)/);
  });

  it('names bad input and sends nothing', async () => {
    const fake = withFake();
    const sent = fake.stats.requests;
    expect((await cli(['export', '/V1/products', '--format', 'csv'])).stderr).toContain('CSV needs its columns: pass --fields');
    expect((await cli(['export', '/V1/products', '--format', 'xml'])).stderr).toContain('--format xml is not a format');
    expect((await cli(['export', '/V1/products', '--concurrency', '0'])).stderr).toContain('--concurrency must be a whole number of at least 1');
    const refused = await cli(['export', '/V1/bulk', '--format', 'csv', '--fields', 'id']);
    expect(refused.stderr).toContain('cannot be walked by key');
    expect(refused.stdout).toBe(''); // not even the CSV header
    expect((await cli(['export'])).stderr).toContain('export needs a search route');
    expect(fake.stats.requests).toBe(sent);
    expect((await cli(['export', '--help'])).stdout).toContain('Usage: magekit-commerce export <route> [options]');
  });
});

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const built = join(root, 'dist/cli.js');

describe('export and changes as the built CLI against the fake on loopback', () => {
  it('exports and follows changes over real HTTP, credentials from the environment', async () => {
    // A missing build fails here rather than skipping: `npm test` builds before vitest.
    if (!existsSync(built)) throw new Error('packages/commerce/dist/cli.js is missing: run `npm run build` first (npm test does).');
    const running = await startFakeCommerce({ seed: { orders: 40 } });
    try {
      const env = { ...process.env, MAGEKIT_BASE_URL: running.url, MAGEKIT_ADMIN_USERNAME: 'admin', MAGEKIT_ADMIN_PASSWORD: 'admin123!' };
      const exec = (args: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
          execFile(process.execPath, [built, ...args], { env }, (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })),
        );
      const exported = await exec(['export', '/V1/orders', '--fields', 'entity_id']);
      expect(exported.code).toBe(0);
      expect(lines(exported.stdout)).toHaveLength(40);
      const file = join(root, `.tmp-changes-${process.pid}.checkpoint`);
      try {
        const changed = await exec(['changes', '/V1/orders', '--checkpoint-file', file, '--fields', 'entity_id']);
        expect(changed.code).toBe(0);
        expect(lines(changed.stdout)).toHaveLength(40);
        expect((await exec(['changes', '/V1/orders', '--checkpoint-file', file, '--fields', 'entity_id'])).stdout).toBe('');
      } finally {
        await import('node:fs/promises').then((fs) => fs.rm(file, { force: true }));
      }
      expect(exported.stderr + exported.stdout).not.toContain('admin123!');
    } finally {
      await running.close();
    }
  });
});
