/**
 * The runtime behind a client, for the SDK's own helpers (standalone `paginate`, the CLI) and tests.
 * Not in the public client types: a user reaching into it would couple to machinery we change
 * freely. Clients are tied to their runtime in a WeakMap (runtime.ts `bindRuntime`).
 */
export { runtimeOf } from './runtime.ts';
