/**
 * Query strings, encoded exactly once: values go through URLSearchParams and nothing else, so a
 * bracketed searchCriteria key is never double-encoded (which also keeps OAuth signatures valid).
 */
import { InputError, hasLoneSurrogate } from '@magekit/core';

/** Appends `value` under `prefix`, nesting objects and arrays as `prefix[key][0]...`. */
export function appendBracketed(params: URLSearchParams, prefix: string, value: unknown, depth = 0): void {
  const fail = (why: string) => new InputError(`Query parameter ${prefix} ${why}.`, { service: 'commerce' });
  if (value === undefined) return;
  if (depth > 12) throw fail('nests too deeply');
  if (value === null) params.append(prefix, '');
  else if (Array.isArray(value)) value.forEach((item, index) => appendBracketed(params, `${prefix}[${index}]`, item, depth + 1));
  else if (value instanceof Date) params.append(prefix, value.toISOString());
  else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A bracket in a key would nest it one level deeper than written on the server.
      if (/[[\]]/.test(key)) throw fail(`has the key ${JSON.stringify(key)}: "[" and "]" cannot appear in a key (they mark nesting); nest objects instead`);
      appendBracketed(params, `${prefix}[${key}]`, item, depth + 1);
    }
  } else if (typeof value === 'boolean') params.append(prefix, value ? '1' : '0');
  else if (typeof value === 'number' && !Number.isFinite(value)) throw fail(`is ${value}; pass a finite number`);
  // URLSearchParams would silently replace a lone surrogate with U+FFFD, sending a different value.
  else if (typeof value === 'string' && hasLoneSurrogate(value)) throw fail('contains an unpaired UTF-16 surrogate (a broken character, e.g. half an emoji): fix the string');
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') params.append(prefix, String(value));
  else throw fail(`cannot be a ${typeof value}`);
}

export function buildQuery(entries: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(entries)) appendBracketed(params, name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
