// The package READMEs run against the fakes, so the examples users paste cannot rot.
//
// Each README's ```ts blocks are concatenated in order into one module (later blocks use what earlier
// ones declared, as a reader following the page would), with the import declarations hoisted and
// merged (each section shows its own imports), and run with tsx under the repo's Node. A block whose
// first line is `// not run` is shown to readers but skipped here (a real installation, say).
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble, extractBlocks } from '../support/readme-blocks.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = join(root, 'examples/.tmp');

// Type-checking the README against the sources reads the whole generated spec (615 routes): on a loaded
// 2-core machine that takes well over 30 s, so the child gets 90 s and says so when it is cut off.
const CHILD_TIMEOUT_MS = 90_000;
function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: root, timeout: CHILD_TIMEOUT_MS, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const killed = error?.killed ? `\n(killed after ${CHILD_TIMEOUT_MS} ms)` : '';
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr: stderr + killed });
    });
  });
}

const READMES = { commerce: 'packages/commerce/README.md', marketplace: 'packages/marketplace/README.md' } as const;
const files: Record<string, string> = {};
const tsconfig = join(tmp, `tsconfig-${process.pid}.json`);

beforeAll(() => {
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, '.gitignore'), '*\n');
  for (const [label, readme] of Object.entries(READMES)) {
    const blocks = extractBlocks(readFileSync(join(root, readme), 'utf8'));
    expect(blocks.length, readme).toBeGreaterThanOrEqual(5);
    files[label] = join(tmp, `readme-${label}-${process.pid}.mts`);
    writeFileSync(files[label], assemble(blocks, readme));
  }
  writeFileSync(tsconfig, JSON.stringify({ extends: '../../tsconfig.json', include: Object.values(files).map((f) => f.slice(tmp.length + 1)) }));
});

afterAll(() => {
  // The repo's type-check covers examples/: leave nothing there (MAGEKIT_KEEP_README=1 keeps it for debugging).
  if (!process.env['MAGEKIT_KEEP_README']) for (const file of [...Object.values(files), tsconfig]) rmSync(file, { force: true });
});

async function runReadme(label: keyof typeof READMES): Promise<void> {
  const result = await run(['--conditions=@magekit/source', '--import', 'tsx', files[label]!]);
  // On failure: the error, with its line in the assembled file, whose comments name each block's README line.
  if (result.code !== 0) expect.fail(`${READMES[label]} exited with ${result.code}\n--- stderr\n${result.stderr}\n--- stdout (tail)\n${result.stdout.slice(-2000)}`);
}

describe('README examples', () => {
  it.concurrent('packages/commerce/README.md runs top to bottom against the fake', () => runReadme('commerce'), 100_000);
  it.concurrent('packages/marketplace/README.md runs top to bottom against the fake', () => runReadme('marketplace'), 100_000);
  it.concurrent('both READMEs type-check under the repo settings (users copy the types too)', async () => {
    const result = await run([join(root, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, '--noEmit']);
    if (result.code !== 0) expect.fail(`tsc found errors in the README code\n${result.stdout}${result.stderr}`);
  }, 100_000);
});

describe('extracting and assembling', () => {
  it('skips blocks marked // not run and merges repeated imports', () => {
    const md = [
      '```ts',
      "import { a, type B } from 'm';",
      'a();',
      '```',
      '```ts',
      '// not run',
      'forever();',
      '```',
      '```sh',
      'npm i',
      '```',
      '```ts',
      "import { a, c as d } from 'm';",
      "import type { E } from 'n';",
      'd(); server.listen(8080);',
      '```',
    ].join('\n');
    const blocks = extractBlocks(md);
    expect(blocks.map((b) => b.line)).toEqual([2, 13]);
    const code = assemble(blocks, 'test');
    expect(code).toContain("import { a, type B, c as d } from 'm';");
    expect(code).toContain("import { type E } from 'n';");
    expect(code).toContain('server.listen(0)');
    expect(code).not.toContain('forever');
    expect(() => assemble(extractBlocks("```ts\nimport { a } from 'm';\nimport { a } from 'n';\n```"), 't')).toThrow(/both m and n/);
  });
});
