/**
 * A cached credential with single-flight renewal: however many calls need a token at once, one
 * request fetches it. Renewal happens ahead of expiry (`renewBeforeMs`), and a token the server
 * refused can be invalidated so the next caller fetches a fresh one, once.
 */

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
}

export interface TokenCache {
  get(): Promise<IssuedToken>;
  /** Drops `token` if it is the cached one (a 401 on it); a newer token is kept. */
  invalidate(token?: string): void;
  clear(): void;
  /** How many times the issuer has been called: for tests and diagnostics. */
  readonly issued: number;
}

export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const renewBefore = options.renewBeforeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let current: IssuedToken | undefined;
  let pending: Promise<IssuedToken> | undefined;
  let issued = 0;
  let generation = 0;

  function fresh(token: IssuedToken | undefined): token is IssuedToken {
    return token !== undefined && token.expiresAt - renewBefore > now();
  }

  return {
    get() {
      if (fresh(current)) return Promise.resolve(current);
      if (pending) return pending;
      const myGeneration = generation;
      issued += 1;
      pending = options
        .issue()
        .then((token) => {
          if (myGeneration === generation) current = token;
          return token;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate(token) {
      if (token === undefined || current?.value === token) current = undefined;
    },
    clear() {
      generation += 1;
      current = undefined;
      pending = undefined;
    },
    get issued() {
      return issued;
    },
  };
}
