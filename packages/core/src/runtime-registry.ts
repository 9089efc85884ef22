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

/**
 * @param isRuntime tells a runtime from anything else, for a runtime passed directly.
 * @param refusal the error's message for anything else: `Expected a client from createCommerceClient().`
 */
// Positional parameters, not an options object: property names survive minification, and this ships in
// the smallest (lean) bundle.
export function createRuntimeRegistry<R extends object>(service: Service, isRuntime: (value: object) => value is R, refusal: string): RuntimeRegistry<R> {
  const runtimes = new WeakMap<object, R>();
  return {
    bind: (client, runtime) => (runtimes.set(client, runtime), client),
    of(source) {
      const held = (source as { runtime?: object }).runtime;
      const runtime = runtimes.get(source) ?? (isRuntime(source) ? source : held && isRuntime(held) ? held : undefined);
      if (!runtime) throw new ConfigurationError(refusal, { service });
      return runtime;
    },
  };
}
