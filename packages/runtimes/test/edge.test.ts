/**
 * Vercel's edge runtime (npm edge-runtime): the host bundled as Next bundles edge code (the `edge-light`,
 * `worker` and `browser` conditions), run with string code generation off (the runtime's default,
 * checked below), served by the runtime's own fetch event on 127.0.0.1. zod falls back to its
 * interpreter there: every zod check of the SDK is in the smoke suite.
 */
import { EdgeRuntime, runServer } from 'edge-runtime';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundle } from './bundle.ts';
import { expectSmoke, startLoopbackFake } from './lane.ts';

const app = inject('laneApp');
let fake: Awaited<ReturnType<typeof startLoopbackFake>>;
let server: Awaited<ReturnType<typeof runServer>>;
beforeAll(async () => {
  fake = await startLoopbackFake(app);
  const code = await bundle(app, 'hosts/edge.mjs', { format: 'iife', platform: 'browser', conditions: ['edge-light', 'worker', 'browser'] });
  server = await runServer({ runtime: new EdgeRuntime({ initialCode: code }), port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('edge runtime', () => {
  it('runs the smoke suite with string code generation off, the callback handler as its fetch event', async () => {
    const response = await fetch(new URL(`smoke?loopback=${encodeURIComponent(fake.url)}`, server.url));
    const { codeGeneration, ...result } = (await response.json()) as Record<string, unknown>;
    expect(codeGeneration).toBe('EvalError');
    expectSmoke(result, 'edge-runtime', { loopback: true });
  });
});
