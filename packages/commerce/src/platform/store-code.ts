import { ConfigurationError, InputError } from '@magekit/core';

/** Store view codes: a letter, then letters, digits or underscores (the platform's own rule); or `all`. */
const STORE_CODE = /^[a-z][a-z0-9_]{0,31}$/i;

/**
 * Codes the REST router reads as something else: `/rest/async/V1/...` turns a call into a queued
 * write, `/rest/V1/V1/...` and `/rest/schema` address other endpoints. The platform refuses to
 * create stores with these codes, so a call that uses one is always a mistake.
 */
const RESERVED = new Set(['async', 'v1', 'v2', 'schema']);

export function checkStoreCode(code: unknown, where: 'option' | 'call'): string {
  const valid = typeof code === 'string' && STORE_CODE.test(code);
  if (valid && !RESERVED.has(code.toLowerCase())) return code;
  const why = valid
    ? `is reserved: the REST router reads /rest/${code}/ as another endpoint. Use the store view's code, such as "default".`
    : 'is not a valid store view code: a letter, then up to 31 letters, digits or underscores ("default", "en_us"), or "all".';
  // A client option is a configuration mistake; a per-call value is bad input.
  throw new (where === 'option' ? ConfigurationError : InputError)(`storeCode ${JSON.stringify(code)} ${why}`, { service: 'commerce' });
}
