// `@magekit/commerce/modules` names every route module the generator writes, and nothing else.
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/entries/modules.ts';
import * as generated from '../../src/generated/routes.ts';

describe('@magekit/commerce/modules', () => {
  it('exports every generated route module by name (add a new one to src/entries/modules.ts)', () => {
    expect(Object.keys(entry).sort()).toEqual(Object.keys(generated).sort());
  });
});
