/** Splitting large inputs into chunks and sending them with a bounded number in flight. */
import { ConfigurationError, InputError } from '@magekit/core';

/**
 * The platform's default limit on async array inputs, 5,000
 * (`lib/internal/Magento/Framework/Webapi/Validator/EntityArrayValidator/InputArraySizeLimitValue.php`,
 * `DEFAULT_ASYNC_INPUT_ARRAY_SIZE_LIMIT`; env.php `webapi/async/default_input_array_size_limit`
 * and a route's `input-array-size-limit` override it). Chunks never exceed it, or the lower limit
 * the client or the call sets.
 */
const DEFAULT_ASYNC_ARRAY_LIMIT = 5000;
/** The default chunk ceiling: asyncArrayLimit's default, the platform's default async array limit. */
export const MAX_CHUNK_SIZE = DEFAULT_ASYNC_ARRAY_LIMIT;
export const DEFAULT_CHUNK_SIZE = 1000;
export const DEFAULT_CONCURRENCY = 4;

/** A client's or a call's asyncArrayLimit: a whole number from 1 up. */
export function checkAsyncArrayLimit(value: unknown, where: string): number {
  if (value === undefined) return DEFAULT_ASYNC_ARRAY_LIMIT;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ConfigurationError(`${where} must be a whole number of elements (at least 1), got ${JSON.stringify(value)}.`, { service: 'commerce' });
  }
  return value;
}

export interface ChunkRange {
  index: number;
  offset: number;
  size: number;
}

/** `arrayLimit`: the ceiling in force (the call's asyncArrayLimit, else the client's). */
export function checkChunkOptions(chunkSize: unknown, concurrency: unknown, arrayLimit: number = DEFAULT_ASYNC_ARRAY_LIMIT): { chunkSize: number; concurrency: number } {
  const size = chunkSize ?? Math.min(DEFAULT_CHUNK_SIZE, arrayLimit);
  const limit = concurrency ?? DEFAULT_CONCURRENCY;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > arrayLimit) {
    throw new InputError(`chunkSize must be a whole number from 1 to ${arrayLimit} (the async array limit in force: asyncArrayLimit, default ${DEFAULT_ASYNC_ARRAY_LIMIT}), got ${JSON.stringify(chunkSize)}.`, { service: 'commerce' });
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw new InputError(`concurrency must be a whole number of at least 1, got ${JSON.stringify(concurrency)}.`, { service: 'commerce' });
  }
  return { chunkSize: size, concurrency: limit };
}

export function chunkRanges(length: number, size: number): ChunkRange[] {
  const out: ChunkRange[] = [];
  for (let offset = 0, index = 0; offset < length; offset += size, index += 1) out.push({ index, offset, size: Math.min(size, length - offset) });
  return out;
}

/** Runs `task` over `items` with at most `limit` running at once; results keep the input order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
