/**
 * The `adminToken` of `@magekit/commerce`: besides a provider value it takes a provider described as
 * data (`twoFactor: { provider: 'authy', via: 'sms', otp }`), so it ships every provider's exchange.
 * The lean entry's adminToken takes provider values only (admin-token.ts).
 */
import { configurationError } from '../config.ts';
import { adminTokenWith, isSecondFactor, type AdminTokenOptions } from '../admin-token.ts';
import type { AuthStrategy } from '../types.ts';
import { makeAuthy, makeDuo, makeGoogle, makeWebAuthn, type Maker } from './providers.ts';
import type { SecondFactor, TwoFactor } from './types.ts';

const MAKERS = { google: makeGoogle, authy: makeAuthy, duo_security: makeDuo, u2fkey: makeWebAuthn } as Record<string, (options: TwoFactor, maker: Maker) => SecondFactor>;
const DESCRIPTION: Maker = { factory: 'adminToken()', prefix: 'twoFactor.' };

function secondFactorOf(value: unknown): SecondFactor {
  if (isSecondFactor(value)) return value;
  if (!value || typeof value !== 'object') throw configurationError(DESCRIPTION.factory, `twoFactor must be a provider such as authyTwoFactor({ otp }), or an object such as { provider: 'google', otp }.`);
  const provider = (value as { provider?: unknown }).provider;
  const make = typeof provider === 'string' && Object.hasOwn(MAKERS, provider) ? MAKERS[provider] : undefined;
  if (!make) {
    throw configurationError(DESCRIPTION.factory, `twoFactor.provider must be one of ${Object.keys(MAKERS).join(', ')}${provider === 'duo-security' ? ' (the platform spells it duo_security)' : ''}, got ${JSON.stringify(provider)}.`);
  }
  return make(value as TwoFactor, DESCRIPTION);
}

export function adminToken(options: AdminTokenOptions): AuthStrategy {
  return adminTokenWith(options, secondFactorOf);
}
