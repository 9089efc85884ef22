/**
 * Query strings, encoded once by URLSearchParams. That also turns the `+` of an ascending sort into
 * %2B, which the service would otherwise read as a space (the docs do not warn about this).
 */
import { InputError } from '@magekit/core';

export function buildQuery(entries: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(entries)) {
    if (value === undefined || value === null) continue;
    params.append(name, queryValue(name, value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function queryValue(name: string, value: unknown): string {
  // sort takes several fields: ['-created_at', '+name'] → "-created_at,+name".
  if (Array.isArray(value)) return value.map((v) => queryValue(name, v)).join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new InputError(`Query parameter ${name} must be a string or number, got ${typeof value}.`, { service: 'marketplace' });
}
