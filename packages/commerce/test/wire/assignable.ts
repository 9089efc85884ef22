/**
 * Whether JSON bodies are assignable to their routes' declared outputs (or to the output a `fields`
 * selection narrows it to): the bodies are written into a consumer file and checked by tsc with the
 * repo's strict options; each rejected body is reported with tsc's account of the field its type refuses.
 * Used for the wire corpus (wire-types.test.ts) and for the fake's answers (fake-types.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseSelection } from '../../src/fields/syntax.ts';
import type { FieldSelection } from '../../src/fields/types.ts';
import { routeByKey } from '../../src/routes/table.ts';
import { repoRoot } from '../support/spec.ts';

/** A body to check: a name for the report, its route, the `fields` it was selected with, and the body as the caller receives it. */
export interface Checked {
  id: string;
  route: string;
  fields?: string;
  body: unknown;
}

// Under bench/.tmp, which the repo's tsconfig excludes, so that imports resolve as for any file in the repo.
const tmpRoot = path.join(repoRoot, 'bench/.tmp');
fs.mkdirSync(tmpRoot, { recursive: true });
fs.writeFileSync(path.join(tmpRoot, '.gitignore'), '*\n');

/** A selection as a type literal: `readonly ['sku', { readonly extension_attributes: readonly ['website_ids'] }]`. */
function selectionType(selection: FieldSelection): string {
  const entry = (e: FieldSelection[number]): string =>
    typeof e === 'string' ? JSON.stringify(e) : `{ ${Object.entries(e).map(([name, members]) => `readonly ${JSON.stringify(name)}: ${selectionType(members as FieldSelection)}`).join('; ')} }`;
  return `readonly [${selection.map(entry).join(', ')}]`;
}

/** The type a sample's body must be assignable to: the route's output, or what its `fields` selects. */
function expectedType(sample: Checked): string {
  const key = JSON.stringify(sample.route);
  if (sample.fields === undefined) return `Out<${key}>`;
  let selection = parseSelection(sample.fields);
  // A search route's selection is written for the wrapper (`items[...]`); the SDK's types take the item selection.
  if (routeByKey(sample.route).searchResults) {
    selection = selection.flatMap((e) => (typeof e === 'object' && 'items' in e ? (e.items as FieldSelection) : [e]));
  }
  return `SelectedOutput<${key}, ${selectionType(selection)}>`;
}

/** Writes the consumer file; returns each body's first and last line in it. */
function emit(dir: string, file: string, samples: Checked[]): { sample: Checked; from: number; to: number }[] {
  const src = (p: string) => path.relative(dir, path.join(repoRoot, 'packages/commerce/src', p));
  const lines = [
    `import type { Routes } from '${src('generated/operations.ts')}';`,
    `import type { SelectedOutput } from '${src('fields/method-types.ts')}';`,
    `type Out<K extends keyof Routes> = Routes[K]['output'];`,
  ];
  let lineCount = lines.length;
  const spans = samples.map((sample, i) => {
    const from = lineCount + 1;
    // A variable, not a literal in place: assignability, without the excess-property check for fresh literals
    // (a real body carries the installation's own extension attributes).
    // An empty list on its own would be an implicit any[]: it is written as a list of nothing.
    const literal = Array.isArray(sample.body) && sample.body.length === 0 ? '([] as never[])' : JSON.stringify(sample.body, null, 1);
    const chunk = `// ${sample.id}\nconst body${i} = ${literal};\n{ const typed: ${expectedType(sample)} = body${i}; void typed; }`;
    lines.push(chunk);
    lineCount += chunk.split('\n').length;
    return { sample, from, to: lineCount };
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return spans;
}

/** The bodies tsc rejects (id → tsc's lines), tsc's exit status and its output; `name` names the consumer file. */
export function rejectedByTypes(samples: Checked[], name: string): { rejected: Map<string, string[]>; status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(tmpRoot, `${name}-`));
  const file = path.join(dir, `${name}.ts`);
  const spans = emit(dir, file, samples);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: path.relative(dir, path.join(repoRoot, 'tsconfig.json')), include: [`${name}.ts`], exclude: [] }));
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], { cwd: repoRoot, encoding: 'utf8', timeout: 280_000 });
  const output = `${tsc.stdout}${tsc.stderr}`;
  // One entry per rejected sample: its id, then tsc's account of the field the type refuses.
  const rejected = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of output.split('\n')) {
    const at = new RegExp(`${name}\\.ts\\((\\d+),\\d+\\): error (TS\\d+: .*)$`).exec(line);
    if (at) {
      const span = spans.find((s) => Number(at[1]) >= s.from && Number(at[1]) <= s.to);
      const id = span?.sample.id ?? `line ${at[1]}`;
      current = rejected.get(id) ?? [];
      rejected.set(id, current);
      current.push(at[2]!);
    } else if (current && line.startsWith('  ')) current.push(line.trim());
    else if (line.trim()) current = undefined;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { rejected, status: tsc.status, output };
}
