/** The waiter's options: documented defaults, and a typed refusal of each bad value before anything is sent. */
import { InputError } from '@magekit/core';
import { describe, expect, it } from 'vitest';
import { resolveWaitOptions } from '../../../src/async/waiter/options.ts';

describe('resolveWaitOptions', () => {
  it('fills the documented defaults: 1 s to 30 s with jitter, 30 min maxWait, 5 min stallAfter', () => {
    expect(resolveWaitOptions(undefined)).toEqual({ minDelay: 1000, maxDelay: 30_000, jitter: true, maxWait: 1_800_000, stallAfter: 300_000, signal: undefined, onProgress: undefined, request: {} });
    expect(resolveWaitOptions({})).toEqual(resolveWaitOptions(undefined));
  });

  it('keeps what the caller set, jitter: false included', () => {
    const signal = new AbortController().signal;
    const onProgress = () => {};
    const request = { storeCode: 'de' };
    expect(resolveWaitOptions({ minDelay: 5, maxDelay: 50, jitter: false, maxWait: 700, stallAfter: 300, signal, onProgress, request })).toEqual({ minDelay: 5, maxDelay: 50, jitter: false, maxWait: 700, stallAfter: 300, signal, onProgress, request });
  });

  it('a minDelay above the default maxDelay raises the default maxDelay to it instead of refusing', () => {
    expect(resolveWaitOptions({ minDelay: 60_000 })).toMatchObject({ minDelay: 60_000, maxDelay: 60_000 });
    expect(resolveWaitOptions({ minDelay: 20_000 })).toMatchObject({ minDelay: 20_000, maxDelay: 30_000 });
  });

  it('accepts maxDelay equal to minDelay and refuses a shorter one, naming both', () => {
    expect(resolveWaitOptions({ minDelay: 700, maxDelay: 700 })).toMatchObject({ minDelay: 700, maxDelay: 700 });
    expect(() => resolveWaitOptions({ minDelay: 700, maxDelay: 699 })).toThrow(new InputError('waitForBulk: maxDelay (699) is shorter than minDelay (700).', { service: 'commerce' }));
  });

  it.each([
    ['minDelay', 0],
    ['maxDelay', -1],
    ['maxWait', Number.NaN],
    ['stallAfter', Number.POSITIVE_INFINITY],
    ['minDelay', '1000'],
    ['maxWait', null],
  ])('refuses %s = %s with an InputError naming the option and the value', (name, value) => {
    let error: unknown;
    try {
      resolveWaitOptions({ [name]: value } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(`waitForBulk: ${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}.`);
    expect((error as InputError).service).toBe('commerce');
  });

  it('takes a fraction of a millisecond as positive', () => {
    expect(resolveWaitOptions({ minDelay: 0.5, maxDelay: 0.5 })).toMatchObject({ minDelay: 0.5, maxDelay: 0.5 });
  });

  it('refuses an onProgress that is not a function, and takes one that is', () => {
    expect(() => resolveWaitOptions({ onProgress: 'log' as never })).toThrow(new InputError('waitForBulk: onProgress must be a function.', { service: 'commerce' }));
    expect(() => resolveWaitOptions({ onProgress: undefined })).not.toThrow();
  });
});
