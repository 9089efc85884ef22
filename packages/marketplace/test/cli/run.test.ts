/**
 * `magekit-marketplace` against the fake: run() in-process for output and exit codes of every
 * outcome (passed, a failed review, a failed malware scan, an item the service refused, still in
 * review, errors), and the real CLI as a child process against the fake on loopback.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.ts';
import { createMarketplaceClient } from '../../src/index.ts';
import { createFakeMarketplace, startFakeMarketplace, type FakeMarketplace, type FakeMarketplaceOptions } from '../../src/testing/index.ts';
import { runCli } from '@magekit/test-support/cli';

const SECRET = 'fake-app-secret';
const ENV = { MAGEKIT_EQP_APP_ID: 'fake-app-id', MAGEKIT_EQP_APP_SECRET: SECRET };
const FAST = ['--poll-interval', '10ms'];

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const fields = (name: string, version = '1.0.0') => ({
  type: 'extension', platform: 'M2', name, version, long_description: `<p>${name}</p>`, release_notes: `Release ${version}`,
  version_compatibility: [{ edition: 'CE', versions: ['2.4'] }], license_type: 'mit',
});

/** A directory with the files and a manifest of `packages` (each: item_id, and an artifact name to create). */
function workspace(packages: { itemId: string; artifact?: string; review?: string[]; extra?: Record<string, unknown> }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'magekit-release-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'build'));
  writeFileSync(join(dir, 'build', 'guide.pdf'), '%PDF-1.7 user guide');
  writeFileSync(join(dir, 'build', 'icon.png'), new Uint8Array([137, 80, 78, 71]));
  const manifest = {
    packages: packages.map((p) => {
      const artifact = p.artifact ?? `${p.itemId}.zip`;
      writeFileSync(join(dir, 'build', artifact), new Uint8Array([80, 75, 5, 6, ...Buffer.from(p.itemId)]));
      return {
        item_id: p.itemId,
        artifact: `build/${artifact}`,
        documentation: { user: 'build/guide.pdf' },
        media: { icon: 'build/icon.png' },
        ...(p.review ? { review: p.review } : {}),
        fields: { ...fields(`Acme ${p.itemId}`), ...p.extra },
      };
    }),
  };
  writeFileSync(join(dir, 'release.json'), JSON.stringify(manifest, null, 2));
  return join(dir, 'release.json');
}

const cli = (argv: string[], { fake, ...options }: { fake?: FakeMarketplace; env?: Record<string, string | undefined>; isTTY?: boolean; readStdin?: () => Promise<string> } = {}) =>
  runCli(run, argv, { ...options, env: options.env ?? ENV, ...(fake ? { fetch: fake.fetch } : {}) });

const fakeWith = (options: FakeMarketplaceOptions = {}) => createFakeMarketplace({ scanDelayMs: 5, reviewDelayMs: 5, ...options });
const expectNoSecret = (text: string) => expect(text).not.toContain(SECRET);
const expectNoStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+[:(]/);

describe('release', () => {
  it('uploads, waits for the scan, submits, waits for both reviews: exit 0, a progress line per step (not a TTY)', async () => {
    const fake = fakeWith();
    const { code, stdout, stderr } = await cli(['release', workspace([{ itemId: 'acme-checkout' }]), ...FAST], { fake });
    expect(code).toBe(0);
    expect(stderr).toContain('upload: 3 file(s)');
    expect(stderr).toContain('malware scan: 3 passed, 0 failed');
    expect(stderr).toMatch(/submitted acme-checkout: submission sub\w+/);
    expect(stderr).toMatch(/review acme-checkout: technical \w+, marketing \w+ \(\d/);
    expect(stderr).not.toContain('\r');
    expect(stdout).toMatch(/acme-checkout {2}submission sub\w+: passed \(technical: approved, marketing: approved\)/);
    expect(stdout).toContain('Result: 1 passed.');
    // What reached the service: the files by id, documentation and icon, both reviews submitted.
    const submitted = fake.getPackage(/submission (sub\w+)/.exec(stdout)![1]!)!;
    expect(submitted.artifact?.file_upload_id).toBeTruthy();
    expect(submitted.documentation_artifacts?.user?.file_upload_id).toBeTruthy();
    expect(submitted.media_artifacts?.icon_image?.file_upload_id).toBeTruthy();
    expectNoSecret(stdout + stderr);
  });

  it('on a terminal redraws one status line; --quiet prints no progress', async () => {
    const tty = await cli(['release', workspace([{ itemId: 'a' }, { itemId: 'b-with-a-long-name' }]), ...FAST], { fake: fakeWith(), isTTY: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('\r');
    // Both packages share one redrawn line, cut to the terminal's width (100 columns by default).
    const redraws = tty.stderr.split('\r').filter((l) => l.startsWith('review '));
    expect(redraws.some((l) => l.includes(' | review b-with-a-long-name'))).toBe(true);
    expect(Math.max(...redraws.map((l) => l.trimEnd().split('\n')[0]!.length))).toBeLessThanOrEqual(99);
    const quiet = await cli(['release', workspace([{ itemId: 'a' }]), ...FAST, '--quiet'], { fake: fakeWith() });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('a failed review exits 2 and says which tool failed, why, and where its report is', async () => {
    const fake = fakeWith();
    fake.failReview('acme-search', 'marketing', ['The icon is blurred']);
    const { code, stdout } = await cli(['release', workspace([{ itemId: 'acme-search' }]), ...FAST], { fake });
    expect(code).toBe(2);
    expect(stdout).toMatch(/acme-search {2}submission sub\w+: rejected \(technical: approved, marketing: rejected\)/);
    expect(stdout).toMatch(/marketing: fail {2}https:\/\/commercedeveloper-sandbox-api\.adobe\.com\/rest\/v1\/products\/packages\/sub\w+\/status\/marketing\/\w+/);
    expect(stdout).toContain('- The icon is blurred');
  });

  it('a failed technical review lists the coding-standard findings', async () => {
    const fake = fakeWith();
    fake.failReview('acme-tax', 'technical', ['Unescaped output']);
    const { code, stdout } = await cli(['release', workspace([{ itemId: 'acme-tax' }]), ...FAST], { fake });
    expect(code).toBe(2);
    expect(stdout).toMatch(/phpcs: fail/);
    expect(stdout).toContain('Model/Checkout.php:12 Unescaped output');
  });

  it('a batch with a file that failed the malware scan and an item the service refused: the good one still passes, exit 3', async () => {
    const fake = fakeWith();
    fake.failItems('acme-broken', 1208);
    const manifest = workspace([{ itemId: 'acme-good' }, { itemId: 'acme-infected', artifact: 'malware.zip' }, { itemId: 'acme-broken' }]);
    const { code, stdout, stderr } = await cli(['release', manifest, ...FAST, '--json'], { fake });
    expect(code).toBe(3);
    const report = JSON.parse(stdout) as { status: string; exitCode: number; packages: { itemId: string; state: string; code?: number; message?: string; submissionId?: string }[] };
    expect(report).toMatchObject({ status: 'refused', exitCode: 3 });
    expect(report.packages.map((p) => [p.itemId, p.state])).toEqual([['acme-good', 'passed'], ['acme-infected', 'scan-failed'], ['acme-broken', 'refused']]);
    expect(report.packages[1]!.message).toMatch(/malware scan fail for .*malware\.zip/);
    expect(report.packages[1]!.submissionId).toBeUndefined();
    expect(report.packages[2]).toMatchObject({ code: 1208, message: 'Insufficient information for Technical Submission' });
    expect(stderr).toContain('malware scan: 4 passed, 1 failed'); // the shared guide and icon are uploaded once
    expect(stderr).toContain('refused acme-broken: code 1208');
    // The infected package was never sent; the refused one was sent and refused, so neither is stored.
    const market = createMarketplaceClient({ environment: 'sandbox', appId: 'fake-app-id', appSecret: SECRET, fetch: fake.fetch });
    expect((await market.packages.items.list()).map((p) => p.item_id)).toEqual(['acme-good']);
  });

  it('--no-wait stops after submission with exit 0 and says how to follow up', async () => {
    const fake = fakeWith({ reviewDelayMs: false });
    const { code, stdout } = await cli(['release', workspace([{ itemId: 'later' }]), ...FAST, '--no-wait'], { fake });
    expect(code).toBe(0);
    expect(stdout).toMatch(/later {2}submission (sub\w+): submitted \(technical: in_automation, marketing: awaiting_marketing_review\)/);
    expect(stdout).toMatch(/Follow up with: magekit-marketplace status sub\w+/);
  });

  it('still in review when --max-wait passes: exit 4, and the review goes on', async () => {
    const fake = fakeWith({ reviewDelayMs: false });
    const { code, stdout } = await cli(['release', workspace([{ itemId: 'slow' }]), ...FAST, '--max-wait', '50ms'], { fake });
    expect(code).toBe(4);
    expect(stdout).toMatch(/slow {2}submission sub\w+: pending/);
    expect(stdout).toMatch(/Follow up with: magekit-marketplace status sub\w+/);
  });

  it('a technical-only release does not wait for a marketing review', async () => {
    const fake = fakeWith();
    const { code, stdout } = await cli(['release', workspace([{ itemId: 'tech', review: ['technical'] }]), ...FAST], { fake });
    expect(code).toBe(0);
    expect(stdout).toContain('passed (technical: approved, marketing: draft)');
  });
});

describe('interruption', () => {
  it('Ctrl-C while waiting for the reviews exits 130 and says the submission stays', async () => {
    const fake = fakeWith({ reviewDelayMs: false });
    const controller = new AbortController();
    let stdout = '';
    let stderr = '';
    const running = run(['release', workspace([{ itemId: 'stopped' }]), ...FAST], {
      env: ENV,
      stdout: { write: (c: string) => (stdout += c) },
      stderr: { write: (c: string) => { stderr += c; if (c.startsWith('submitted ')) controller.abort(); return true; } },
      isTTY: false,
      signal: controller.signal,
      fetch: fake.fetch,
    });
    expect(await running).toBe(130);
    expect(stderr).toContain('Interrupted; anything already submitted stays submitted.');
    expect(stdout).toBe('');
  });
});

describe('status and results', () => {
  async function released(fake: FakeMarketplace, itemId: string) {
    const { stdout } = await cli(['release', workspace([{ itemId }]), ...FAST], { fake });
    return /submission (sub\w+)/.exec(stdout)![1]!;
  }

  it('status: 0 passed, 2 rejected, 4 in review; --json carries eqp_status', async () => {
    const fake = fakeWith();
    fake.failReview('bad', 'technical');
    const good = await released(fake, 'good');
    const bad = await released(fake, 'bad');
    expect((await cli(['status', good], { fake })).code).toBe(0);
    const rejected = await cli(['status', bad, '--json'], { fake });
    expect(rejected.code).toBe(2);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ command: 'status', status: 'rejected', exitCode: 2, eqp_status: { technical: 'rejected' } });
    const waiting = fakeWith({ reviewDelayMs: false });
    const { stdout } = await cli(['release', workspace([{ itemId: 'w' }]), ...FAST, '--no-wait'], { fake: waiting });
    const pending = await cli(['status', /submission (sub\w+)/.exec(stdout)![1]!], { fake: waiting });
    expect(pending.code).toBe(4);
    expect(pending.stdout).toMatch(/technical {2}in_automation {2}\[pending\]/);
  });

  it('results: every tool with its report link (none for phpcpd) and what failed; exit 2 on a failure, 0 when all passed', async () => {
    const fake = fakeWith();
    fake.failReview('bad', 'technical', ['SQL injection risk']);
    const bad = await released(fake, 'bad');
    const failed = await cli(['results', bad], { fake });
    expect(failed.code).toBe(2);
    expect(failed.stdout).toMatch(/phpcs +fail .*\/products\/packages\/sub\w+\/status\/phpcs\/\w+/);
    expect(failed.stdout).toMatch(/phpcpd +pass .*\(no detailed report\)/);
    expect(failed.stdout).toContain('SQL injection risk');
    const good = await released(fake, 'good');
    const passed = await cli(['results', good, '--json'], { fake });
    expect(passed.code).toBe(0);
    const json = JSON.parse(passed.stdout) as { results: { tool: string; reportUrl?: string }[] };
    expect(json.results.map((r) => r.tool).sort()).toEqual(['marketing', 'phpcpd', 'phpcs', 'varnish']);
  });

  it('an unknown submission is an error (exit 1) with the service message', async () => {
    const { code, stderr } = await cli(['status', 'sub-missing'], { fake: fakeWith() });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^magekit-marketplace: GET .* failed with 404/);
  });
});

describe('errors', () => {
  it('credentials only from the environment: a credential flag is refused without echoing its value', async () => {
    const { code, stderr } = await cli(['status', 'x', '--app-secret=hunter2-secret'], { fake: fakeWith() });
    expect(code).toBe(1);
    expect(stderr).toContain('--app-secret is not accepted');
    expect(stderr).not.toContain('hunter2');
  });

  it.each([
    [['--app-secret', 'hunter2-secret'], 'MAGEKIT_EQP_APP_SECRET'],
    [['--token=hunter2-secret'], 'MAGEKIT_EQP_APP_SECRET'],
    [['--password', 'hunter2-secret'], 'MAGEKIT_EQP_APP_SECRET'],
    [['--app_id=hunter2-secret'], 'MAGEKIT_EQP_APP_ID'],
  ])('%j is refused before anything is read or sent, naming the variable and the file/stdin alternative', async (flag, variable) => {
    const fake = fakeWith();
    const { code, stdout, stderr } = await cli(['release', 'no-such-manifest.json', ...flag, '--json'], { fake });
    expect(code).toBe(1);
    expect(stderr).toContain(`hint: Instead, set ${variable}, or ${variable}_FILE to a file holding it (${variable}_FILE=- reads it from standard input).`);
    expect(stdout + stderr).not.toContain('hunter2');
    expect(JSON.parse(stdout)).toMatchObject({ status: 'error', exitCode: 1, error: { kind: 'usage' } });
    expect(fake.stats.requests).toBe(0);
  });

  it('takes the secret from MAGEKIT_EQP_APP_SECRET_FILE, or from standard input with =-', async () => {
    const fake = fakeWith();
    const submission = /submission (sub\w+)/.exec((await cli(['release', workspace([{ itemId: 'from-file' }]), ...FAST], { fake })).stdout)![1]!;
    const file = join(mkdtempSync(join(tmpdir(), 'eqp-secret-')), 'secret');
    writeFileSync(file, `${SECRET}\n`);
    const fromFile = await cli(['status', submission], { fake, env: { MAGEKIT_EQP_APP_ID: ENV.MAGEKIT_EQP_APP_ID, MAGEKIT_EQP_APP_SECRET_FILE: file } });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const fromStdin = await cli(['status', submission], { fake, env: { MAGEKIT_EQP_APP_ID: ENV.MAGEKIT_EQP_APP_ID, MAGEKIT_EQP_APP_SECRET_FILE: '-' }, readStdin: async () => SECRET });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    const both = await cli(['status', submission], { fake, env: { ...ENV, MAGEKIT_EQP_APP_SECRET_FILE: file } });
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('Both MAGEKIT_EQP_APP_SECRET and MAGEKIT_EQP_APP_SECRET_FILE are set');
    for (const out of [fromFile, fromStdin, both]) expectNoSecret(out.stdout + out.stderr);
  });

  it('missing keys name the variables; refused keys exit 1 with the hint and never the secret', async () => {
    const missing = await cli(['status', 'x'], { env: {}, fake: fakeWith() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('MAGEKIT_EQP_APP_ID and MAGEKIT_EQP_APP_SECRET are not set');
    const refused = await cli(['status', 'x', '--json'], { env: { ...ENV, MAGEKIT_EQP_APP_SECRET: 'wrong-secret-123' }, fake: fakeWith() });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 'error', exitCode: 1, error: { kind: 'auth' } });
    expect(refused.all).toMatch(/environment that issued them/);
    expect(refused.all).not.toContain('wrong-secret-123');
    expectNoStack(refused.all);
  });

  it('a manifest with problems lists them all before uploading anything', async () => {
    const fake = fakeWith();
    const dir = mkdtempSync(join(tmpdir(), 'magekit-bad-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'm.json'), JSON.stringify({ packages: [{ fields: { name: 'x', action: { technical: 'submit' } }, review: ['qa'] }, { artifact: 'missing.zip', fields: {} }] }));
    const bad = await cli(['release', join(dir, 'm.json')], { fake });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('packages[0]: artifact (the package ZIP) is missing');
    expect(bad.stderr).toContain('packages[0]: review must list');
    expect(bad.stderr).toContain('packages[0]: fields.action is set by the CLI');
    const missingFile = await cli(['release', join(dir, 'm2.json')], { fake });
    expect(missingFile.stderr).toMatch(/Cannot read the manifest .*no such file/);
    writeFileSync(join(dir, 'm3.json'), JSON.stringify({ artifact: 'missing.zip', fields: fields('x') }));
    const noZip = await cli(['release', join(dir, 'm3.json')], { fake });
    expect(noZip.code).toBe(1);
    expect(noZip.stderr).toMatch(/Cannot read 1 file\(s\) of the manifest; nothing was uploaded:\n {2}.*missing\.zip: no such file/);
    expect(fake.stats.requests).toBe(0);
  });

  it('usage errors exit 1 with a hint; --help exits 0', async () => {
    expect((await cli(['deploy', 'x'])).stderr).toContain('Unknown command "deploy"');
    expect((await cli(['release'])).code).toBe(1);
    expect((await cli(['release', 'm.json', '--max-wait', 'soon'])).stderr).toContain('--max-wait must be a positive duration');
    expect((await cli(['status', 'x', '--max-wait', '5m'])).stderr).toContain('--max-wait belongs to release; status reads once.');
    expect((await cli(['release', 'm.json', '--no-wait', '--max-wait', '5m'])).stderr).toContain('--no-wait stops after submission');
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes');
  });
});

const DIST_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const SOURCE_CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** The built bin when `npm run build` has run (npm test builds first), else the source through tsx: always a real process. */
function spawnCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const argv = existsSync(DIST_CLI) ? [DIST_CLI, ...args] : ['--conditions=@magekit/source', '--import', 'tsx', SOURCE_CLI, ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe(`magekit-marketplace as a process (${existsSync(DIST_CLI) ? 'dist/cli.js' : 'src via tsx'})`, () => {
  it('release exits 0 on passed reviews, 2 on a failed review, 3 on a refused item; status and results follow', async () => {
    const running = await startFakeMarketplace({ scanDelayMs: 5, reviewDelayMs: 5 });
    try {
      running.fake.failReview('rejected-one', 'marketing', ['Screenshots missing']);
      running.fake.failItems('refused-one', 1210);
      const env = { ...ENV, MAGEKIT_EQP_BASE_URL: running.url };
      const passed = await spawnCli(['release', workspace([{ itemId: 'good-one' }]), ...FAST, '--json'], env);
      expect(passed.code, passed.stderr).toBe(0);
      const submissionId = (JSON.parse(passed.stdout) as { packages: { submissionId: string }[] }).packages[0]!.submissionId;
      expect(submissionId).toMatch(/^sub/);
      const rejected = await spawnCli(['release', workspace([{ itemId: 'rejected-one' }]), ...FAST], env);
      expect(rejected.code, rejected.stderr).toBe(2);
      expect(rejected.stdout).toContain('- Screenshots missing');
      const refused = await spawnCli(['release', workspace([{ itemId: 'refused-one' }]), ...FAST], env);
      expect(refused.code).toBe(3);
      expect(refused.stdout).toContain("refused at submission: code 1210: Invalid SKU given");
      expect((await spawnCli(['status', submissionId], env)).code).toBe(0);
      expect((await spawnCli(['results', submissionId], env)).code).toBe(0);
      const noKey = await spawnCli(['status', submissionId], { MAGEKIT_EQP_BASE_URL: running.url });
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toContain('MAGEKIT_EQP_APP_ID');
      for (const out of [passed, rejected, refused]) expectNoSecret(out.stdout + out.stderr);
    } finally {
      await running.close();
    }
  }, 60_000);
});
