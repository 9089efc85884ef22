// The CI recipe (examples/ci/) runs as documented: its manifest releases against the fake with the
// exact commands the workflow runs, credentials come from the workflow's env, and no step passes a
// credential as a flag.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeMarketplace } from '@magekit/marketplace/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCommandLine } from '../../packages/marketplace/src/cli/args.ts';
import { filesOf, readManifest } from '../../packages/marketplace/src/cli/manifest.ts';
import { run } from '../../packages/marketplace/src/cli/run.ts';

const ci = resolve(dirname(fileURLToPath(import.meta.url)), '../ci');
const workflow = parse(readFileSync(join(ci, 'marketplace-release.yml'), 'utf8')) as { jobs: { release: { env: Record<string, string>; steps: { run?: string }[] } } };
const job = workflow.jobs.release;
const tmp = mkdtempSync(join(tmpdir(), 'magekit-ci-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every `npx magekit-marketplace ...` invocation of the workflow, with its shell variables expanded as in the sandbox branch. */
function invocations(): string[][] {
  const lines = job.steps.flatMap((s) => (s.run ?? '').split('\n')).filter((l) => l.includes('npx magekit-marketplace'));
  return lines.map((line) => {
    const args = line.slice(line.indexOf('npx magekit-marketplace') + 'npx magekit-marketplace'.length).split(/[>|]/)[0]!.replace('$WAIT', '--max-wait 45m').replace(/"\$id"/, 'sub0001').trim().split(/\s+/);
    return args;
  });
}

describe('examples/ci', () => {
  it('takes credentials from secrets through the environment, never from flags', () => {
    expect(job.env['MAGEKIT_EQP_APP_ID']).toBe('${{ secrets.EQP_APP_ID }}');
    expect(job.env['MAGEKIT_EQP_APP_SECRET']).toBe('${{ secrets.EQP_APP_SECRET }}');
    const calls = invocations();
    expect(calls.map((a) => a[0])).toEqual(['release', 'results']);
    for (const args of calls) expect(parseCommandLine(args).action).toBe('run');
  });

  it('the manifest releases against the fake with the workflow\'s own command: exit 0', async () => {
    // Lay out the repository as the workflow sees it: the manifest in examples/ci, files beside it.
    const root = join(tmp, 'repo');
    mkdirSync(join(root, 'examples/ci'), { recursive: true });
    cpSync(join(ci, 'release.json'), join(root, 'examples/ci/release.json'));
    const manifest = join(root, 'examples/ci/release.json');
    for (const file of filesOf(await readManifest(manifest))) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, file.endsWith('.pdf') ? '%PDF-1.7' : file.endsWith('.png') ? new Uint8Array([137, 80, 78, 71]) : new Uint8Array([80, 75, 5, 6]));
    }
    const fake = createFakeMarketplace({ scanDelayMs: 5, reviewDelayMs: 5 });
    const [releaseArgs] = invocations();
    let stdout = '';
    const code = await run([...releaseArgs!.map((a) => (a === 'examples/ci/release.json' ? manifest : a)), '--poll-interval', '10ms'], {
      env: { MAGEKIT_EQP_APP_ID: fake.app.appId, MAGEKIT_EQP_APP_SECRET: fake.app.appSecret, MAGEKIT_EQP_ENV: 'sandbox' },
      stdout: { write: (c: string) => (stdout += c) },
      stderr: { write: () => true },
      isTTY: false,
      fetch: fake.fetch,
    });
    expect(code, stdout).toBe(0);
    const outcome = JSON.parse(stdout) as { status: string; packages: { itemId: string; state: string; submissionId: string }[] };
    expect(outcome.status).toBe('passed');
    expect(outcome.packages).toMatchObject([{ itemId: 'acme-checkout-1.2.0', state: 'passed' }]);
    const stored = fake.getPackage(outcome.packages[0]!.submissionId)!;
    expect(stored.media_artifacts?.gallery_images).toHaveLength(2);
    expect(stored.documentation_artifacts?.installation?.file_upload_id).toBeTruthy();
  });
});
