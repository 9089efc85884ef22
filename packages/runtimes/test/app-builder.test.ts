/**
 * App Builder (Adobe I/O Runtime): two single-file actions, one that `require`s the SDK and one that
 * `import`s it, each bundled as the aio CLI bundles one (adobe-webpack.ts), then run as `main(params)`
 * under the runtime's Node versions, 22.6.0 and 24.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adobeWebpack } from './adobe-webpack.ts';
import { expectSmoke, runJson, startLoopbackFake } from './lane.ts';
import { installNode } from './nodes.ts';

const app = inject('laneApp');
const actions = ['require-action', 'import-action'] as const;
const versions = ['22.6.0', '24.0.1'] as const;
// Inside hosts/app-builder, whose package.json has no "type": the runtime loads an action as CommonJS.
const built = (action: string): string => path.join(app, 'hosts/app-builder/dist', action, 'index.js');

function adobeBuild(action: string): Promise<void> {
  return adobeWebpack(path.join(app, 'hosts/app-builder', `${action}.js`), path.dirname(built(action)));
}

const nodes: Record<string, string> = {};
let fake: Awaited<ReturnType<typeof startLoopbackFake>>;
beforeAll(async () => {
  // The two Node installs (mostly waiting on the registry) beside the two builds.
  const installs = Promise.all(versions.map(async (version) => void (nodes[version] = await installNode(app, version))));
  for (const action of actions) await adobeBuild(action);
  await installs;
  fake = await startLoopbackFake(app);
});
afterAll(() => fake?.close());

describe.each(versions)('App Builder, Node %s', (version) => {
  it.each(actions)('%s runs the smoke suite as main(params)', async (action) => {
    const { node, ...result } = await runJson(nodes[version]!, [path.join(app, 'hosts/app-builder/invoke.cjs'), built(action), 'smoke', fake.url], app);
    expect(node).toBe(`v${version}`);
    expectSmoke(result, 'node', { loopback: true });
  });

  it.each(actions)('%s: two concurrent activations with different admins never share a token', async (action) => {
    const { node, answers, reads, signIns } = await runJson(nodes[version]!, [path.join(app, 'hosts/app-builder/invoke.cjs'), built(action), 'concurrent'], app);
    expect(node).toBe(`v${version}`);
    expect(answers).toEqual([...Array(3)].flatMap(() => [[200, 'SKU-0001'], [200, 'SKU-0002']]));
    // Each tenant's product read carried that tenant's own token, every time.
    expect(reads).toEqual([...Array(3).fill(['SKU-0001', 'tenant-a']), ...Array(3).fill(['SKU-0002', 'tenant-b'])]);
    expect(signIns).toBeGreaterThanOrEqual(2);
  });
});

describe('App Builder bundles', () => {
  it.each(actions)('%s: one CommonJS file the runtime can load, size reported', (action) => {
    const dir = path.dirname(built(action));
    const files = fs.readdirSync(dir);
    const size = (file: string) => fs.statSync(path.join(dir, file)).size;
    const own = size('index.js');
    const total = files.reduce((sum, file) => sum + size(file), 0);
    console.log(`App Builder ${action}: index.js ${(own / 1024).toFixed(1)} KiB (what a plain activation loads); with the smoke suite's lazily loaded chunks ${(total / 1024).toFixed(1)} KiB in ${files.length} files`);
    expect(fs.readFileSync(built(action), 'utf8')).toMatch(/^\/\*\*\*\*\*\*\/|"use strict"|\(\(\) => \{/);
    expect(own).toBeGreaterThan(0);
  });
});
