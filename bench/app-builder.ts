// The App Builder action's cold start: two single-file actions (bench/fixtures/app-builder: the SDK's
// full client, and ky alone as the baseline), each bundled as the aio CLI bundles one (the App Builder
// lane's adobeWebpack), weighed, then required and called once in fresh processes of the runtime's
// Node (22.6.0, from npm as the lane installs it) beside an empty process of that Node.
import fs from 'node:fs';
import path from 'node:path';
import { adobeWebpack } from '../packages/runtimes/test/adobe-webpack.ts';
import { installNode } from '../packages/runtimes/test/nodes.ts';
import { medianFigure, timedProcess, type ColdStartFigure, type ProbeOutput } from './import-time.ts';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'fixtures/app-builder');
const out = path.join(import.meta.dirname, '.app-builder-out');
const NODE_VERSION = '22.6.0';

interface ActionBundle {
  /** index.js: what every activation requires. */
  indexBytes: number;
  /** index.js and the chunks it loads on first use (webpack writes one file each). */
  totalBytes: number;
  files: number;
}

export interface AppBuilderColdStart {
  node: string;
  bundles: Record<'ky' | 'commerce', ActionBundle>;
  /** By label: the empty process, each action required, each action required and called once. */
  figures: Record<string, ColdStartFigure>;
}

function weigh(dir: string): ActionBundle {
  const files = fs.readdirSync(dir);
  const size = (file: string) => fs.statSync(path.join(dir, file)).size;
  return { indexBytes: size('index.js'), totalBytes: files.reduce((sum, file) => sum + size(file), 0), files: files.length };
}

/** The actions bundled, weighed and timed on App Builder's Node against the loopback server at `url`. */
export async function benchAppBuilder(url: string, rounds = 9): Promise<AppBuilderColdStart> {
  const bundles = {} as AppBuilderColdStart['bundles'];
  // No "type": the bundles are CommonJS, as in an App Builder project (the repo's package.json says "module").
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'package.json'), '{ "private": true }\n');
  for (const action of ['ky', 'commerce'] as const) {
    const dir = path.join(out, action);
    fs.rmSync(dir, { recursive: true, force: true });
    await adobeWebpack(path.join(fixtures, `${action}-action.cjs`), dir);
    bundles[action] = weigh(dir);
  }
  // Installed once, beside a placeholder app under node_modules/.cache (installNode's layout).
  const node = await installNode(path.join(root, 'node_modules/.cache/magekit-bench/app'), NODE_VERSION);
  const invoke = path.join(fixtures, 'invoke.cjs');
  const subjects: [label: string, args: string[]][] = [
    ['empty process', ['-']],
    ['require the ky action', [path.join(out, 'ky/index.js')]],
    ['require the commerce action', [path.join(out, 'commerce/index.js')]],
    ['first call, ky action', [path.join(out, 'ky/index.js'), url]],
    ['first call, commerce action', [path.join(out, 'commerce/index.js'), url]],
  ];
  const samples = new Map<string, (ProbeOutput & { processMs: number })[]>(subjects.map(([label]) => [label, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, args] of round % 2 ? [...subjects].reverse() : subjects) samples.get(label)!.push(await timedProcess(node, [invoke, ...args]));
  }
  return { node: NODE_VERSION, bundles, figures: Object.fromEntries([...samples].map(([label, xs]) => [label, medianFigure(xs)])) };
}
