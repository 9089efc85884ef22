import { describe, expect, it } from 'vitest';
import { answerHelpOrVersion } from '../../src/cli/help.ts';

describe('answerHelpOrVersion', () => {
  it('writes the usage for help and the version (with a newline) for version, and exits 0', () => {
    let out = '';
    const stdout = { write: (chunk: string) => (out += chunk) };
    expect(answerHelpOrVersion('help', stdout, { usage: 'Usage: x\n', version: '1.2.3' })).toBe(0);
    expect(out).toBe('Usage: x\n');
    out = '';
    expect(answerHelpOrVersion('version', stdout, { usage: 'Usage: x\n', version: '1.2.3' })).toBe(0);
    expect(out).toBe('1.2.3\n');
  });
});
