/**
 * The wire corpus against the declared types: each 2xx body the platform really sent (corpus/README.md),
 * as the caller receives it (scalar results normalised: corpus.ts, callerSees), must be assignable to
 * its route's output type, or to the output narrowed by its `fields` selection.
 * The bodies are written into a consumer file and checked by tsc with the repo's strict options; a
 * sample that fails is reported with the path of the field the type rejects.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parseSelection } from '../../src/fields/syntax.ts';
import type { FieldSelection } from '../../src/fields/types.ts';
import { routeByKey } from '../../src/routes/table.ts';
import { repoRoot } from '../support/spec.ts';
import { callerSees, loadWireCorpus, type WireSample } from './corpus.ts';

// Under bench/.tmp, which the repo's tsconfig excludes, so that imports resolve as for any file in the repo.
const tmpRoot = path.join(repoRoot, 'bench/.tmp');
fs.mkdirSync(tmpRoot, { recursive: true });
fs.writeFileSync(path.join(tmpRoot, '.gitignore'), '*\n');
const dir = fs.mkdtempSync(path.join(tmpRoot, 'wire-types-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A selection as a type literal: `readonly ['sku', { readonly extension_attributes: readonly ['website_ids'] }]`. */
function selectionType(selection: FieldSelection): string {
  const entry = (e: FieldSelection[number]): string =>
    typeof e === 'string' ? JSON.stringify(e) : `{ ${Object.entries(e).map(([name, members]) => `readonly ${JSON.stringify(name)}: ${selectionType(members as FieldSelection)}`).join('; ')} }`;
  return `readonly [${selection.map(entry).join(', ')}]`;
}

/** The type a sample's body must be assignable to: the route's output, or what its `fields` selects. */
function expectedType(sample: WireSample): string {
  const key = JSON.stringify(sample.route);
  if (sample.fields === undefined) return `Out<${key}>`;
  let selection = parseSelection(sample.fields);
  // A search route's selection is written for the wrapper (`items[...]`); the SDK's types take the item selection.
  if (routeByKey(sample.route).searchResults) {
    selection = selection.flatMap((e) => (typeof e === 'object' && 'items' in e ? (e.items as FieldSelection) : [e]));
  }
  return `SelectedOutput<${key}, ${selectionType(selection)}>`;
}

/** Writes the consumer file; returns each sample's first and last line in it. */
function emit(file: string, samples: WireSample[]): { sample: WireSample; from: number; to: number }[] {
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
    const chunk = `// ${sample.id}\nconst body${i} = ${JSON.stringify(callerSees(sample), null, 1)};\n{ const typed: ${expectedType(sample)} = body${i}; void typed; }`;
    lines.push(chunk);
    lineCount += chunk.split('\n').length;
    return { sample, from, to: lineCount };
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return spans;
}

it('every 2xx body of the corpus is assignable to its route\'s declared output', { timeout: 300_000 }, () => {
  const samples = loadWireCorpus().filter((s) => s.status < 300);
  const file = path.join(dir, 'wire-corpus.ts');
  const spans = emit(file, samples);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: path.relative(dir, path.join(repoRoot, 'tsconfig.json')), include: ['wire-corpus.ts'], exclude: [] }));
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], { cwd: repoRoot, encoding: 'utf8', timeout: 280_000 });
  const output = `${tsc.stdout}${tsc.stderr}`;
  // One entry per rejected sample: its id, then tsc's account of the field the type refuses.
  const rejected = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of output.split('\n')) {
    const at = /wire-corpus\.ts\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
    if (at) {
      const span = spans.find((s) => Number(at[1]) >= s.from && Number(at[1]) <= s.to);
      const id = span?.sample.id ?? `line ${at[1]}`;
      current = rejected.get(id) ?? [];
      rejected.set(id, current);
      current.push(at[2]!);
    } else if (current && line.startsWith('  ')) current.push(line.trim());
    else if (line.trim()) current = undefined;
  }
  const report = [...rejected].map(([id, why]) => `${id}\n    ${why.join('\n    ')}`).join('\n');
  expect(report, `${rejected.size} of ${samples.length} samples rejected by their declared types`).toBe('');
  expect(tsc.status, output.slice(0, 2000)).toBe(0);
});
