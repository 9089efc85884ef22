/** Checks an adminToken() `twoFactor` option when the strategy is made, so mistakes fail at start-up. */
import { configurationError, requireText } from '../config.ts';
import type { TwoFactor } from './types.ts';

const PROVIDERS = ['google', 'authy', 'duo_security', 'u2fkey'];
const AUTHY_VIA = ['app', 'sms', 'call', 'onetouch'];

export function checkTwoFactor(value: unknown, factory: string): TwoFactor {
  if (!value || typeof value !== 'object') throw configurationError(factory, `twoFactor must be an object such as { provider: 'google', otp }.`);
  const option = value as Record<string, unknown>;
  const provider = option['provider'];
  if (typeof provider !== 'string' || !PROVIDERS.includes(provider)) {
    throw configurationError(factory, `twoFactor.provider must be one of ${PROVIDERS.join(', ')}${provider === 'duo-security' ? ' (the platform spells it duo_security)' : ''}, got ${JSON.stringify(provider)}.`);
  }
  const source = (name: string) => {
    const v = option[name];
    if (typeof v === 'function') return;
    if (v === undefined) throw configurationError(factory, `twoFactor with provider '${provider}' needs ${name}: a value or a function that returns a current one.`);
    requireText(v, factory, `twoFactor.${name}`);
  };
  switch (provider) {
    case 'google':
      source('otp');
      break;
    case 'duo_security':
      source('passcode');
      break;
    case 'u2fkey':
      if (typeof option['assert'] !== 'function') throw configurationError(factory, `twoFactor with provider 'u2fkey' needs assert: a function that signs the platform's WebAuthn challenge with a security key.`);
      break;
    case 'authy': {
      const via = option['via'] ?? 'app';
      if (typeof via !== 'string' || !AUTHY_VIA.includes(via)) throw configurationError(factory, `twoFactor.via must be one of ${AUTHY_VIA.join(', ')}, got ${JSON.stringify(via)}.`);
      if (via === 'onetouch') {
        if (option['approved'] !== undefined && typeof option['approved'] !== 'function') throw configurationError(factory, 'twoFactor.approved must be a function that resolves once the push was approved.');
      } else source('otp');
      break;
    }
  }
  return value as TwoFactor;
}
