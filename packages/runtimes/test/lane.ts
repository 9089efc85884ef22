/**
 * What every lane shares: the one expectation the smoke suite's JSON is held against, the fake on
 * 127.0.0.1 for the one real request, and running a runtime's binary in the lane app.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';
import { loopbackFakeOptions, NEVER_ANSWERS } from '../smoke/smoke.mjs';
import { repoRoot, run, type Run } from '../../installed/test/apps.ts';

/** A devDependency's binary (the runtimes install from the project's own package.json). */
export const bin = (name: string): string => path.join(repoRoot, 'node_modules/.bin', name);

/** Runs a command; fails with its output when it exits non-zero, else returns the JSON its last line printed. */
export async function runJson(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  const result: Run = await run(command, args, cwd, env);
  expect(result.code, `${path.basename(command)} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Record<string, unknown>;
}

interface RunningFake {
  url: string;
  close(): Promise<void>;
}

interface Fake {
  handle(request: Request): Promise<Response>;
}

/** The fake on 127.0.0.1, from the lane app's installed `@magekit/commerce/testing`; NEVER_ANSWERS never answers. */
export async function startLoopbackFake(app: string): Promise<RunningFake> {
  const testing = createRequire(path.join(app, 'package.json'))('@magekit/commerce/testing') as { createFakeCommerce(options: unknown): Fake; startFakeCommerce(options: unknown): Promise<RunningFake> };
  const fake = testing.createFakeCommerce(loopbackFakeOptions);
  return testing.startFakeCommerce({ fake: { ...fake, handle: (request: Request) => (new URL(request.url).pathname === NEVER_ANSWERS ? new Promise<Response>(() => {}) : fake.handle(request)) } });
}

/** The smoke suite's result in every lane: `runtime` is where the lane must have run (not Node, unless it is a Node lane). */
export function expectSmoke(result: Record<string, unknown>, runtime: string, { loopback }: { loopback: boolean }): void {
  expect(result['where'], 'the lane ran somewhere else').toEqual({ runtime, version: expect.any(String) });
  expect(result).toEqual({
    where: expect.anything(),
    list: { skus: ['SKU-0001', 'SKU-0002'], keys: ['price', 'sku'] },
    paginate: [2, 2, 1],
    bulk: { ok: true, total: 3, complete: 3 },
    oauth: ['SKU-0001', 'SKU-0003'],
    errors: {
      notFound: { branded: true, kind: 'http', status: 404, message: "GET https://shop.test/rest/V1/products/NO%2FSUCH%20SKU failed with 404: The product that was requested doesn't exist. Verify the product and try again." },
      badSignature: { branded: true, kind: 'auth', status: 401, leaksSecret: false },
      input: { branded: true, kind: 'input' },
      acceptance: { branded: true, kind: 'response' },
      waiterDeadline: { branded: true, name: 'BulkTimeoutError' },
    },
    renewal: { signIns: 1, product: { sku: 'SKU-0002', price: 20 } },
    ...(loopback ? { loopback: { sku: 'SKU-0004' }, loopbackTimeout: { branded: true, kind: 'timeout' } } : {}),
    session: { mageId: 'MAG000000001', sessions: 1 },
    batch: { succeeded: ['good-item'], failed: [['bad-item', 1210]], error: { branded: true, kind: 'batch' } },
    // drift: eqp_state where current_status was documented; noStatus: neither (zod's refine); badEnvelope: no update_info.
    callback: { accepted: 200, refused: 401, drift: 200, scan: 200, noStatus: 400, badEnvelope: 400, seen: ['eqp_status_update', 'eqp_status_update', 'malware_scan_complete'] },
  });
}
