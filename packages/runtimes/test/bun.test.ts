import { afterAll, beforeAll, describe, it } from 'vitest';
import { inject } from 'vitest';
import { bin, expectSmoke, runJson, startLoopbackFake } from './lane.ts';

const app = inject('laneApp');
let fake: Awaited<ReturnType<typeof startLoopbackFake>>;
beforeAll(async () => void (fake = await startLoopbackFake(app)));
afterAll(() => fake.close());

describe('Bun', () => {
  it('runs the smoke suite from the tarballs, with a real request to 127.0.0.1 and the callback handler behind Bun.serve', async () => {
    expectSmoke(await runJson(bin('bun'), ['hosts/bun.mjs', fake.url], app), 'bun', { loopback: true });
  });
});
