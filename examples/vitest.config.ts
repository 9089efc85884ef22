import { defineProject } from 'vitest/config';

// Every example runs against the embedded fakes, so the examples users copy cannot rot.
export default defineProject({
  resolve: { conditions: ['@magekit/source'] },
  ssr: { resolve: { conditions: ['@magekit/source'] } },
  test: { name: 'examples', environment: 'node', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
