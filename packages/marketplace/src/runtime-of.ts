import type { MarketplaceRuntime } from './runtime.ts';

/**
 * The runtime behind a client, for the SDK's own helpers and tests. Not in the public
 * `MarketplaceClient` type: a user reaching into it would couple to machinery we change freely.
 * The client object still carries it, as `runtime`.
 */
export function runtimeOf(client: object): MarketplaceRuntime {
  const runtime = (client as { runtime?: MarketplaceRuntime }).runtime;
  if (!runtime) throw new TypeError('runtimeOf: not a client made by createMarketplaceClient().');
  return runtime;
}
