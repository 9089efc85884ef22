import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bin, expectSmoke, runJson, startLoopbackFake } from './lane.ts';

const app = inject('laneApp');
let fake: Awaited<ReturnType<typeof startLoopbackFake>>;
beforeAll(async () => void (fake = await startLoopbackFake(app)));
afterAll(() => fake.close());

// No --allow-env (an SDK that read process.env would stop with NotCapable), network to 127.0.0.1 only,
// no prompt (a prompt would be a refusal in CI).
describe('Deno', () => {
  it('runs the smoke suite without --allow-env and with network only to 127.0.0.1, the callback handler behind Deno.serve', async () => {
    const { permissions, ...result } = await runJson(bin('deno'), ['run', '--no-prompt', '--allow-net=127.0.0.1', 'hosts/deno.mjs', fake.url], app);
    expect(permissions).toEqual({ env: 'prompt', loopback: 'granted', elsewhere: 'prompt' });
    expectSmoke(result, 'deno', { loopback: true });
  });
});
