import { defineProject } from 'vitest/config';

// The packages as users install them: packed tarballs in fresh apps outside the workspace. No source
// condition here: nothing in this project may resolve the workspace's sources.
export default defineProject({
  test: {
    name: 'installed',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 900_000,
  },
});
