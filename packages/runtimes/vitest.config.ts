import { defineProject } from 'vitest/config';

// The runtime lanes: the one smoke suite (smoke/smoke.mjs) run from the packed tarballs in each runtime
// users deploy to. One lane alone: `npm run lane:<name>` (README, "Runtimes"). No source condition here:
// nothing in this project may resolve the workspace's sources.
export default defineProject({
  test: {
    name: 'runtimes',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
