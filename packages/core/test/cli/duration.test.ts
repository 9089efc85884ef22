import { describe, expect, it } from 'vitest';
import { formatElapsed, parseDuration } from '../../src/cli/duration.ts';
import { CliError } from '../../src/cli/errors.ts';

describe('parseDuration', () => {
  it('reads a bare number as seconds and ms, s, m, h suffixes in any case', () => {
    expect(parseDuration('90', '--max-wait')).toBe(90_000);
    expect(parseDuration('500ms', '--x')).toBe(500);
    expect(parseDuration(' 1.5S ', '--x')).toBe(1500);
    expect(parseDuration('15m', '--x')).toBe(900_000);
    expect(parseDuration('2h', '--x')).toBe(7_200_000);
  });

  it('is undefined when the flag was not given', () => {
    expect(parseDuration(undefined, '--x')).toBeUndefined();
  });

  it('refuses anything else with a CliError naming the flag and the text', () => {
    for (const text of ['', '0', '-5s', '5 days', '1e3', 'soon', '0.0001ms']) {
      expect(() => parseDuration(text, '--stall-after')).toThrow(CliError);
    }
    expect(() => parseDuration('soon', '--stall-after')).toThrow('--stall-after must be a positive duration such as 90s, 15m or 2h (a bare number is seconds); got "soon".');
  });
});

describe('formatElapsed', () => {
  it('shows tenths under ten seconds, then seconds, minutes and hours', () => {
    expect(formatElapsed(0)).toBe('0.0s');
    expect(formatElapsed(4_240)).toBe('4.2s');
    expect(formatElapsed(42_000)).toBe('42s');
    expect(formatElapsed(187_000)).toBe('3m07s');
    expect(formatElapsed(3_900_000)).toBe('1h05m');
  });
});
