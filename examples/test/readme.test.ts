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

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = join(root, 'examples/.tmp');

export interface Block {
  code: string;
  /** 1-based line of the block's first code line in the README. */
  line: number;
}

/** The ```ts / ```typescript blocks of a Markdown text, minus those marked `// not run`. */
export function extractBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```(?:ts|typescript)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    const code = match[1]!;
    if (/^\s*\/\/\s*not run\b/i.test(code)) continue;
    blocks.push({ code, line: markdown.slice(0, match.index).split('\n').length + 1 });
  }
  return blocks;
}

interface ModuleImports {
  named: Map<string, string>; // local name -> specifier text (`a`, `a as b`, `type A`)
  defaults: Set<string>;
  namespaces: Set<string>;
  sideEffect: boolean;
}

const IMPORT = /^import\s+(?:(type)\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"];?[ \t]*$|^import\s+['"]([^'"]+)['"];?[ \t]*$/gm;

/** One module: imports hoisted and merged (a name imported by two blocks is declared once), then the blocks in order. */
export function assemble(blocks: readonly Block[], label: string): string {
  const modules = new Map<string, ModuleImports>();
  const owner = new Map<string, string>(); // local name -> module, to catch one name from two modules
  const moduleOf = (name: string): ModuleImports => {
    let entry = modules.get(name);
    if (!entry) modules.set(name, (entry = { named: new Map(), defaults: new Set(), namespaces: new Set(), sideEffect: false }));
    return entry;
  };
  const claim = (local: string, from: string): void => {
    const previous = owner.get(local);
    if (previous !== undefined && previous !== from) throw new Error(`${label}: "${local}" is imported from both ${previous} and ${from}`);
    owner.set(local, from);
  };
  const bodies = blocks.map((block, index) => {
    const body = block.code.replace(IMPORT, (_all, typeOnly: string | undefined, clause: string | undefined, from: string | undefined, bare: string | undefined) => {
      if (bare !== undefined) {
        moduleOf(bare).sideEffect = true;
        return '';
      }
      const target = moduleOf(from!);
      let rest = clause!.trim();
      const braces = /\{([\s\S]*)\}/.exec(rest);
      if (braces) {
        for (const raw of braces[1]!.split(',').map((s) => s.trim()).filter(Boolean)) {
          const spec = typeOnly && !raw.startsWith('type ') ? `type ${raw}` : raw;
          const local = spec.replace(/^type\s+/, '').split(/\s+as\s+/).at(-1)!.trim();
          claim(local, from!);
          // A value import wins over a type-only one of the same name.
          if (!target.named.has(local) || target.named.get(local)!.startsWith('type ')) target.named.set(local, spec);
        }
        rest = rest.replace(braces[0], '');
      }
      const namespace = /\*\s+as\s+(\w+)/.exec(rest);
      if (namespace) {
        claim(namespace[1]!, from!);
        target.namespaces.add(namespace[1]!);
        rest = rest.replace(namespace[0], '');
      }
      const fallback = rest.replace(/,/g, '').trim();
      if (fallback) {
        claim(fallback, from!);
        target.defaults.add(fallback);
      }
      return '';
    });
    return `// ---- ${label}, block ${index + 1} (README line ${block.line})\n${body}`;
  });
  const header: string[] = [];
  for (const [from, m] of modules) {
    for (const name of m.defaults) header.push(`import ${name} from '${from}';`);
    for (const name of m.namespaces) header.push(`import * as ${name} from '${from}';`);
    if (m.named.size) header.push(`import { ${[...m.named.values()].join(', ')} } from '${from}';`);
    if (m.sideEffect && !m.defaults.size && !m.namespaces.size && !m.named.size) header.push(`import '${from}';`);
  }
  // Servers a README starts "for real" (a fixed port) get any free port here, and whatever a README
  // leaves listening on purpose does not keep the run alive once every block has finished.
  const code = bodies.join('\n').replace(/\.listen\(\s*\d+\s*\)/g, '.listen(0)');
  return `${header.join('\n')}\n\n${code}\n\nprocess.exit(0);\n`;
}

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
