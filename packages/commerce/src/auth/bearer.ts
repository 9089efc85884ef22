/**
 * A fixed bearer token: one obtained elsewhere, or an integration access token on installations
 * that still accept those as bearer tokens (`oauth/consumer/enable_integration_as_bearer`, off by
 * default since 2.4.4; otherwise use integration(), which signs with OAuth 1.0a).
 */
import { requireSecret } from './config.ts';
import type { AuthStrategy } from './types.ts';

export function bearer(token: string): AuthStrategy {
  const value = requireSecret(token, 'bearer()', 'token');
  const header = `Bearer ${value.trim()}`;
  return {
    kind: 'bearer',
    bind: (runtime) => {
      runtime.protect?.(value.trim());
      return {
        // Sent as a static header: a call builds nothing for it and authorize() is not called.
        staticHeaders: { authorization: header },
        authorize(request) {
          request.headers.set('authorization', header);
        },
        // A fixed token cannot be renewed: a 401 is final.
        unauthorized: () => 'fail',
        signOut: () => undefined,
      };
    },
  };
}
