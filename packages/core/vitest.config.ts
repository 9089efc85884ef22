import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@magekit/source'] },
  ssr: { resolve: { conditions: ['@magekit/source'] } },
  test: { name: 'core', environment: 'node', include: ['test/**/*.test.ts'], setupFiles: ['@magekit/test-support/setup'], typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: '../../tsconfig.json' } },
});
