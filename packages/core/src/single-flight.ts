/**
 * A cached credential with single-flight renewal: however many calls need a token at once, one
 * request fetches it. Renewal happens ahead of expiry (`renewBeforeMs`), and a token the server
 * refused can be invalidated so the next caller fetches a fresh one, once.
 *
 * It is also where the SDK remembers what the server said about sign-ins and tokens, once for
 * every kind of token (commerce admin and customer tokens, the marketplace session):
 * - a sign-in the server refused is never repeated (six failures lock a commerce account for 30
 *   minutes; a marketplace key would be replayed on every call): later calls fail at once with
 *   the first refusal, until clear();
 * - a token refused with a 401 before it ever worked, moments after it was issued, is not expired:
 *   the account lacks the permission (`unauthorized()` says 'permission'); one accepted before and
 *   refused later expired early and is renewed ('renew').
 */
import type { Refusal } from './credential.ts';

export interface IssuedToken {
  value: string;
  /** Epoch ms after which the token must not be used. */
  expiresAt: number;
  /** Anything else the issuer returned (a marketplace session's mage_id, say). */
  meta?: Record<string, unknown>;
}

export interface TokenCacheOptions {
  issue: () => Promise<IssuedToken>;
  /** Renew this long before expiry. Default 60 s. */
  renewBeforeMs?: number;
  now?: () => number;
  /** Whether an issue failure is the server refusing the sign-in itself (remembered, never repeated). */
  isRefusal?: ((error: unknown) => boolean) | undefined;
  /** The error later calls get instead of a repeated sign-in, built from the first refusal. */
  refusedEarlier?: ((first: unknown) => Error) | undefined;
}

export interface TokenCache {
  /**
   * The cached token, at once while it is fresh (the hot path: a call then waits on nothing); a
   * promise while one is issued, or rejected with a refusal remembered earlier.
   */
  get(): IssuedToken | Promise<IssuedToken>;
  /** Drops `token` if it is the cached one (a 401 on it); a newer token is kept. */
  invalidate(token?: string): void;
  /** A 401 on `token`: 'permission' when it never worked and was issued moments ago, else it is dropped and renewed. */
  unauthorized(token: string | undefined): Refusal;
  /** The server accepted `token`: a later 401 on it means it expired (undefined, a request that carried none: nothing). */
  accepted(token: string | undefined): void;
  /** Whether `token` is one of the latest this cache issued (undefined never is). */
  knows(token: string | undefined): boolean;
  /** Forgets the token, one being issued, and a remembered refusal. */
  clear(): void;
  /** How many times the issuer has been called: for tests and diagnostics. */
  readonly issued: number;
}

/**
 * A token refused this soon after it was issued, without ever having worked, is not expired. (The
 * commerce platform answers 401 "The consumer isn't authorized to access %resources" both for an
 * expired token and for a missing ACL resource.)
 */
const JUST_ISSUED_MS = 60_000;
/** Tokens whose history is kept: only the latest few can still be in flight. */
const HISTORY = 8;

export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const renewBefore = options.renewBeforeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let current: IssuedToken | undefined;
  let pending: Promise<IssuedToken> | undefined;
  let issued = 0;
  let generation = 0;
  let refusal: { first: unknown } | undefined;
  // Monotonic time, not `now`: a test (or the system) moving the wall clock must not make a token
  // issued a second ago look old.
  // Keyed by token values only; typed to accept `undefined` so a 401 that named no token looks up nothing.
  const history = new Map<string | undefined, { issuedAt: number; worked: boolean }>();

  function fresh(token: IssuedToken | undefined): token is IssuedToken {
    return token !== undefined && token.expiresAt - renewBefore > now();
  }

  function record(token: IssuedToken): void {
    history.set(token.value, { issuedAt: performance.now(), worked: false });
    if (history.size > HISTORY) history.delete(history.keys().next().value!);
  }

  function invalidate(token?: string): void {
    if (token === undefined || current?.value === token) current = undefined;
  }

  return {
    get() {
      if (refusal) return Promise.reject(options.refusedEarlier ? options.refusedEarlier(refusal.first) : refusal.first);
      if (fresh(current)) return current;
      if (pending) return pending;
      const myGeneration = generation;
      issued += 1;
      pending = options
        .issue()
        .then(
          (token) => {
            if (myGeneration === generation) {
              current = token;
              record(token);
            }
            return token;
          },
          (error: unknown) => {
            if (myGeneration === generation && options.isRefusal?.(error)) refusal = { first: error };
            throw error;
          },
        )
        .finally(() => {
          if (myGeneration === generation) pending = undefined;
        });
      return pending;
    },
    invalidate,
    unauthorized(token) {
      if (refusal) return 'fail';
      const entry = history.get(token);
      if (entry && !entry.worked && performance.now() - entry.issuedAt < JUST_ISSUED_MS) return 'permission';
      // Without the refused token the current one is the suspect; a renewal under way is joined.
      invalidate(token);
      return 'renew';
    },
    knows: (token) => history.has(token),
    accepted(token) {
      const entry = history.get(token);
      if (entry) entry.worked = true;
    },
    clear() {
      // Stryker disable next-line AssignmentOperator: generations are only compared for equality with one captured earlier; counting down changes the value as surely as counting up
      generation += 1;
      current = undefined;
      pending = undefined;
      refusal = undefined;
      history.clear();
    },
    get issued() {
      return issued;
    },
  };
}
