/** The retry policy's inputs: Retry-After in both of its forms. */
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/index.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('0')).toBe(0);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(parseRetryAfter(inTenSeconds)).toBeGreaterThan(8_000);
    expect(parseRetryAfter(inTenSeconds)).toBeLessThanOrEqual(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
