/**
 * Session tokens: Basic-auth (appId:appSecret) POST /app/session/token with grant_type=session.
 * One token cache per origin, so a token issued by the sandbox can only ever be attached to requests
 * for the sandbox (the service rejects cross-environment tokens, and sending one would leak it).
 * Each cache is single-flight (however many calls wait, one token request) and renews ahead of expiry.
 *
 * A key the service refused is remembered per origin (by that origin's token cache) and never sent
 * again: every later call fails at once with the first refusal, instead of replaying the key on each
 * call (and flooding the service with bad Basic credentials). signOut() (the client's logout())
 * forgets the refusal, as the commerce admin token does, for an application that has fixed its keys.
 *
 * The session manager is the client's credential (core's Credential): the runtime asks it directly
 * to authorize each attempt and what a 401 means.
 */
import { AuthError, ConfigurationError, bearerToken, createTokenCache, isMagekitError, ResponseError, base64, shapeOf, whenReady, type Credential, type HttpError, type IssuedToken, type TokenCache } from '@magekit/core';

interface SessionGrant {
  mage_id: string;
  ust: string;
  expires_in: number;
}

export interface SessionManagerOptions {
  appId: string;
  appSecret: string;
  /** Requested lifetime in seconds; the service may cap it. */
  expiresIn: number;
  /** Sends the token request for `origin` with the given Authorization header. */
  requestToken: (origin: string, authorization: string, body: { grant_type: 'session'; expires_in: number }) => Promise<unknown>;
  now?: () => number;
}

export interface SessionManager extends Credential {
  /** The current token for `origin`, issuing one if none is fresh. */
  token(origin: string): Promise<IssuedToken>;
  /** The user's mage_id, taken from the session. */
  mageId(origin: string): Promise<string>;
  /** Adds `Authorization: Bearer` for the request's own origin, in place: at once while the token is fresh. */
  authorize(request: Request, signal?: AbortSignal): Promise<void> | void;
  /** Issues a new session now, replacing the cached one. */
  renew(origin: string): Promise<IssuedToken>;
  /** Token requests sent so far, across origins: for tests and diagnostics. */
  readonly issued: number;
}

/** Renew this long before expiry: 60 s, or a tenth of a short lifetime so short tokens are still used. */
function renewMargin(lifetimeMs: number): number {
  return Math.min(60_000, Math.floor(lifetimeMs / 10));
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  if (typeof options.appId !== 'string' || !options.appId) {
    throw new ConfigurationError('appId is missing: pass the application ID of an API access key for this environment.', { service: 'marketplace' });
  }
  if (typeof options.appSecret !== 'string' || !options.appSecret) {
    throw new ConfigurationError('appSecret is missing: pass the application secret of an API access key for this environment.', { service: 'marketplace' });
  }
  const authorization = `Basic ${base64(`${options.appId}:${options.appSecret}`)}`;
  const now = options.now ?? Date.now;
  const caches = new Map<string, TokenCache>();
  /** Token requests in flight per origin: renew() joins one instead of discarding its fresh token. */
  const issuing = new Set<string>();

  function refusedEarlier(first: HttpError): AuthError {
    const hint = 'Fix the application ID and secret (keys work only in the environment that issued them), then call logout() or create a new client to allow another attempt.';
    return new AuthError(`The API key was refused earlier and is not sent again (${withoutKeyHint(first.message)}). ${hint}`, {
      service: 'marketplace',
      status: first.status,
      // A refusal made by a hand-made requestToken may carry neither.
      method: first.method ?? 'POST',
      url: first.url ?? '',
      hint,
      cause: first,
      body: first.body,
    });
  }

  function cacheGet(origin: string): IssuedToken | Promise<IssuedToken> {
    return cacheFor(origin).get();
  }

  /** The cache that issued `token` (a 401 names the token, not the origin). */
  function cacheOf(token: string | undefined): TokenCache | undefined {
    for (const cache of caches.values()) if (cache.knows(token)) return cache;
    return undefined;
  }

  function cacheFor(origin: string): TokenCache {
    let cache = caches.get(origin);
    if (!cache) {
      cache = createTokenCache({
        // The margin is folded into expiresAt (it depends on the granted lifetime), so none here.
        renewBeforeMs: 0,
        now,
        // The first refusal of the key (401/403, or a 400 on the token route) is remembered here.
        isRefusal,
        refusedEarlier: (first) => refusedEarlier(first as HttpError),
        issue: async () => {
          issuing.add(origin);
          let raw: unknown;
          try {
            raw = await options.requestToken(origin, authorization, { grant_type: 'session', expires_in: options.expiresIn });
          } finally {
            issuing.delete(origin);
          }
          const grant = checkGrant(raw, origin);
          const lifetime = grant.expires_in * 1000;
          return { value: grant.ust, expiresAt: now() + lifetime - renewMargin(lifetime), meta: { mageId: grant.mage_id, expiresIn: grant.expires_in, origin } };
        },
      });
      caches.set(origin, cache);
    }
    return cache;
  }

  return {
    token: async (origin) => cacheGet(origin),
    async mageId(origin) {
      // Stryker disable next-line OptionalChaining: this manager's issue() always sets meta.
      return String((await cacheGet(origin)).meta?.['mageId']);
    },
    // Synchronous while the session's token is fresh: the call then waits on nothing.
    authorize(request) {
      const origin = new URL(request.url).origin;
      return whenReady(cacheGet(origin), ({ value, meta }) => {
        // Belt and braces: the cache is per origin, but a token must never cross environments.
        // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral,ObjectLiteral,CallExpression: unreachable by design (caches are keyed by the origin the token records), so without it nothing changes; kept as a second lock on a token leak (refusing always fails every test).
        if (meta?.['origin'] !== origin) throw new ConfigurationError('A session token was about to be sent to another environment; refusing.', { service: 'marketplace' });
        request.headers.set('authorization', `Bearer ${value}`);
      });
    },
    // A session can end early (revoked, server-side expiry): its cache renews it once, or says the
    // key lacks the permission when the session was issued moments ago and never worked.
    unauthorized(authorization) {
      const token = bearerToken(authorization);
      return cacheOf(token)?.unauthorized(token) ?? 'fail';
    },
    accepted(authorization) {
      const token = bearerToken(authorization);
      cacheOf(token)?.accepted(token);
    },
    async renew(origin) {
      // A token being issued right now is new: join it. Otherwise a get() that had to issue one
      // already renewed; only a token that was cached before this call is replaced.
      if (issuing.has(origin)) return cacheGet(origin);
      const cache = cacheFor(origin);
      const before = cache.issued;
      const current = await cacheGet(origin);
      if (cache.issued !== before) return current;
      cache.invalidate(current.value);
      return cacheGet(origin);
    },
    signOut() {
      // Each cache forgets its token and refusal, and a grant still in flight is not kept; `issued` keeps counting.
      for (const cache of caches.values()) cache.clear();
      // Stryker disable next-line CallExpression: with or without the entry, renew() after signOut() gets a new sign-in from the cleared cache (joined, or issued and counted); a request in flight removes it when it settles.
      issuing.clear();
    },
    get issued() {
      let total = 0;
      for (const cache of caches.values()) total += cache.issued;
      return total;
    },
  };
}

/** The refusal's message without the hint errors.ts appended to it (the later error gives its own). */
function withoutKeyHint(message: string): string {
  const at = message.indexOf(' The application ID and secret were refused.');
  return at === -1 ? message : message.slice(0, at);
}

/** The key itself was refused (not a rate limit or an outage, which a later call may get past). */
function isRefusal(error: unknown): error is HttpError {
  return isMagekitError(error) && error.kind === 'auth' && (error.status === 400 || error.status === 401 || error.status === 403);
}

function checkGrant(raw: unknown, origin: string): SessionGrant {
  const grant = raw as Partial<SessionGrant> | null;
  if (
    // Anything but an object (null, a string, a number) has no string `ust` and is refused here.
    !grant ||
    typeof grant.ust !== 'string' ||
    !grant.ust ||
    typeof grant.mage_id !== 'string' ||
    !grant.mage_id ||
    typeof grant.expires_in !== 'number' ||
    !(grant.expires_in > 0)
  ) {
    // Only the answer's shape is kept: it may hold a token under another name.
    throw new ResponseError(`POST ${origin}/rest/v1/app/session/token answered without {mage_id, ust, expires_in}.`, shapeOf(raw), { service: 'marketplace', method: 'POST', url: `${origin}/rest/v1/app/session/token` });
  }
  return { mage_id: grant.mage_id, ust: grant.ust, expires_in: grant.expires_in };
}
