/**
 * Imports that survive a crash: the journal a bulk call writes, and resuming from it after the
 * process died at each step (before a chunk was sent, after it was sent but before its bulk UUID
 * was recorded, while waiting), one of them a real child process killed with SIGKILL.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BulkJournal, JournalEntry } from '../../src/async/journal.ts';
import { createCommerceClient, none } from '../../src/index.ts';
import { openBulkJournal, readBulkJournal, replayJournal, resumeBulkImport } from '../../src/node/index.ts';
import { createFakeCommerce, startFakeCommerce, type FakeCommerce } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://shop.journal.test';
const rows = Array.from({ length: 30 }, (_, i) => {
  const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
  return { sku, product: { sku, price: 500 + i } };
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'magekit-journal-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function withFake(): FakeCommerce {
  const fake = createFakeCommerce({ auth: false, seed: { products: 30 }, consumer: { autoStart: false, failures: { bySku: { 'SKU-0003': { status: 3, message: 'The product was unable to be saved.' } } } } });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return fake;
}

const client = () => createCommerceClient({ baseUrl: BASE, auth: none() });
const killed = new Error('process killed (simulated)');

/** A journal that "dies" at a step: `after` records the entry then stops; `before` stops without recording it. */
function dyingJournal(file: BulkJournal, when: 'after' | 'before', matches: (entry: JournalEntry) => boolean): BulkJournal {
  let dead = false;
  return {
    async record(entry) {
      if (dead) throw killed;
      if (!matches(entry)) return file.record(entry);
      dead = true;
      if (when === 'after') await file.record(entry);
      throw killed;
    },
  };
}

async function importUntilKilled(journalPath: string, when: 'after' | 'before', matches: (entry: JournalEntry) => boolean): Promise<void> {
  const file = await openBulkJournal(journalPath);
  const error = await client().bulk.products.update(rows, { chunkSize: 10, concurrency: 1, journal: dyingJournal(file, when, matches) }).catch((e: unknown) => e);
  expect(error).toBe(killed);
  await file.close();
}

describe('the journal file', () => {
  it('records each chunk before and after its submission, one durable JSON line each', async () => {
    withFake();
    const path = join(dir, 'import.journal');
    const journal = await openBulkJournal(path);
    const job = await client().bulk.products.update(rows, { chunkSize: 10, concurrency: 2, journal });
    await journal.close();
    const entries = await readBulkJournal(path);
    expect(entries[0]).toMatchObject({ type: 'start', version: 1, route: 'PUT /V1/products/{sku}', total: 30 });
    for (const chunk of [0, 1, 2]) {
      const submitting = entries.findIndex((e) => e.type === 'submitting' && e.chunk === chunk);
      const submitted = entries.findIndex((e) => e.type === 'submitted' && e.chunk === chunk);
      expect(submitting).toBeGreaterThan(0);
      expect(submitted).toBeGreaterThan(submitting);
      expect(entries[submitting]).toMatchObject({ positions: [[chunk * 10, chunk * 10 + 9]] });
      expect(entries[submitted]).toMatchObject({ bulkUuid: job.chunks[chunk]!.bulkUuid, rejected: [] });
    }
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(7);
  });

  it('refuses to start an import over an existing journal', async () => {
    const path = join(dir, 'import.journal');
    writeFileSync(path, '');
    await expect(openBulkJournal(path)).rejects.toMatchObject({ kind: 'input', message: expect.stringContaining('already exists') });
  });

  it('ignores a torn last line and refuses damage before it', async () => {
    withFake();
    const path = join(dir, 'import.journal');
    const journal = await openBulkJournal(path);
    await client().bulk.products.update(rows.slice(0, 10), { journal });
    await journal.close();
    const whole = readFileSync(path, 'utf8');
    appendFileSync(path, '{"type":"submitting","chunk":1,"posi');
    expect(await readBulkJournal(path)).toHaveLength(3);
    writeFileSync(path, `${whole}{"type":"submitted","chu\n`); // torn, then a newline from a later write
    expect(await readBulkJournal(path)).toHaveLength(3);
    const lines = whole.split('\n');
    writeFileSync(path, [lines[0], 'garbage', ...lines.slice(1)].join('\n'));
    await expect(readBulkJournal(path)).rejects.toThrow(/damaged at line 2/);
  });
});

describe('replaying a journal', () => {
  it('keeps the original positions of a resubmission, and lists the elements never sent by them', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const { job, unsettled } = replayJournal([
      { type: 'start', version: 1, route: 'PUT /V1/products/{sku}', total: 3, positions: [[3, 3], [17, 17], [42, 42]], at },
      { type: 'submitting', chunk: 0, positions: [[3, 3], [17, 17]], at },
      { type: 'submitted', chunk: 0, bulkUuid: 'u0', rejected: [{ requestId: 1, message: 'The "price" value is invalid.', errorCode: null }], at },
    ]);
    expect(job.items.map((i) => [i.position, i.requestId, i.status])).toEqual([[3, 0, 'accepted'], [17, 1, 'rejected']]);
    expect(job.rejected).toEqual([{ position: 17, message: 'The "price" value is invalid.', errorCode: null, stage: 'acceptance' }]);
    expect(unsettled).toEqual([{ chunk: -1, positions: [[42, 42]], state: 'not-sent', reason: expect.any(String) }]);
  });

  it('refuses a journal without its start entry', () => {
    expect(() => replayJournal([])).toThrow(/no start entry/);
  });
});

describe('resume after a kill', () => {
  it('before a chunk was sent: waits on the recorded bulks, lists the chunk as unknown and the rest as never sent', async () => {
    const fake = withFake();
    const path = join(dir, 'import.journal');
    await importUntilKilled(path, 'after', (e) => e.type === 'submitting' && e.chunk === 1);
    expect(fake.queue.bulks.size).toBe(1);

    fake.consumer.start();
    const resumed = await resumeBulkImport(client(), path, { minDelay: 5, inputs: rows });
    expect(resumed.outcome.bulkUuids).toHaveLength(1);
    expect(resumed.outcome.operations.map((op) => op.position)).toEqual([...Array(10).keys()]);
    expect(resumed.outcome.operations[2]).toMatchObject({ state: 'failed', input: rows[2] });
    expect(resumed.unsettled).toEqual([
      { chunk: 1, positions: [[10, 19]], state: 'unknown', reason: expect.stringContaining('may have queued it') },
      { chunk: -1, positions: [[20, 29]], state: 'not-sent', reason: expect.any(String) },
    ]);
  });

  it('after a chunk was sent but before its bulk UUID was recorded: the chunk is unknown, not sent again', async () => {
    const fake = withFake();
    const path = join(dir, 'import.journal');
    await importUntilKilled(path, 'before', (e) => e.type === 'submitted' && e.chunk === 1);
    expect(fake.queue.bulks.size).toBe(2); // the platform did queue it
    const before = fake.stats.byRoute.get('bulk PUT /V1/products/{sku}');

    fake.consumer.start();
    const resumed = await resumeBulkImport(client(), path, { minDelay: 5 });
    expect(fake.stats.byRoute.get('bulk PUT /V1/products/{sku}')).toBe(before); // nothing resubmitted
    expect(resumed.outcome.counts).toMatchObject({ total: 10, complete: 9, failed: 1 });
    // Without the inputs, each failure still names its element (from the platform's copy).
    expect(resumed.outcome.operations[2]).toMatchObject({ position: 2, state: 'failed', input: rows[2] });
    expect(resumed.unsettled.map((c) => [c.chunk, c.state, c.positions])).toEqual([[1, 'unknown', [[10, 19]]], [-1, 'not-sent', [[20, 29]]]]);
  });

  it('during the wait: every chunk was recorded, so resume waits on all of them and ties each operation to its input', async () => {
    const fake = withFake();
    const path = join(dir, 'import.journal');
    const journal = await openBulkJournal(path);
    await client().bulk.products.update(rows, { chunkSize: 10, journal });
    await journal.close();
    // The process died while waiting; a new one resumes.
    fake.consumer.start();
    const resumed = await resumeBulkImport(client(), path, { minDelay: 5, inputs: rows });
    expect(resumed.unsettled).toEqual([]);
    expect(resumed.outcome.counts).toEqual({ total: 30, complete: 29, failed: 1, retryable: 0, rejected: 0, open: 0, unaccounted: 0 });
    expect(resumed.outcome.operations.map((op) => (op.input as { sku: string }).sku)).toEqual(rows.map((r) => r.sku));
  });
});

const CHILD = fileURLToPath(new URL('../support/journal-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('a real process killed with SIGKILL mid-import', () => {
  it('leaves a journal that resume reads: the chunk in flight is unknown, nothing is lost or sent twice', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 30 } });
    let bulkRequests = 0;
    let inFlight!: () => void;
    const secondChunkInFlight = new Promise<void>((resolve) => (inFlight = resolve));
    // The platform queues the second chunk, but its answer never reaches the child before it dies.
    const handle = async (request: Request) => {
      if (!new URL(request.url).pathname.includes('/async/bulk/')) return fake.handle(request);
      bulkRequests += 1;
      const response = await fake.handle(request);
      if (bulkRequests < 2) return response;
      inFlight();
      return new Promise<Response>(() => {});
    };
    const running = await startFakeCommerce({ fake: { ...fake, handle } });
    server.use(...commerceHandlers(fake, { baseUrl: running.url })); // this process reaches the fake through MSW; the child through the socket
    const path = join(dir, 'import.journal');
    try {
      const child = spawn(process.execPath, ['--conditions=@magekit/source', '--import', 'tsx', CHILD, running.url, path], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await Promise.race([secondChunkInFlight, exited.then(() => Promise.reject(new Error(`the child exited early: ${stderr}`)))]);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      expect(fake.queue.bulks.size).toBe(2);

      const entries = await readBulkJournal(path);
      expect(entries.map((e) => `${e.type}${'chunk' in e ? e.chunk : ''}`)).toEqual(['start', 'submitting0', 'submitted0', 'submitting1']);

      const resumed = await resumeBulkImport(createCommerceClient({ baseUrl: running.url, auth: none() }), path, { minDelay: 5, inputs: rows });
      expect(bulkRequests).toBe(2);
      expect(resumed.outcome.ok).toBe(true);
      expect(resumed.outcome.operations.map((op) => op.position)).toEqual([...Array(10).keys()]);
      expect(resumed.unsettled.map((c) => [c.chunk, c.state, c.positions])).toEqual([[1, 'unknown', [[10, 19]]], [-1, 'not-sent', [[20, 29]]]]);
    } finally {
      await running.close();
    }
  }, 30_000);
});
