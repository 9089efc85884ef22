/**
 * Cloudflare Workers (workerd through miniflare), with and without nodejs_compat (on by default only
 * from compatibility date 2026-08-04; the date here is before it). Each Worker is bundled as wrangler
 * bundles one (esbuild, the `workerd`/`worker`/`browser` conditions; with nodejs_compat, Node's
 * built-ins left to the runtime). Every public entry is a Worker of its own, so one that does I/O, timers
 * or random values at module scope fails to start.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundle } from './bundle.ts';
import { expectSmoke, startLoopbackFake } from './lane.ts';

const app = inject('laneApp');
const COMPATIBILITY_DATE = '2026-07-30';

// `/node` entries are Node adapters (node:fs, node:http): Workers load them with nodejs_compat only.
// `testing/msw` needs msw, which a Worker would bring itself.
const ENTRIES = ['commerce', 'commerce/bulk', 'commerce/fields', 'commerce/lean', 'commerce/modules', 'commerce/onboarding', 'commerce/paginate', 'commerce/schema', 'commerce/search', 'commerce/testing', 'marketplace', 'marketplace/testing'];
const NODE_ENTRIES = ['commerce/node', 'marketplace/node'];

let fake: Awaited<ReturnType<typeof startLoopbackFake>>;
beforeAll(async () => void (fake = await startLoopbackFake(app)));
afterAll(() => fake?.close());

describe.each([
  { compat: false, flags: [] as string[] },
  { compat: true, flags: ['nodejs_compat'] },
])('Workers, nodejs_compat $compat', ({ compat, flags }) => {
  const entries = compat ? [...ENTRIES, ...NODE_ENTRIES] : ENTRIES;
  let mf: Miniflare;

  beforeAll(async () => {
    const external = compat ? ['node:*', ...builtinModules] : [];
    const worker = async (name: string, entry: string, extra: Record<string, unknown> = {}) => ({
      name,
      modules: true,
      script: await bundle(app, entry, { format: 'esm', platform: 'browser', conditions: ['workerd', 'worker', 'browser'], external }),
      compatibilityDate: COMPATIBILITY_DATE,
      compatibilityFlags: flags,
      ...extra,
    });
    const entryWorkers = [];
    for (const entry of entries) {
      const file = `hosts/workers/entry-${entry.replace('/', '-')}.mjs`;
      fs.writeFileSync(path.join(app, file), `import * as entry from '@magekit/${entry}';\nexport default { fetch: () => Response.json(Object.keys(entry).length) };\n`);
      entryWorkers.push(await worker(`entry-${entry.replace('/', '-')}`, file));
    }
    mf = new Miniflare({ workers: [await worker('smoke', 'hosts/workers/smoke.mjs', { serviceBindings: { SELF: 'smoke' } }), await worker('callbacks', 'hosts/workers/callbacks.mjs'), ...entryWorkers] });
    await mf.ready;
  });
  afterAll(() => mf?.dispose());
  // A Worker's fetch, called through workerd (miniflare types it with the Workers' own Request).
  const fetcher = async (name: string) => (await mf.getWorker(name)) as unknown as { fetch(url: string, init?: RequestInit): Promise<Response> };

  it('runs the smoke suite, with a real request to 127.0.0.1, OAuth signing through WebCrypto where node:crypto is absent', async () => {
    const response = await mf.dispatchFetch(`http://smoke.worker/smoke?loopback=${encodeURIComponent(fake.url)}`);
    const { nodeCrypto, ...result } = (await response.json()) as Record<string, unknown>;
    if (!compat) expect(nodeCrypto).toBe(false);
    expectSmoke(result, 'workerd', { loopback: true });
  });

  it('the callback handler serves as a Worker\'s fetch', async () => {
    const worker = await fetcher('callbacks');
    const send = (password: string) =>
      worker.fetch('https://hooks.example/eqp', {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`hook:${password}`)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ callback_event: 'eqp_status_update', update_info: { submission_id: 's-1', current_status: 'approved' } }),
      });
    expect((await send('hook-secret-1')).status).toBe(200);
    expect((await send('wrong')).status).toBe(401);
  });

  it.each(entries)('@magekit/%s imports at module scope without a disallowed operation', async (entry) => {
    const worker = await fetcher(`entry-${entry.replace('/', '-')}`);
    const response = await worker.fetch('http://entry.worker/');
    expect(await response.json()).toBeGreaterThan(0);
  });
});
