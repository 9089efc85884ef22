/**
 * The one interface every way of signing in implements (commerce's adminToken(), customerToken(),
 * integration(), bearer(), ims(); the marketplace session): the runtime asks it to authorize each
 * attempt and what a 401 means, and nothing else sits between them.
 */

/** What a 401 on a request that carried a credential means, and so what the runtime does next. */
export type Refusal =
  /** The credential expired early (revoked, a server restart): renew it and send once more. */
  | 'renew'
  /** Signing in again would not help: the account lacks the permission (a `PermissionError`). */
  | 'permission'
  /** Nothing to renew (a fixed token, an OAuth signature): the 401 is the answer. */
  | 'fail';

export interface Credential {
  /**
   * Adds credentials to one attempt's request, in place (a fresh OAuth nonce per attempt, a token
   * issued first when none is cached). `signal` ends the wait for a sign-in other calls may share.
   */
  authorize(request: Request, signal?: AbortSignal): Promise<void> | void;
  /** The server answered 401 to a request carrying `authorization` (null when it carried none). */
  unauthorized(authorization: string | null): Refusal;
  /** The server accepted a request carrying `authorization`: a later 401 on it means it expired. */
  accepted?(authorization: string): void;
  /** Forgets cached tokens and a remembered refusal (an application that fixed its credentials). */
  signOut(): void;
  /**
   * Headers of a credential that never changes (a fixed bearer token): sent with every request as
   * static headers, so a call builds no Request for it and authorize() is not called.
   */
  readonly staticHeaders?: Record<string, string> | undefined;
}

/** The part of an Authorization value a 401 decision is about: a Bearer token's value. */
export function bearerToken(authorization: string | null): string | undefined {
  return authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
}

/**
 * `use(value)` at once when `value` is already there (a fresh cached token, a signature made on the
 * spot), or once it arrives: how an authorize() stays synchronous on its hot path.
 */
export function whenReady<T>(value: T | Promise<T>, use: (ready: T) => void): Promise<void> | void {
  return value instanceof Promise ? value.then(use) : use(value);
}
