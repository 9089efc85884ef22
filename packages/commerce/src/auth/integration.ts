/**
 * Integration credentials (System > Integrations): every request signed with OAuth 1.0a
 * HMAC-SHA256, with a fresh nonce and timestamp per attempt, so a retried request is a new
 * signature rather than a replayed nonce the server would refuse.
 */
import { whenReady } from '@magekit/core';
import { requireSecret } from './config.ts';
import { createNonce } from './oauth/hmac.ts';
import { createOAuthSigner, type OAuthCredentials } from './oauth/sign-request.ts';
import type { AuthStrategy } from './types.ts';

export type IntegrationOptions = OAuthCredentials;

export function integration(options: IntegrationOptions): AuthStrategy {
  const factory = 'integration()';
  const given = (options ?? {}) as Partial<OAuthCredentials>;
  // All four are registered for redaction (bind): the consumer key and access token travel in every
  // Authorization header, and since 2.4.4 the access token alone can be accepted as a bearer token
  // (`oauth/consumer/enable_integration_as_bearer`, read by isIntegrationAsBearerEnabled() in magento2
  // app/code/Magento/Integration/Model/Config/AuthorizationConfig.php), so it is a credential by itself.
  const credentials: OAuthCredentials = {
    consumerKey: requireSecret(given.consumerKey, factory, 'consumerKey'),
    consumerSecret: requireSecret(given.consumerSecret, factory, 'consumerSecret'),
    accessToken: requireSecret(given.accessToken, factory, 'accessToken'),
    accessTokenSecret: requireSecret(given.accessTokenSecret, factory, 'accessTokenSecret'),
  };
  // One signer per credential: the HMAC key is imported once and kept.
  const signer = createOAuthSigner(credentials);
  return {
    kind: 'integration',
    bind: (runtime) => {
      for (const secret of Object.values(credentials)) runtime.protect?.(secret);
      return {
        // Synchronous where the signature is (node:crypto, no form body): the call then waits on nothing.
        authorize(request) {
          const signed = signer.signNow(request, { nonce: createNonce(), timestamp: Math.floor(runtime.now() / 1000) });
          return whenReady(signed, ({ authorization }) => request.headers.set('authorization', authorization));
        },
        // A refused signature is not fixed by signing again (clock skew, wrong secret): no retry.
        unauthorized: () => 'fail',
        signOut: () => undefined,
      };
    },
  };
}
