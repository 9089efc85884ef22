import { defineProject } from 'vitest/config';

// The deterministic benchmark figures, held as budgets: bundle bytes and type instantiations.
export default defineProject({
  resolve: { conditions: ['@magekit/source'] },
  ssr: { resolve: { conditions: ['@magekit/source'] } },
  test: { name: 'bench-budgets', environment: 'node', include: ['budgets.test.ts'], testTimeout: 120_000 },
});
