/** Splitting large inputs into chunks and sending them with a bounded number in flight. */
import { InputError } from '@magekit/core';

/** The platform caps async arrays at 5,000 elements when its input limits are on. */
export const MAX_CHUNK_SIZE = 5000;
export const DEFAULT_CHUNK_SIZE = 1000;
export const DEFAULT_CONCURRENCY = 4;

export interface ChunkRange {
  index: number;
  offset: number;
  size: number;
}

export function checkChunkOptions(chunkSize: unknown, concurrency: unknown): { chunkSize: number; concurrency: number } {
  const size = chunkSize ?? DEFAULT_CHUNK_SIZE;
  const limit = concurrency ?? DEFAULT_CONCURRENCY;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_CHUNK_SIZE) {
    throw new InputError(`chunkSize must be a whole number from 1 to ${MAX_CHUNK_SIZE} (the platform's async array limit), got ${JSON.stringify(chunkSize)}.`, { service: 'commerce' });
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
