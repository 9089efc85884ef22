import type { Credential } from '@magekit/core';

/**
 * How the client authenticates. An AuthStrategy is a description (`adminToken({...})`); the client
 * binds it to its own runtime, which lets token strategies call the token routes through the same
 * transport (same base URL, fetch, timeouts), anonymously.
 */
export interface AuthRuntime {
  /** Calls a route without credentials and returns the parsed body. */
  callAnonymous<T>(method: 'POST' | 'GET', path: string, body: unknown, signal?: AbortSignal): Promise<T>;
  /**
   * Calls a route with an explicit Authorization header and no retries (customer token revocation
   * must carry the very token it revokes). Optional: a runtime without it cannot revoke.
   */
  callAuthorized?<T>(method: 'POST' | 'GET', path: string, body: unknown, authorization: string, signal?: AbortSignal): Promise<T>;
  now(): number;
  /**
   * Registers a secret this strategy holds (a password, the four OAuth 1.0a values, a client secret)
   * with the client's redactor, so a server or proxy that echoes it back cannot put it into an error,
   * a hook event or CLI output. Strategies call it once, in bind(). Optional for hand-made runtimes.
   */
  protect?(secret: string): void;
  /** The client's fetch option, for strategies that call other origins (ims() calls Adobe IMS). */
  fetch?: typeof fetch | undefined;
}

/**
 * A bound strategy: core's one Credential (authorize each attempt, say what a 401 means, sign out),
 * which the runtime uses directly, plus what only commerce tokens do.
 */
export interface Authorizer extends Credential {
  /** Revokes the token at the server where the platform supports it, then forgets it. */
  revoke?(): Promise<void>;
  /** How many token requests were made (diagnostics, tests). */
  readonly tokenRequests?: number;
}

export interface AuthStrategy {
  readonly kind: 'none' | 'bearer' | 'admin' | 'customer' | 'integration' | 'ims';
  bind(runtime: AuthRuntime): Authorizer;
}

/** Anonymous access, for guest routes (guest carts, store config, directory). */
export function none(): AuthStrategy {
  return { kind: 'none', bind: () => ({ authorize: () => undefined, unauthorized: () => 'fail', signOut: () => undefined }) };
}
