/**
 * What a change feed cannot see, caught by reconciling: deletes (a deleted record has no updated_at
 * left to move) with `missingKeys`, which asks the store about the keys the caller holds, a few
 * hundred per request (`key in (...)`), and answers those it no longer has. Its cost follows what the
 * caller holds, not the table; a record deleted after its request is caught by the next reconciliation.
 */
import { InputError, ResponseError } from '@magekit/core';
import { runtimeOf, type RuntimeHolder } from '../calls/runtime.ts';
import type { CallOptions } from '../platform/call-options.ts';
import { fieldsEncoder } from '../fields/index.ts';
import type { ListRouteKey } from '../generated/operations.ts';
import { positiveInteger, searchCriteriaEncoder } from '../search/normalize.ts';
import type { RecordKey } from './feed-checkpoint.ts';
import { walkKeyOf } from './keyset.ts';

export interface MissingKeysOptions extends CallOptions {
  /** Keys asked about per request (default 200; the keys travel in the query string). */
  chunkSize?: number | undefined;
}

/** The keys among `held` that `route` no longer has (deleted records), in the order given. */
export async function missingKeys(client: RuntimeHolder, route: ListRouteKey, held: Iterable<RecordKey>, options: MissingKeysOptions = {}): Promise<RecordKey[]> {
  const runtime = runtimeOf(client);
  runtime.useQueryEncoders(searchCriteriaEncoder, fieldsEncoder);
  const info = runtime.route(route);
  const key = walkKeyOf(info.key, `missingKeys: ${info.key}`);
  const { chunkSize: chunkOption, ...callOptions } = options;
  const chunkSize = chunkOption === undefined ? 200 : positiveInteger(chunkOption, 'chunkSize');
  const keys = [...new Set(held)];
  for (const value of keys) {
    if (!(Number.isFinite(value) || (typeof value === 'string' && value !== '' && !value.includes(',')))) {
      // NaN and Infinity named as themselves (JSON writes them as null).
      const shown = typeof value === 'number' ? String(value) : JSON.stringify(value);
      throw new InputError(`missingKeys: ${shown} is not a key of ${info.key} (a number, or a string without commas).`, { service: 'commerce' });
    }
  }
  const missing: RecordKey[] = [];
  for (let start = 0; start < keys.length; start += chunkSize) {
    const chunk = keys.slice(start, start + chunkSize);
    const searchCriteria = { filter_groups: [{ filters: [{ field: key.field, value: chunk.join(','), condition_type: 'in' as const }] }], page_size: chunk.length, current_page: 1 };
    const body = await runtime.call<unknown>(info, { searchCriteria, fields: `items[${key.item}],total_count` }, callOptions);
    const found = new Set(itemsOf(body, info.key).map((item) => String(item[key.item])));
    for (const value of chunk) if (!found.has(String(value))) missing.push(value);
  }
  return missing;
}

/** The items of a search answer. Anything else is a ResponseError: read as "none left", it would report every key deleted. */
function itemsOf(body: unknown, route: string): Record<string, unknown>[] {
  const items = (body as { items?: unknown } | null | undefined)?.items;
  // With `fields`, the platform filters an empty list into `null` (see testing/partial-response.ts).
  if (items === null) return [];
  if (Array.isArray(items)) return items as Record<string, unknown>[];
  throw new ResponseError(`missingKeys: ${route} answered no { items: [...] }; no key is reported missing from it.`, JSON.stringify(body) ?? String(body), { service: 'commerce' });
}
