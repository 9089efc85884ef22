/**
 * The runtime behind a client, for the SDK's own helpers (standalone `paginate`, the CLI) and tests.
 * Clients are tied to their runtime in a WeakMap: the public client types never show the runtime, so a
 * user cannot couple to machinery we change freely, yet a helper imported on its own can take the client.
 *
 * Two plain functions rather than a registry object: an app that never looks a runtime up (a lean
 * one-call app) leaves `findRuntime` out of its bundle.
 */
const runtimes = new WeakMap<object, object>();

/** Ties a client object to its runtime; returns the client. */
export function bindRuntime<C extends object>(client: C, runtime: object): C {
  runtimes.set(client, runtime);
  return client;
}

/**
 * The runtime bound to a client, or the source itself when it is a runtime, or the runtime it holds as
 * `.runtime`; `undefined` for anything else. `isRuntime` tells the package's runtimes from the rest.
 */
export function findRuntime<R extends object>(source: object, isRuntime: (value: object) => value is R): R | undefined {
  const bound = runtimes.get(source);
  const held = (source as { runtime?: object }).runtime;
  return bound && isRuntime(bound) ? bound : isRuntime(source) ? source : held && isRuntime(held) ? held : undefined;
}
