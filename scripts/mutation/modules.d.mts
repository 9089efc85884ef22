/** A group of modules held to the mutation score, and the tests (globs relative to its package) meant to pin it. */
export interface MutationGroup {
  name: string;
  package: 'core' | 'commerce' | 'marketplace';
  mutate: string[];
  tests: string[];
}
export const GROUPS: MutationGroup[];
export const THRESHOLD: number;
