/**
 * The part admin and customer tokens share: a cached bearer token, fetched on first use, renewed
 * before it expires and once after a 401, one token request however many calls wait for it.
 *
 * A sign-in the platform refused is never repeated (the token cache remembers it): six failures
 * lock the account for 30 minutes, and an SDK that retried (or that let 1,000 queued calls each try)
 * would lock its own user out. `signOut()` (the client's logout()) clears that memory, for an
 * application that has fixed its credentials.
 */
import { AuthError, ResponseError, bearerToken, createTokenCache, shapeOf, whenReady, type HttpError } from '@magekit/core';
import { isCommerceError } from '../platform/errors.ts';
import type { AuthRuntime, Authorizer } from './types.ts';

export interface TokenAuthorizerOptions {
  runtime: AuthRuntime;
  /** Names the token in messages: "admin", "customer". */
  label: string;
  ttlMs: number;
  renewBeforeMs: number;
  /** Calls the token route; answers the route's raw body (a bare JSON string). */
  requestToken(): Promise<unknown>;
  /** Revokes `token` at the server; absent when the platform has no route for it. */
  revokeToken?: ((token: string) => Promise<void>) | undefined;
}

export function createTokenAuthorizer(options: TokenAuthorizerOptions): Authorizer {
  const { runtime, label } = options;
  let latest: string | undefined;
  // Bumped by signOut(): a token that arrives for an older epoch is not remembered for revoke().
  let epoch = 0;

  const cache = createTokenCache({
    renewBeforeMs: options.renewBeforeMs,
    now: () => runtime.now(),
    isRefusal: (error) => isCommerceError(error) && error.kind === 'auth',
    refusedEarlier: (first) => refusedEarlier(first as HttpError),
    issue: async () => {
      // Expiry counts from when the request left, not when it came back: never too late.
      const sentAt = runtime.now();
      const myEpoch = epoch;
      const answer = await options.requestToken();
      if (typeof answer !== 'string' || !answer.trim()) {
        // Only the answer's shape is kept: it may hold the token anyway (`{"token": "…"}`).
        throw new ResponseError(`The ${label} token route answered with ${describe(answer)} where a token string was expected.`, shapeOf(answer), { service: 'commerce' });
      }
      if (myEpoch === epoch) latest = answer;
      return { value: answer, expiresAt: sentAt + options.ttlMs };
    },
  });

  function refusedEarlier(first: HttpError): AuthError {
    const hint = first.hint ?? 'Fix the credentials, then call logout() (or create a new client) to allow another sign-in.';
    return new AuthError(
      `The ${label} sign-in was refused earlier and is not repeated (${first.message}). Fix the credentials, then call logout() or create a new client to allow another attempt.`,
      { service: 'commerce', status: first.status, method: first.method ?? 'POST', url: first.url ?? '', hint, cause: first, body: first.body, errors: first.errors, template: first.template },
    );
  }

  return {
    // Synchronous while the cached token is fresh: the call then waits on nothing (no sign-in timer).
    authorize(request) {
      return whenReady(cache.get(), ({ value }) => request.headers.set('authorization', `Bearer ${value}`));
    },
    // Without the refused header the current token is the suspect; a renewal under way is joined.
    unauthorized: (authorization) => cache.unauthorized(bearerToken(authorization)),
    accepted: (authorization) => cache.accepted(bearerToken(authorization)),
    signOut() {
      // Stryker disable next-line AssignmentOperator: any change of epoch marks a sign-in under way as older; the direction is irrelevant.
      epoch += 1;
      latest = undefined;
      cache.clear();
    },
    ...(options.revokeToken
      ? {
          async revoke() {
            const token = latest;
            latest = undefined;
            cache.clear();
            // Nothing was issued (or it was forgotten): there is nothing at the server to revoke.
            if (token !== undefined) await options.revokeToken!(token);
          },
        }
      : {}),
    get tokenRequests() {
      return cache.issued;
    },
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'an empty string';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
