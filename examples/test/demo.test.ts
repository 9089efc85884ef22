// `npm run demo` is the README's promise: it must exit 0 and show each flow working.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

it('the demo runs every flow against the embedded fakes and exits 0', async () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('MAGEKIT_')) delete env[key]; // the embedded fakes, always
  const { stdout } = await run(process.execPath, ['--conditions=@magekit/source', '--import', 'tsx', 'examples/demo.ts'], { cwd: root, env, timeout: 60_000 });
  expect(stdout).toMatch(/complete \d+, failed \d+, rejected 0 \(of 2000\)/);
  expect(stdout).toMatch(/resubmitted \d+ retryable operation\(s\)/);
  expect(stdout).toMatch(/"sku":"SKU-0001"/);
  expect(stdout).toMatch(/\d+ products in \d+ page\(s\)/);
  expect(stdout).toMatch(/malware_scan_complete callback\(s\) received/);
  expect(stdout).toMatch(/✗ #1 acme-bad-sku: 1210/);
  expect(stdout).toMatch(/sub\d+: (technical|marketing) → /);
});
