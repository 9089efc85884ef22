/** Customer tokens: `POST /V1/integration/customer/token`, revocable by the customer. */
import { ConfigurationError } from '@magekit/core';
import { configurationError, optionalDuration, requireSecret, requireText } from './config.ts';
import { createTokenAuthorizer } from './token-authorizer.ts';
import type { AuthRuntime, AuthStrategy } from './types.ts';

export interface CustomerTokenOptions {
  /** The customer's email address. */
  username: string;
  password: string;
  /** How long a token lives. Default 1 h, the platform's default. */
  tokenTtlMs?: number | undefined;
  /** Renew this long before expiry. Default 60 s. */
  renewBeforeMs?: number | undefined;
}

const CUSTOMER_TOKEN_PATH = '/V1/integration/customer/token';
const REVOKE_CUSTOMER_TOKEN_PATH = '/V1/integration/customer/revoke-customer-token';
const CUSTOMER_TTL_MS = 3600_000;
const DEFAULT_RENEW_BEFORE_MS = 60_000;

export function customerToken(options: CustomerTokenOptions): AuthStrategy {
  const factory = 'customerToken()';
  if (!options || typeof options !== 'object') throw configurationError(factory, 'needs { username, password }.');
  const username = requireText(options.username, factory, 'username');
  const password = requireSecret(options.password, factory, 'password');
  const ttlMs = optionalDuration(options.tokenTtlMs, factory, 'tokenTtlMs', CUSTOMER_TTL_MS);
  const renewBeforeMs = optionalDuration(options.renewBeforeMs, factory, 'renewBeforeMs', Math.min(DEFAULT_RENEW_BEFORE_MS, ttlMs / 10), { allowZero: true });
  if (renewBeforeMs >= ttlMs) throw configurationError(factory, `renewBeforeMs (${renewBeforeMs}) must be shorter than tokenTtlMs (${ttlMs}).`);

  return {
    kind: 'customer',
    bind(runtime: AuthRuntime) {
      runtime.protect?.(password);
      return createTokenAuthorizer({
        runtime,
        label: 'customer',
        ttlMs,
        renewBeforeMs,
        requestToken: () => runtime.callAnonymous<unknown>('POST', CUSTOMER_TOKEN_PATH, { username, password }),
        revokeToken: async (token) => {
          if (!runtime.callAuthorized) {
            throw new ConfigurationError('This client cannot send the revocation request (its runtime has no callAuthorized); the token was forgotten locally but stays valid at the server until it expires.', { service: 'commerce' });
          }
          // The platform revokes every token of the customer the request authenticates as.
          await runtime.callAuthorized<unknown>('POST', REVOKE_CUSTOMER_TOKEN_PATH, {}, `Bearer ${token}`);
        },
      });
    },
  };
}
