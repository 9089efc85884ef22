import { describe, expect, it } from 'vitest';
import { CliError, helpHint, withoutHint } from '../../src/cli/errors.ts';

describe('CliError', () => {
  it('carries a message and an optional hint', () => {
    const error = new CliError('No command given.', helpHint('magekit-thing'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'CliError', message: 'No command given.', hint: 'Run `magekit-thing --help` for usage.' });
    expect(new CliError('x').hint).toBeUndefined();
  });
});

describe('withoutHint', () => {
  it('drops a hint the SDK appended as a sentence, and the doubled stop it leaves', () => {
    expect(withoutHint('Sign-in refused.. Wait 10 minutes.', 'Wait 10 minutes.')).toBe('Sign-in refused.');
    expect(withoutHint('Sign-in refused. Check the user.', 'Check the user.')).toBe('Sign-in refused.');
  });

  it('leaves a message that does not contain the hint alone', () => {
    expect(withoutHint('Sign-in refused.', 'Something else.')).toBe('Sign-in refused.');
    expect(withoutHint('Sign-in refused.', undefined)).toBe('Sign-in refused.');
  });
});
