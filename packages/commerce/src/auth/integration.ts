/**
 * Integration credentials (System > Integrations): every request signed with OAuth 1.0a
 * HMAC-SHA256, with a fresh nonce and timestamp per attempt, so a retried request is a new
 * signature rather than a replayed nonce the server would refuse.
 */
import { requireSecret } from './config.ts';
import { createNonce } from './oauth/hmac.ts';
import { signRequest, type OAuthCredentials } from './oauth/sign-request.ts';
import type { AuthStrategy } from './types.ts';

export type IntegrationOptions = OAuthCredentials;

export function integration(options: IntegrationOptions): AuthStrategy {
  const factory = 'integration()';
  const given = (options ?? {}) as Partial<OAuthCredentials>;
  // All four are registered for redaction; the consumer key is not secret on its own, but it
  // identifies the integration and costs nothing to hide.
  const credentials: OAuthCredentials = {
    consumerKey: requireSecret(given.consumerKey, factory, 'consumerKey'),
    consumerSecret: requireSecret(given.consumerSecret, factory, 'consumerSecret'),
    accessToken: requireSecret(given.accessToken, factory, 'accessToken'),
    accessTokenSecret: requireSecret(given.accessTokenSecret, factory, 'accessTokenSecret'),
  };
  return {
    kind: 'integration',
    bind: (runtime) => ({
      async authorize(request) {
        const { authorization } = await signRequest(request, credentials, { nonce: createNonce(), timestamp: Math.floor(runtime.now() / 1000) });
        request.headers.set('authorization', authorization);
      },
      // A refused signature is not fixed by signing again (clock skew, wrong secret): no retry.
      unauthorized: () => 'fail',
      signOut: () => undefined,
    }),
  };
}
