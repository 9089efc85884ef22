/**
 * The `adminToken` of `@magekit/commerce`: besides a provider value it takes a provider described as
 * data (`twoFactor: { provider: 'authy', via: 'sms', otp }`), so it ships every provider's exchange.
 * The lean entry's adminToken takes provider values only (admin-token.ts).
 */
import { configurationError } from '../config.ts';
import { adminTokenWith, isSecondFactor, type AdminTokenOptions } from '../admin-token.ts';
import type { AuthStrategy } from '../types.ts';
import { makeAuthy, makeDuo, makeGoogle, makeWebAuthn, type OptionPrefix } from './providers.ts';
import type { SecondFactor, TwoFactor } from './types.ts';

const MAKERS = { google: makeGoogle, authy: makeAuthy, duo_security: makeDuo, u2fkey: makeWebAuthn } as Record<string, (options: TwoFactor, at: OptionPrefix) => SecondFactor>;

function secondFactorOf(value: unknown): SecondFactor {
  if (isSecondFactor(value)) return value;
  const provider = (value as { provider?: unknown } | null)?.provider;
  const make = typeof provider === 'string' && Object.hasOwn(MAKERS, provider) ? MAKERS[provider] : undefined;
  if (!make) {
    throw configurationError('adminToken()', `twoFactor must be a provider such as authyTwoFactor({ otp }), or a description whose provider is one of ${Object.keys(MAKERS).join(', ')}${provider === 'duo-security' ? ' (the platform spells it duo_security)' : ''}, got ${JSON.stringify(provider)}.`);
  }
  return make(value as TwoFactor, 'adminToken(): twoFactor.');
}

export function adminToken(options: AdminTokenOptions): AuthStrategy {
  return adminTokenWith(options, secondFactorOf);
}
