import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

// The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
export default defineConfig({
  test: { projects, reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]] },
});
