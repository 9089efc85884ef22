import type { CommerceRuntime } from './client.ts';

/**
 * The runtime behind a client, for the SDK's own helpers (standalone `paginate`, the CLI) and tests.
 * Not in the public `CommerceClient` type: a user reaching into it would couple to machinery we
 * change freely. The client object still carries it, as `runtime`.
 */
export function runtimeOf(client: object): CommerceRuntime {
  const runtime = (client as { runtime?: CommerceRuntime }).runtime;
  if (!runtime) throw new TypeError('runtimeOf: not a client made by createCommerceClient().');
  return runtime;
}
