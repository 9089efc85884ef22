/**
 * `magekit-commerce changes <route> --checkpoint-file F` in-process against the fake under MSW:
 * NDJSON out, the checkpoint saved only after the page's lines are flushed, a rerun goes on from it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@magekit/test-support/msw';
import { runCli } from '@magekit/test-support/cli';
import { run, type CliIO } from '../../../src/cli/run.ts';
import { createFakeCommerce, type FakeCommerce } from '../../../src/testing/index.ts';
import { commerceHandlers } from '../../../src/testing/msw-handlers.ts';

const BASE = 'https://shop.cli-changes.test';
const ENV = { MAGEKIT_BASE_URL: BASE, MAGEKIT_TOKEN: 'cli-changes-token-0001' };

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'magekit-changes-'));
  file = join(dir, 'orders.checkpoint');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function withFake(orders = 25): FakeCommerce {
  const fake = createFakeCommerce({ auth: false, seed: { orders } });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return fake;
}

const cli = (argv: string[]) => runCli(run, argv, { env: ENV });
const ids = (ndjson: string) => ndjson.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { entity_id: number }).entity_id);

describe('changes', () => {
  it('writes every order as NDJSON and saves the checkpoint; a rerun writes only what changed since', async () => {
    const fake = withFake();
    const first = await cli(['changes', '/V1/orders', '--checkpoint-file', file, '--page-size', '10', '--fields', 'entity_id,status']);
    expect(first.code).toBe(0);
    expect(ids(first.stdout)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(JSON.parse(first.stdout.split('\n')[0]!)).toEqual({ entity_id: 1, status: 'pending', updated_at: '2024-01-01 00:01:00' });
    expect(first.stderr).toContain(`25 changed record(s) written`);
    expect(readFileSync(file, 'utf8')).toMatch(/^[A-Za-z0-9_-]+\n$/); // opaque, one line

    const order = fake.store.orders.get(7)!;
    order['status'] = 'processing';
    order['updated_at'] = '2024-01-02 00:00:00';
    const second = await cli(['changes', 'GET /V1/orders', '--checkpoint-file', file, '--fields', 'entity_id,status']);
    expect(second.code).toBe(0);
    expect(second.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l))).toEqual([{ entity_id: 7, status: 'processing', updated_at: '2024-01-02 00:00:00' }]);

    // The overlap read back (the last 30 s before the newest change) holds order 7 again, at the version written.
    const third = await cli(['changes', '/V1/orders', '--checkpoint-file', file, '--fields', 'entity_id,status']);
    expect(third.stdout).toBe('');
    expect(third.stderr).toContain('0 changed record(s) written (1 already delivered at that version left out)');
  });

  it('saves the checkpoint only after the page is flushed: a failed flush leaves the last flushed page, and the rerun writes the rest again', async () => {
    withFake();
    let out = '';
    let flushed = '';
    let flushes = 0;
    const io: CliIO = {
      env: ENV,
      isTTY: false,
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: () => undefined },
      // The reader goes away during the third page.
      flushStdout: async () => {
        flushes += 1;
        if (flushes === 3) throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
        flushed = out;
      },
    };
    const code = await run(['changes', '/V1/orders', '--checkpoint-file', file, '--page-size', '10'], io);
    expect(code).toBe(1);
    const lostWithThePipe = ids(out).filter((id) => !ids(flushed).includes(id));
    expect(lostWithThePipe.length).toBeGreaterThan(0);
    const rerun = await cli(['changes', '/V1/orders', '--checkpoint-file', file, '--page-size', '10']);
    expect(rerun.code).toBe(0);
    // Everything not flushed comes again, nothing flushed before comes twice.
    expect(ids(rerun.stdout)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1).filter((id) => !ids(flushed).includes(id)));
  });

  it('starts at --since on a first run and refuses it once the file holds a checkpoint', async () => {
    withFake();
    const first = await cli(['changes', '/V1/orders', '--checkpoint-file', file, '--since', '2024-01-01T00:20:00Z']);
    expect(ids(first.stdout)).toEqual([20, 21, 22, 23, 24, 25]);
    const again = await cli(['changes', '/V1/orders', '--checkpoint-file', file, '--since', '2024-01-01']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--since applies only to a first run');
  });

  it("refuses another feed's or a damaged checkpoint with a message naming it, and sends nothing", async () => {
    const fake = withFake();
    await cli(['changes', '/V1/orders', '--checkpoint-file', file]);
    const sent = fake.stats.requests;
    const other = await cli(['changes', '/V1/customers/search', '--checkpoint-file', file]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('the checkpoint belongs to another walk: route "GET /V1/orders", not "GET /V1/customers/search"; nothing was sent.');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 60));
    const damaged = await cli(['changes', '/V1/orders', '--checkpoint-file', file]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('the checkpoint is damaged');
    expect(fake.stats.requests).toBe(sent);
    expect(damaged.all).not.toContain(ENV.MAGEKIT_TOKEN);
  });

  it("notes on stderr what a products feed cannot see", async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 3 } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    const { code, stdout, stderr } = await cli(['changes', '/V1/products', '--checkpoint-file', file, '--fields', 'sku']);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(3);
    expect(stderr).toContain("note: a product's updated_at does not move on mass attribute updates, saveAttribute or stock changes");
  });

  it('names what is missing', async () => {
    withFake();
    expect((await cli(['changes', '/V1/orders'])).stderr).toContain('changes needs --checkpoint-file');
    expect((await cli(['changes', '--checkpoint-file', file])).stderr).toContain('changes needs a search route');
    expect((await cli(['changes', '/V1/orders', '--checkpoint-file', file, '--lookback', 'soon'])).stderr).toContain('--lookback must be a whole number');
    expect((await cli(['changes', '--help'])).stdout).toContain('Usage: magekit-commerce changes <route> --checkpoint-file <file>');
  });
});
