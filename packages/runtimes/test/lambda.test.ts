/**
 * AWS Lambda: the CommonJS build required with require(esm) turned off, as Lambda runs Node 22
 * (`--no-experimental-require-module`), and an ES module handler on Node 24.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectSmoke, runJson, startLoopbackFake } from './lane.ts';
import { installNode } from './nodes.ts';

const app = inject('laneApp');
let fake: Awaited<ReturnType<typeof startLoopbackFake>>;
let node22: string;
beforeAll(async () => {
  node22 = await installNode(app, '22');
  fake = await startLoopbackFake(app);
});
afterAll(() => fake?.close());

describe('Lambda', () => {
  it('Node 22 without require(esm): a CommonJS handler requires the CommonJS build and runs the smoke suite', async () => {
    const { node, loaded, requireModule, ...result } = await runJson(node22, ['--no-experimental-require-module', 'hosts/lambda/invoke.mjs', 'hosts/lambda/handler.cjs', fake.url], app);
    expect(node).toMatch(/^v22\./);
    expect({ loaded, requireModule }).toEqual({ loaded: 'index.cjs', requireModule: false });
    expectSmoke(result, 'node', { loopback: true });
  });

  it('Node 24: an ES module handler imports the ESM build and runs the smoke suite', async () => {
    const { node, loaded, requireModule, ...result } = await runJson(process.execPath, ['hosts/lambda/invoke.mjs', 'hosts/lambda/handler.mjs', fake.url], app);
    expect(node).toMatch(/^v24\./);
    expect(loaded).toBe('index.js');
    expect(requireModule).toBe(true);
    expectSmoke(result, 'node', { loopback: true });
  });
});
