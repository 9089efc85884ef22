import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/errors.ts';
import { refuseSecretFlags, withSecretFiles } from '../../src/cli/secrets.ts';

const SECRETS = [
  { flags: ['password'], variable: 'APP_PASSWORD' },
  { flags: ['consumer-secret', 'token'], variable: 'APP_TOKEN' },
];

function refusal(argv: string[]): CliError | undefined {
  try {
    refuseSecretFlags(argv, SECRETS);
  } catch (error) {
    return error as CliError;
  }
  return undefined;
}

describe('refuseSecretFlags', () => {
  it('refuses a secret given as a flag, in either form, naming the variable, the file and standard input', () => {
    for (const argv of [['--password', 'hunter2'], ['--password=hunter2'], ['-password', 'x'], ['bulk', 'wait', '--PASSWORD', 'x']]) {
      const error = refusal(argv);
      expect(error).toBeInstanceOf(CliError);
      expect(error!.hint).toBe('Instead, set APP_PASSWORD, or APP_PASSWORD_FILE to a file holding it (APP_PASSWORD_FILE=- reads it from standard input).');
    }
    expect(refusal(['--consumer_secret=abc'])!.hint).toContain('APP_TOKEN');
    expect(refusal(['--token', 'abc'])!.message).toBe('--token is not accepted: secrets never go in flags, which end up in shell history, CI logs and the process list.');
  });

  it('never repeats the value', () => {
    const error = refusal(['--password=pa55-Secret']);
    expect(`${error!.message} ${error!.hint}`).not.toContain('pa55-Secret');
  });

  it('lets other flags, values and anything after -- through', () => {
    expect(refusal(['--username', 'admin', '--json', 'password', '--', '--password'])).toBeUndefined();
  });
});

describe('withSecretFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'magekit-secrets-'));

  it('fills a secret from NAME_FILE without the trailing newline, leaving the rest of the environment', async () => {
    const file = join(dir, 'password');
    writeFileSync(file, 'pa55 word\n');
    const env = await withSecretFiles({ APP_PASSWORD_FILE: file, OTHER: 'x' }, ['APP_PASSWORD', 'APP_TOKEN'], undefined);
    expect(env).toMatchObject({ APP_PASSWORD: 'pa55 word', OTHER: 'x' });
    expect(env['APP_TOKEN']).toBeUndefined();
  });

  it('reads NAME_FILE=- from standard input, for one secret only', async () => {
    expect(await withSecretFiles({ APP_TOKEN_FILE: '-' }, ['APP_PASSWORD', 'APP_TOKEN'], async () => 'tok-123\r\n')).toMatchObject({ APP_TOKEN: 'tok-123' });
    await expect(withSecretFiles({ APP_PASSWORD_FILE: '-', APP_TOKEN_FILE: '-' }, ['APP_PASSWORD', 'APP_TOKEN'], async () => 'x')).rejects.toThrow(/only one secret can come from it/);
    await expect(withSecretFiles({ APP_TOKEN_FILE: '-' }, ['APP_TOKEN'], undefined)).rejects.toThrow(CliError);
  });

  it('refuses both NAME and NAME_FILE, and a file it cannot read (naming the path, not any content)', async () => {
    await expect(withSecretFiles({ APP_TOKEN: 'a', APP_TOKEN_FILE: '/x' }, ['APP_TOKEN'], undefined)).rejects.toThrow('Both APP_TOKEN and APP_TOKEN_FILE are set: give one of them.');
    await expect(withSecretFiles({ APP_TOKEN_FILE: join(dir, 'missing') }, ['APP_TOKEN'], undefined)).rejects.toThrow(/Cannot read APP_TOKEN_FILE \(.*missing\): ENOENT\./);
  });

  it('keeps the environment as it is when no _FILE is set', async () => {
    const env = { APP_TOKEN: 'a' };
    expect(await withSecretFiles(env, ['APP_TOKEN'], undefined)).toEqual(env);
  });
});
