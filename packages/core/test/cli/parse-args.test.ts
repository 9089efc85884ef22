import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/errors.ts';
import { parseCommandArgs } from '../../src/cli/parse-args.ts';

const OPTIONS = { json: { type: 'boolean' }, store: { type: 'string' } } as const;

describe('parseCommandArgs', () => {
  it('parses flags and positionals', () => {
    const { values, positionals } = parseCommandArgs(['bulk', 'wait', '--store', 'en', '--json'], OPTIONS, 'hint');
    expect(values).toEqual({ store: 'en', json: true });
    expect(positionals).toEqual(['bulk', 'wait']);
  });

  it('turns an unknown flag into a CliError naming it, with the hint, without parseArgs\' advice', () => {
    const error = (() => {
      try {
        parseCommandArgs(['--colour', 'red'], OPTIONS, 'Run `x --help`.');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ hint: 'Run `x --help`.' });
    expect((error as Error).message).toMatch(/^Unknown option '--colour'\.$/);
  });
});
