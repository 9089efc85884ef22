import { ConfigurationError, InputError } from '@magekit/core';

/** Store view codes: a letter, then letters, digits or underscores (the platform's own rule); or `all`. */
const STORE_CODE = /^[a-z][a-z0-9_]{0,31}$/i;

export function checkStoreCode(code: unknown, where: 'option' | 'call'): string {
  if (typeof code === 'string' && STORE_CODE.test(code)) return code;
  const message = `storeCode ${JSON.stringify(code)} is not a valid store view code: use a code such as "default", "en_us" or "all" (a letter, then letters, digits or underscores; at most 32).`;
  throw where === 'option' ? new ConfigurationError(message, { service: 'commerce' }) : new InputError(message, { service: 'commerce' });
}
