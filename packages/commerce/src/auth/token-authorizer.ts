/**
 * The part admin and customer tokens share: a cached bearer token, fetched on first use, renewed
 * before it expires and once after a 401, one token request however many calls wait for it.
 *
 * A sign-in the platform refused is remembered and never repeated: six failures lock the account
 * for 30 minutes, and an SDK that retried (or that let 1,000 queued calls each try) would lock its
 * own user out. `logout()` clears that memory, for an application that has fixed its credentials.
 */
import { AuthError, ResponseError, createTokenCache, type HttpError } from '@magekit/core';
import { isCommerceError } from '../errors.ts';
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

const BEARER = /^Bearer\s+(\S+)$/i;

export function createTokenAuthorizer(options: TokenAuthorizerOptions): Authorizer {
  const { runtime, label } = options;
  let refusal: HttpError | undefined;
  let latest: string | undefined;
  // Bumped by logout(): a token that arrives for an older epoch is not remembered for revoke().
  let epoch = 0;

  const cache = createTokenCache({
    renewBeforeMs: options.renewBeforeMs,
    now: () => runtime.now(),
    issue: async () => {
      // Expiry counts from when the request left, not when it came back: never too late.
      const sentAt = runtime.now();
      const myEpoch = epoch;
      let answer: unknown;
      try {
        answer = await options.requestToken();
      } catch (error) {
        if (isCommerceError(error) && error.kind === 'auth') refusal = error as HttpError;
        throw error;
      }
      if (typeof answer !== 'string' || !answer.trim()) {
        throw new ResponseError(`The ${label} token route answered with ${describe(answer)} where a token string was expected.`, JSON.stringify(answer) ?? '', { service: 'commerce' });
      }
      if (myEpoch === epoch) latest = answer;
      return { value: answer, expiresAt: sentAt + options.ttlMs };
    },
  });

  function refusedEarlier(first: HttpError): AuthError {
    const hint = first.hint ?? 'Fix the credentials, then call logout() (or create a new client) to allow another sign-in.';
    return new AuthError(
      `The ${label} sign-in was refused earlier and is not repeated (${first.message}). Fix the credentials, then call logout() or create a new client to allow another attempt.`,
      { service: 'commerce', status: first.status, method: first.method ?? 'POST', url: first.url ?? '', hint, cause: first, body: first.body, errors: first.errors, ...(first.template === undefined ? {} : { template: first.template }) },
    );
  }

  return {
    async authorize(request) {
      if (refusal) throw refusedEarlier(refusal);
      const token = await cache.get();
      request.headers.set('authorization', `Bearer ${token.value}`);
      return request;
    },
    unauthorized(authorization) {
      if (refusal) return false;
      // Without the refused header (the client does not always have it) the current token is
      // the suspect; a renewal already under way is joined, not repeated.
      const refused = authorization ? BEARER.exec(authorization)?.[1] : undefined;
      cache.invalidate(refused);
      return true;
    },
    logout() {
      epoch += 1;
      refusal = undefined;
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
