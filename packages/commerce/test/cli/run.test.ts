/**
 * The `magekit-commerce bulk status|wait` CLI against the fake platform: run() in-process under
 * MSW for output and exit codes, and the built dist/cli.js as a child process against the fake on
 * loopback (when dist exists; `npm test` builds before vitest).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/async/journal.ts';
import { run } from '../../src/cli/run.ts';
import { openBulkJournal } from '../../src/node/index.ts';
import { adminToken, createCommerceClient, none, type AuthStrategy } from '../../src/index.ts';
import { createFakeCommerce, startFakeCommerce, type FakeCommerce, type FakeCommerceOptions } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';
import { runCli } from '@magekit/test-support/cli';

const BASE = 'https://shop.cli.test';
const UNKNOWN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const FAST = ['--poll-interval', '10ms'];
const ENV = { MAGEKIT_BASE_URL: BASE, MAGEKIT_TOKEN: 'cli-test-token-0001' };

const FAILURES = {
  'SKU-0007': { status: 3 as const, message: 'The product was unable to be saved.' },
  'SKU-0013': { status: 2 as const },
  'SKU-0021': { status: 5 as const, message: 'Message has been rejected.' },
};

function withFake(options: FakeCommerceOptions = {}, base = BASE): FakeCommerce {
  const fake = createFakeCommerce({ auth: false, seed: { products: 50 }, ...options });
  server.use(...commerceHandlers(fake, { baseUrl: base }));
  return fake;
}

/** 50 price updates as one bulk; the consumer is stopped, so every operation is open. */
async function createBulk(fake: FakeCommerce, base = BASE, auth: AuthStrategy = none()): Promise<string> {
  fake.consumer.stop();
  const rows = Array.from({ length: 50 }, (_, i) => {
    const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
    return { sku, product: { sku, price: 100 + i } };
  });
  const job = await createCommerceClient({ baseUrl: base, auth }).bulk.products.update(rows);
  expect(job.bulkUuids).toHaveLength(1);
  return job.bulkUuids[0]!;
}

function startConsumer(fake: FakeCommerce, delayMs = 2): void {
  fake.consumer.delayMs = delayMs;
  fake.consumer.start();
}

const cli = (argv: string[], options: { env?: Record<string, string | undefined>; isTTY?: boolean; readStdin?: () => Promise<string> } = {}) =>
  runCli(run, argv, { ...options, env: options.env ?? ENV });

/** No stack frames, ever. */
function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+[:(]/);
}

describe('bulk wait', () => {
  it('prints a progress line per change (not a TTY), the outcome, and exits 0 when everything completed', async () => {
    const fake = withFake();
    const uuid = await createBulk(fake);
    startConsumer(fake);
    const { code, stdout, stderr } = await cli(['bulk', 'wait', uuid, ...FAST]);
    expect(code).toBe(0);
    const lines = stderr.split('\n').filter((line) => line.startsWith('progress: '));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toMatch(/^progress: 50 of 50 closed \(100%\), 50 complete, 0 failed, 0 rejected, \d/);
    expect(stderr).not.toContain('\r');
    expect(stderr).toContain(`Waiting for bulk ${uuid} at ${BASE}`);
    expect(stdout).toContain(`Bulk ${uuid}: 50 operations`);
    expect(stdout).toMatch(/complete\s+50\n/);
    expect(stdout).toContain('Result: all 50 operations completed.');
    expect(stdout).not.toContain('Failed operations');
  });

  it('exits 2 and lists the failed operations with their messages and SKUs', async () => {
    const fake = withFake({ consumer: { failures: { bySku: FAILURES } } });
    const uuid = await createBulk(fake);
    startConsumer(fake);
    const { code, stdout, stderr } = await cli(['bulk', 'wait', uuid, ...FAST]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/progress: 50 of 50 closed \(100%\), 47 complete, 2 failed, 1 rejected/);
    expect(stdout).toMatch(/failed\s+2\s+\(1 retryable\)\n/);
    expect(stdout).toMatch(/rejected\s+1\n/);
    expect(stdout).toContain('Failed operations:\n');
    expect(stdout).toMatch(/#6\s+SKU-0007\s+failed: The product was unable to be saved\./);
    expect(stdout).toMatch(/#12\s+SKU-0013\s+retryable: SQLSTATE\[40001\]/);
    expect(stdout).toMatch(/#20\s+SKU-0021\s+rejected: Message has been rejected\./);
    expect(stdout).toContain('Result: 3 of 50 operations did not complete (2 failed, 1 rejected).');
    expect(stdout).toContain('1 failed with a retryable error (status 2)');
  });

  it('limits the listed failures with --failures', async () => {
    const fake = withFake({ consumer: { failures: { bySku: FAILURES } } });
    const uuid = await createBulk(fake);
    await fake.consumer.drain();
    const one = await cli(['bulk', 'wait', uuid, ...FAST, '--failures', '1', '--quiet']);
    expect(one.code).toBe(2);
    expect(one.stderr).toBe('');
    expect(one.stdout).toContain('Failed operations (first 1 of 3):');
    expect(one.stdout).toContain('...and 2 more (--failures 3 or --json lists them all)');
    const none = await cli(['bulk', 'wait', uuid, ...FAST, '--failures', '0', '-q']);
    expect(none.stdout).not.toContain('Failed operations');
  });

  it('--json prints a machine-readable outcome on stdout (progress stays on stderr)', async () => {
    const fake = withFake({ consumer: { failures: { bySku: FAILURES } } });
    const uuid = await createBulk(fake);
    startConsumer(fake);
    const { code, stdout, stderr } = await cli(['bulk', 'wait', uuid, ...FAST, '--json']);
    expect(code).toBe(2);
    expect(stderr).toContain('progress: ');
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ command: 'wait', bulkUuid: uuid, status: 'failed', exitCode: 2, counts: { total: 50, complete: 47, failed: 2, retryable: 1, rejected: 1, open: 0 } });
    expect(out.failures).toEqual([
      { position: 6, operationId: 6, status: 3, state: 'failed', errorCode: 0, message: 'The product was unable to be saved.', sku: 'SKU-0007' },
      expect.objectContaining({ position: 12, status: 2, state: 'retryable', sku: 'SKU-0013' }),
      expect.objectContaining({ position: 20, status: 5, state: 'rejected', sku: 'SKU-0021' }),
    ]);
    expect(out.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('redraws one bar with \\r on a TTY and ends it with a newline', async () => {
    const fake = withFake();
    const uuid = await createBulk(fake);
    startConsumer(fake);
    const { code, stderr } = await cli(['bulk', 'wait', uuid, ...FAST], { isTTY: true });
    expect(code).toBe(0);
    const frames = stderr.split('\r').filter(Boolean);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(frames[0]).toMatch(/^\[[#.]{30}\] \d+\/50 \d+%  \d+ open  /);
    expect(frames.at(-1)).toMatch(/^\[#{30}\] 50\/50 100%  50 complete, 0 failed, 0 rejected  [\d.]+s\s*\n$/);
    expect(stderr).not.toContain('progress: ');
    expect(stderr.split('\n')).toHaveLength(2); // one bar line, then the trailing newline
  });

  it('exits 3 with the consumer hint when the bulk stalls (consumer stopped)', async () => {
    const fake = withFake();
    const uuid = await createBulk(fake);
    const { code, stdout, stderr } = await cli(['bulk', 'wait', uuid, ...FAST, '--stall-after', '300ms']);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain('progress: 0 of 50 closed (0%), 50 open');
    expect(stderr).toContain(`magekit-commerce: Bulk ${uuid} has had 50 of 50 operations open without change for 0.3 s (stallAfter).\n`);
    expect(stderr).toContain('hint: The operations stay open until a queue consumer works them');
    expect(stderr.match(/queue:consumers:start/g)).toHaveLength(1); // the hint once, not repeated in the message
    expectNoStack(stderr);
  });

  it('exits 3 when --max-wait passes, and reports it in --json', async () => {
    const fake = withFake();
    const uuid = await createBulk(fake);
    const { code, stdout, stderr } = await cli(['bulk', 'wait', uuid, ...FAST, '--max-wait', '250ms', '--json']);
    expect(code).toBe(3);
    expect(stderr).toMatch(/magekit-commerce: waitForBulk gave up after 0.3 s \(maxWait\) with 50 of 50 operations still open/);
    expect(stderr).toContain('hint: Run `bulk wait` again with a longer --max-wait');
    expect(JSON.parse(stdout)).toMatchObject({ command: 'wait', bulkUuid: uuid, status: 'timed-out', exitCode: 3, counts: { total: 50, open: 50 }, error: { kind: 'timeout' } });
  });
});

describe('an unknown bulk', () => {
  it('exits 1 and says there is no bulk with that UUID (the fake\'s 404)', async () => {
    withFake();
    for (const command of ['wait', 'status']) {
      const { code, stdout, stderr } = await cli(['bulk', command, UNKNOWN, ...FAST]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain(`magekit-commerce: No bulk with that UUID at ${BASE}: ${UNKNOWN} (the platform answered 404: Bulk with UUID ${UNKNOWN} does not exist.)`);
      expect(stderr).toContain('hint: Check the UUID');
      expectNoStack(stderr);
    }
  });

  it("recognises the platform's own answer (NoSuchEntityException: \"Bulk uuid %bulkUuid not exist\")", async () => {
    server.use(http.get(`${BASE}/rest/V1/bulk/:uuid/*`, ({ params }) => HttpResponse.json({ message: 'Bulk uuid %bulkUuid not exist', parameters: { bulkUuid: params['uuid'] } }, { status: 404 })));
    const { code, stderr, stdout } = await cli(['bulk', 'status', UNKNOWN, '--json']);
    expect(code).toBe(1);
    expect(stderr).toContain(`No bulk with that UUID at ${BASE}: ${UNKNOWN} (the platform answered 404: Bulk uuid ${UNKNOWN} not exist)`);
    expect(JSON.parse(stdout)).toMatchObject({ command: 'status', bulkUuid: UNKNOWN, status: 'error', exitCode: 1, error: { kind: 'not-found' } });
  });

  it('tells a missing route (wrong base URL) apart from a missing bulk', async () => {
    withFake();
    server.use(http.get(`${BASE}/shop/rest/*`, () => HttpResponse.json({ message: 'Request does not match any route.' }, { status: 404 })));
    const { code, stderr } = await cli(['bulk', 'status', UNKNOWN, '--base-url', `${BASE}/shop`]);
    expect(code).toBe(1);
    expect(stderr).toContain(`The bulk status routes were not found at ${BASE}/shop`);
    expect(stderr).toContain('hint: Check --base-url');
  });
});

describe('bulk status', () => {
  it('exits 3 while operations are open, 2 once some failed, 0 when everything completed', async () => {
    const fake = withFake({ consumer: { failures: { bySku: FAILURES } } });
    const uuid = await createBulk(fake);

    const open = await cli(['bulk', 'status', uuid]);
    expect(open.code).toBe(3);
    expect(open.stdout).toMatch(/open\s+50\n/);
    expect(open.stdout).toContain(`Result: 50 of 50 operations still open. Follow it with: magekit-commerce bulk wait ${uuid}`);
    expect(open.stderr).toBe('');

    await fake.consumer.drain();
    const failed = await cli(['bulk', 'status', uuid, '--json']);
    expect(failed.code).toBe(2);
    expect(JSON.parse(failed.stdout)).toMatchObject({ command: 'status', status: 'failed', exitCode: 2, counts: { total: 50, complete: 47, failed: 2, rejected: 1, open: 0 } });

    const clean = withFake();
    const other = await createBulk(clean);
    await clean.consumer.drain();
    const ok = await cli(['bulk', 'status', other]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Result: all 50 operations completed.');
  });

  it('counts operations the platform has not stored yet as open, and agrees with `bulk wait` on exit codes', async () => {
    // An installation that stores an operation only once worked: operation-status/4 is 0 throughout.
    const fake = withFake({ operationStorage: 'when-worked', consumer: { failures: { bySku: FAILURES } } });
    const uuid = await createBulk(fake);
    const queued = fake.queue.pending.splice(0); // the consumer works the first 30 only
    fake.queue.pending.push(...queued.slice(0, 30));
    await fake.consumer.drain();

    const status = await cli(['bulk', 'status', uuid, '--json']);
    expect(status.code).toBe(3); // not finished, although some failed already
    expect(JSON.parse(status.stdout).counts).toEqual({ total: 50, complete: 27, failed: 2, retryable: 1, rejected: 1, open: 20, unaccounted: 0 });

    // The waiter must not call it done either (the open counter says 0); at the deadline the 20 never
    // reported are unaccounted, and the exit code is the same.
    const wait = await cli(['bulk', 'wait', uuid, ...FAST, '--max-wait', '300ms', '--json', '-q']);
    expect(wait.code).toBe(3);
    expect(JSON.parse(wait.stdout)).toMatchObject({ status: 'timed-out', counts: { total: 50, complete: 27, failed: 2, rejected: 1, open: 0, unaccounted: 20 } });
    expect(JSON.parse(wait.stdout).failures).toHaveLength(23);
    // In text too, what failed so far is listed although the wait gave up.
    const text = await cli(['bulk', 'wait', uuid, ...FAST, '--max-wait', '300ms', '-q', '--failures', '4']);
    expect(text.code).toBe(3);
    expect(text.stderr).toContain('waitForBulk gave up after 0.3 s (maxWait) with 20 of 50 operations still open (30 closed)');
    expect(text.stdout).toMatch(/unaccounted\s+20\s+\(accepted, never reported by the platform\)/);
    expect(text.stdout).toContain('Operations that did not complete (first 4 of 23):');
    expect(text.stdout).toMatch(/#6\s+SKU-0007\s+failed: The product was unable to be saved\./);
    // A bare UUID knows no input for an operation the platform never reported: its position only.
    expect(text.stdout).toMatch(/#30\s+unaccounted: accepted, but the platform never reported this operation/);

    // Once the rest has been worked, both say 2 (failures, nothing open).
    fake.queue.pending.push(...queued.slice(30));
    await fake.consumer.drain();
    const finished = [await cli(['bulk', 'status', uuid]), await cli(['bulk', 'wait', uuid, ...FAST, '-q'])];
    expect(finished.map((r) => r.code)).toEqual([2, 2]);
    for (const r of finished) expect(r.stdout).toContain('Result: 3 of 50 operations did not complete (2 failed, 1 rejected).');
  });
});

describe('bulk resume', () => {
  const rows = Array.from({ length: 30 }, (_, i) => {
    const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
    return { sku, product: { sku, price: 100 + i } };
  });

  it('waits on every bulk the journal recorded and lists the chunk whose submission outcome is unknown (exit 4)', async () => {
    const fake = withFake({ consumer: { failures: { bySku: FAILURES } } });
    const dir = mkdtempSync(join(tmpdir(), 'magekit-cli-journal-'));
    try {
      const path = join(dir, 'import.journal');
      const file = await openBulkJournal(path);
      // The import "dies" after chunk 1 was sent, before its answer was recorded.
      const journal = { record: async (entry: JournalEntry) => (entry.type === 'submitted' && entry.chunk === 1 ? Promise.reject(new Error('killed')) : file.record(entry)) };
      await createCommerceClient({ baseUrl: BASE, auth: none() }).bulk.products.update(rows, { chunkSize: 10, concurrency: 1, journal }).catch(() => {});
      await file.close();

      const text = await cli(['bulk', 'resume', path, ...FAST, '-q']);
      expect(text.code).toBe(4);
      expect(text.stdout).toContain(`Import ${path}: 10 operations`);
      expect(text.stdout).toMatch(/#6\s+SKU-0007\s+failed: The product was unable to be saved\./);
      expect(text.stdout).toContain('Not known to be queued:\n  chunk 1 (#10-#19): submission outcome unknown, the process stopped after recording it as being sent');
      expect(text.stdout).toContain('  elements (#20-#29): never sent');
      expect(text.stdout).toContain('Check the unknown ones before sending them again');

      const json = JSON.parse((await cli(['bulk', 'resume', path, ...FAST, '-q', '--json'])).stdout);
      expect(json).toMatchObject({ command: 'resume', status: 'unsettled', exitCode: 4, counts: { total: 10, complete: 9, failed: 1 }, unsettled: [{ chunk: 1, state: 'unknown', positions: [[10, 19]] }, { chunk: -1, state: 'not-sent' }] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing journal is one line, exit 1', async () => {
    const { code, stderr } = await cli(['bulk', 'resume', '/nonexistent/import.journal']);
    expect(code).toBe(1);
    expect(stderr).toContain('magekit-commerce: Cannot read the journal /nonexistent/import.journal (ENOENT).');
    expectNoStack(stderr);
  });
});

describe('arguments, configuration and errors', () => {
  it('--help and --version exit 0', async () => {
    const help = await cli(['--help'], { env: {} });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: magekit-commerce bulk <status\|wait> <uuid> \[options\]/);
    expect(help.stdout).toContain('Secrets come from the environment, a file or standard input, never from\n  flags');
    for (const line of help.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const version = await cli(['-v'], { env: {} });
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });

  it.each([
    [[], 'No command given.'],
    [['bulk'], 'bulk needs a command: status, wait or resume.'],
    [['bulk', 'resume'], 'bulk resume needs the journal file an import wrote'],
    [['bulk', 'cancel', UNKNOWN], 'Unknown bulk command "cancel"'],
    [['products', 'list'], 'Unknown command "products"'],
    [['bulk', 'wait'], "bulk wait needs the bulk's UUID"],
    [['bulk', 'wait', 'not-a-uuid'], '"not-a-uuid" is not a bulk UUID'],
    [['bulk', 'wait', UNKNOWN, 'extra'], 'Unexpected argument "extra"'],
    [['bulk', 'wait', UNKNOWN, '--max-wiat', '5m'], "Unknown option '--max-wiat'."],
    [['bulk', 'wait', UNKNOWN, '--max-wait', 'soon'], '--max-wait must be a positive duration'],
    [['bulk', 'wait', UNKNOWN, '--failures', 'all'], '--failures must be a whole number'],
    [['bulk', 'wait', UNKNOWN, '--password', '-s3cret-value'], '--password is not accepted: secrets never go in flags'],
  ])('%j exits 1 with a one-line message', async (argv, message) => {
    const { code, stdout, stderr } = await cli(argv);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`magekit-commerce: ${message}`);
    expectNoStack(stderr);
  });

  it('needs a base URL and complete credentials, and names what is missing', async () => {
    const noBase = await cli(['bulk', 'status', UNKNOWN], { env: { MAGEKIT_TOKEN: 'cli-test-token-0001' } });
    expect(noBase.code).toBe(1);
    expect(noBase.stderr).toContain('No base URL: pass --base-url or set MAGEKIT_BASE_URL');

    const noAuth = await cli(['bulk', 'status', UNKNOWN], { env: { MAGEKIT_BASE_URL: BASE } });
    expect(noAuth.code).toBe(1);
    expect(noAuth.stderr).toContain('No credentials');
    expect(noAuth.stderr).toContain('hint: Give one of: MAGEKIT_TOKEN (a bearer token)');

    const noPassword = await cli(['bulk', 'status', UNKNOWN, '--username', 'ops'], { env: { MAGEKIT_BASE_URL: BASE } });
    expect(noPassword.stderr).toContain('Admin user "ops" has no password: set MAGEKIT_ADMIN_PASSWORD, or MAGEKIT_ADMIN_PASSWORD_FILE to a file holding it');

    const halfOauth = await cli(['bulk', 'status', UNKNOWN], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_CONSUMER_KEY: 'ck-0000000000', MAGEKIT_ACCESS_TOKEN: 'at-0000000000' } });
    expect(halfOauth.stderr).toContain('Integration credentials are incomplete: MAGEKIT_CONSUMER_SECRET, MAGEKIT_ACCESS_TOKEN_SECRET are not set.');

    const badBase = await cli(['bulk', 'status', UNKNOWN, '--base-url', 'shop.example.com']);
    expect(badBase.code).toBe(1);
    expect(badBase.stderr).toContain('has no scheme: start it with https://');
  });

  it('an unreachable server is one line, exit 1, no stack', async () => {
    server.use(http.get(`${BASE}/rest/*`, () => HttpResponse.error()));
    const { code, stderr } = await cli(['bulk', 'status', UNKNOWN]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^magekit-commerce: GET https:\/\/shop\.cli\.test\/rest\/V1\/bulk\/[^ ]+\/status\?fields=operation_count failed before any response/);
    expectNoStack(stderr);
  });
});

describe('credentials never reach the output', () => {
  const PASSWORD = 'Pa55-cli-Secret!';

  it('signs in with an admin user and password from the environment (and integration credentials)', async () => {
    const integration = { consumerKey: 'ck-cli-key-00001', consumerSecret: 'cs-cli-secret-0001', accessToken: 'at-cli-token-0001', accessTokenSecret: 'ats-cli-secret-0001' };
    const fake = withFake({ auth: { admins: [{ username: 'ops', password: PASSWORD }], integrations: [integration] } });
    const uuid = await createBulk(fake, BASE, adminToken({ username: 'ops', password: PASSWORD }));
    await fake.consumer.drain();

    const admin = await cli(['bulk', 'status', uuid, '--json'], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_ADMIN_USERNAME: 'ops', MAGEKIT_ADMIN_PASSWORD: PASSWORD } });
    expect(admin.code).toBe(0);
    expect(admin.all).not.toContain(PASSWORD);

    const oauth = await cli(['bulk', 'status', uuid], {
      env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_CONSUMER_KEY: integration.consumerKey, MAGEKIT_CONSUMER_SECRET: integration.consumerSecret, MAGEKIT_ACCESS_TOKEN: integration.accessToken, MAGEKIT_ACCESS_TOKEN_SECRET: integration.accessTokenSecret },
    });
    expect(oauth.code).toBe(0);
    for (const secret of Object.values(integration)) expect(oauth.all).not.toContain(secret);
  });

  it('a refused password or token is reported without the secret, in text and --json', async () => {
    withFake({ auth: { admins: [{ username: 'ops', password: PASSWORD }] } });
    const wrong = 'Wr0ng-cli-Secret!';
    for (const json of [false, true]) {
      const refused = await cli(['bulk', 'wait', UNKNOWN, ...(json ? ['--json'] : [])], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_ADMIN_USERNAME: 'ops', MAGEKIT_ADMIN_PASSWORD: wrong } });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^magekit-commerce: POST https:\/\/shop\.cli\.test\/rest\/V1\/integration\/admin\/token failed with 401: The account sign-in was incorrect or your account is disabled temporarily\. Please wait and try again later\.\n/m);
      expect(refused.stderr).toContain('hint: The platform locks an account for 30 minutes after 6 failed sign-ins');
      expect(refused.all).not.toContain(wrong);
      expect(refused.all).not.toContain(PASSWORD);
      expectNoStack(refused.all);
      if (json) expect(JSON.parse(refused.stdout)).toMatchObject({ status: 'error', exitCode: 1, error: { kind: 'auth' } });
    }

    const token = 'bad-token-cli-0001';
    const badToken = await cli(['bulk', 'status', UNKNOWN], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_TOKEN: token } });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain("The consumer isn't authorized");
    expect(badToken.all).not.toContain(token);
  });
});

describe('one credential policy: secrets from the environment, a file or standard input, never flags', () => {
  const PASSWORD = 'Pa55-cli-Secret!';

  it.each([
    [['--token', 'tok-flag-secret'], 'MAGEKIT_TOKEN'],
    [['--password=tok-flag-secret'], 'MAGEKIT_ADMIN_PASSWORD'],
    [['--consumer-secret', 'tok-flag-secret'], 'MAGEKIT_CONSUMER_SECRET'],
    [['--access-token-secret=tok-flag-secret'], 'MAGEKIT_ACCESS_TOKEN_SECRET'],
    [['--access_token', 'tok-flag-secret'], 'MAGEKIT_ACCESS_TOKEN'],
    [['--client-secret', 'tok-flag-secret'], 'MAGEKIT_IMS_CLIENT_SECRET'],
  ])('%j is refused, naming the variable and the file/stdin alternative, for bulk and types alike', async (flag, variable) => {
    for (const command of [['bulk', 'status', UNKNOWN], ['types', 'pull']]) {
      const { code, stderr, all } = await cli([...command, ...flag], { env: { MAGEKIT_BASE_URL: BASE } });
      expect(code).toBe(1);
      expect(stderr).toContain(`hint: Instead, set ${variable}, or ${variable}_FILE to a file holding it (${variable}_FILE=- reads it from standard input).`);
      expect(all).not.toContain('tok-flag-secret');
      expectNoStack(all);
    }
  });

  it('reads MAGEKIT_ADMIN_PASSWORD_FILE from a file, or standard input with =-', async () => {
    const fake = withFake({ auth: { admins: [{ username: 'ops', password: PASSWORD }] } });
    const uuid = await createBulk(fake, BASE, adminToken({ username: 'ops', password: PASSWORD }));
    await fake.consumer.drain();
    const file = join(mkdtempSync(join(tmpdir(), 'magekit-cli-secret-')), 'password');
    writeFileSync(file, `${PASSWORD}\n`);
    const fromFile = await cli(['bulk', 'status', uuid, '--username', 'ops'], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_ADMIN_PASSWORD_FILE: file } });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const fromStdin = await cli(['bulk', 'status', uuid, '--username', 'ops'], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_ADMIN_PASSWORD_FILE: '-' }, readStdin: async () => `${PASSWORD}\n` });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    const missing = await cli(['bulk', 'status', uuid, '--username', 'ops'], { env: { MAGEKIT_BASE_URL: BASE, MAGEKIT_ADMIN_PASSWORD_FILE: join(tmpdir(), 'no-such-magekit-secret') } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read MAGEKIT_ADMIN_PASSWORD_FILE \(.*no-such-magekit-secret\): ENOENT\./);
    for (const out of [fromFile, fromStdin, missing]) expect(out.all).not.toContain(PASSWORD);
  });
});

const DIST_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

function spawnCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [DIST_CLI, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('the built CLI (dist/cli.js)', () => {
  // npm test builds before it runs the suite: a missing build is a failure to report, never a reason to skip.
  beforeAll(() => {
    if (!existsSync(DIST_CLI)) throw new Error('packages/commerce/dist/cli.js is missing: run `npm run build` first (npm test does).');
  });

  it('--help exits 0 with the usage text', async () => {
    const { code, stdout } = await spawnCli(['--help'], {});
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: magekit-commerce bulk <status\|wait> <uuid> \[options\]/);
    expect(stdout).toContain('Exit codes:');
  });

  it('waits for a bulk on a loopback fake and exits with 2 for failures, 1 for an unknown bulk', async () => {
    const running = await startFakeCommerce({ auth: false, seed: { products: 50 }, consumer: { failures: { bySku: FAILURES } } });
    try {
      server.use(...commerceHandlers(running.fake, { baseUrl: running.url })); // this process creates the bulk through MSW; the child uses the socket
      const uuid = await createBulk(running.fake, running.url);
      startConsumer(running.fake);
      const env = { MAGEKIT_BASE_URL: running.url, MAGEKIT_TOKEN: 'cli-test-token-0001' };
      const waited = await spawnCli(['bulk', 'wait', uuid, ...FAST], env);
      expect(waited.code).toBe(2);
      expect(waited.stderr).toContain('progress: 50 of 50 closed (100%), 47 complete, 2 failed, 1 rejected');
      expect(waited.stdout).toContain('Result: 3 of 50 operations did not complete (2 failed, 1 rejected).');
      const unknown = await spawnCli(['bulk', 'status', UNKNOWN], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No bulk with that UUID');
    } finally {
      await running.close();
    }
  });
});
