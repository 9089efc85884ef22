/**
 * Checks a strategy's options when it is created, so a missing secret fails at start-up with the
 * option's name instead of as a 401 on the first call (which, for token routes, would also count
 * towards the platform's lockout).
 */
import { ConfigurationError } from '@magekit/core';

function fail(factory: string, message: string): ConfigurationError {
  return new ConfigurationError(`${factory}: ${message}`, { service: 'commerce' });
}

/** A non-blank string; returned as given (passwords may legitimately start or end with spaces). */
export function requireText(value: unknown, factory: string, option: string): string {
  if (typeof value !== 'string') throw fail(factory, `${option} is ${value === undefined ? 'missing' : `a ${typeof value}, not a string`}.`);
  if (!value.trim()) throw fail(factory, `${option} is empty.`);
  return value;
}

/**
 * Like requireText, for a secret. Its error never contains the value. The client that binds the
 * strategy protects the value in its own errors (redaction is per client, not per process): it
 * registers the fields of the token requests it sends and every Authorization value it attaches.
 */
export function requireSecret(value: unknown, factory: string, option: string): string {
  return requireText(value, factory, option);
}

export function optionalDuration(value: unknown, factory: string, option: string, fallback: number, { allowZero = false } = {}): number {
  if (value === undefined) return fallback;
  const ok = typeof value === 'number' && Number.isFinite(value) && (allowZero ? value >= 0 : value > 0);
  if (!ok) throw fail(factory, `${option} must be a ${allowZero ? 'non-negative' : 'positive'} number of milliseconds, got ${JSON.stringify(value)}.`);
  return value;
}

export { fail as configurationError };
