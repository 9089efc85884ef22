/**
 * Session tokens: Basic-auth (appId:appSecret) POST /app/session/token with grant_type=session.
 * One token cache per origin, so a token issued by the sandbox can only ever be attached to requests
 * for the sandbox (the service rejects cross-environment tokens, and sending one would leak it).
 * Each cache is single-flight (however many calls wait, one token request) and renews ahead of expiry.
 */
import { ConfigurationError, createTokenCache, ResponseError, type IssuedToken, type TokenCache } from '@magekit/core';

export interface SessionGrant {
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

export interface SessionManager {
  /** The current token for `origin`, issuing one if none is fresh. */
  token(origin: string): Promise<IssuedToken>;
  /** The user's mage_id, taken from the session. */
  mageId(origin: string): Promise<string>;
  /** Adds `Authorization: Bearer` for the request's own origin; reports the token it used. */
  authorize(request: Request, used?: (token: string) => void): Promise<Request>;
  /** Forgets `token` (refused with a 401) so the next call renews, once, however many calls saw the 401. */
  invalidate(origin: string, token: string): void;
  /** Issues a new session now, replacing the cached one. */
  renew(origin: string): Promise<IssuedToken>;
  clear(): void;
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

  function cacheFor(origin: string): TokenCache {
    let cache = caches.get(origin);
    if (!cache) {
      cache = createTokenCache({
        // The margin is folded into expiresAt (it depends on the granted lifetime), so none here.
        renewBeforeMs: 0,
        now,
        issue: async () => {
          const raw = await options.requestToken(origin, authorization, { grant_type: 'session', expires_in: options.expiresIn });
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
    token: (origin) => cacheFor(origin).get(),
    async mageId(origin) {
      return String((await cacheFor(origin).get()).meta?.['mageId']);
    },
    async authorize(request, used) {
      const origin = new URL(request.url).origin;
      const token = await cacheFor(origin).get();
      // Belt and braces: the cache is per origin, but a token must never cross environments.
      if (token.meta?.['origin'] !== origin) throw new ConfigurationError('A session token was about to be sent to another environment; refusing.', { service: 'marketplace' });
      used?.(token.value);
      const headers = new Headers(request.headers);
      headers.set('authorization', `Bearer ${token.value}`);
      return new Request(request, { headers });
    },
    invalidate(origin, token) {
      caches.get(origin)?.invalidate(token);
    },
    async renew(origin) {
      const cache = cacheFor(origin);
      const current = await cache.get();
      cache.invalidate(current.value);
      return cache.get();
    },
    clear() {
      for (const cache of caches.values()) cache.clear();
      caches.clear();
    },
    get issued() {
      let total = 0;
      for (const cache of caches.values()) total += cache.issued;
      return total;
    },
  };
}

function checkGrant(raw: unknown, origin: string): SessionGrant {
  const grant = raw as Partial<SessionGrant> | null;
  if (!grant || typeof grant !== 'object' || typeof grant.ust !== 'string' || !grant.ust || typeof grant.mage_id !== 'string' || !grant.mage_id || typeof grant.expires_in !== 'number' || !(grant.expires_in > 0)) {
    // Never echo the body: it may hold a token.
    throw new ResponseError(`POST ${origin}/rest/v1/app/session/token answered without {mage_id, ust, expires_in}.`, '', { service: 'marketplace', method: 'POST', url: `${origin}/rest/v1/app/session/token` });
  }
  return { mage_id: grant.mage_id, ust: grant.ust, expires_in: grant.expires_in };
}

/** btoa over UTF-8 bytes (btoa alone throws on non-Latin-1 secrets). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
