// The test projects: one per package. vitest.config.ts imports this list as `test.projects`
// (vitest 4+ no longer reads a workspace file on its own).
import type { TestProjectConfiguration } from 'vitest/config';

const projects: TestProjectConfiguration[] = ['packages/core', 'packages/commerce', 'packages/marketplace', 'examples', 'bench', 'packages/installed', 'packages/runtimes'];
export default projects;
