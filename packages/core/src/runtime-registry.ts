/**
 * The runtime behind a client, for the SDK's own helpers (standalone `paginate`, the CLI) and tests.
 * Clients are tied to their runtime in a WeakMap: the public client types never show the runtime, so a
 * user cannot couple to machinery we change freely, yet a helper imported on its own can take the client.
 */
import { ConfigurationError, type Service } from './errors.ts';

export interface RuntimeRegistry<R extends object> {
  /** Ties a client object to its runtime; returns the client. */
  bind<C extends object>(client: C, runtime: R): C;
  /** The runtime behind a client; a runtime passed directly (or held as `.runtime`) is returned as is. */
  of(source: object): R;
}

export function createRuntimeRegistry<R extends object>(options: {
  service: Service;
  /** Tells a runtime from anything else, for a runtime passed directly. */
  isRuntime: (value: object) => value is R;
  /** What was expected, for the error: `a client from createCommerceClient()`. */
  expected: string;
}): RuntimeRegistry<R> {
  const runtimes = new WeakMap<object, R>();
  return {
    bind(client, runtime) {
      runtimes.set(client, runtime);
      return client;
    },
    of(source) {
      const held = (source as { runtime?: unknown }).runtime;
      const runtime = runtimes.get(source) ?? (options.isRuntime(source) ? source : held && typeof held === 'object' && options.isRuntime(held) ? held : undefined);
      if (!runtime) throw new ConfigurationError(`Expected ${options.expected}.`, { service: options.service });
      return runtime;
    },
  };
}
