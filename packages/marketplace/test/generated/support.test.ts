// Generated files lean on one seam: ./support.ts, which the generator writes (scripts/codegen/emit-support.mjs).
import { fileURLToPath } from 'node:url';
import { generatedImportViolations } from '@magekit/test-support/generated-imports';
import { describe, expect, it } from 'vitest';

describe('src/generated', () => {
  it('imports hand-written modules only through support.ts', () => {
    expect(generatedImportViolations(fileURLToPath(new URL('../../src/generated', import.meta.url)))).toEqual([]);
  });
});
