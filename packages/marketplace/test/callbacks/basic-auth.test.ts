import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBasicAuthCheck } from '../../src/callbacks/basic-auth.ts';

const USER = 'eqp-callback';
const PASS = 'S3cret!pass';
const header = (user: string, pass: string, scheme = 'Basic') => `${scheme} ${btoa(`${user}:${pass}`)}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * A wrong password whose digest shares `bytes` with the right one's at the given positions: a
 * comparison that let one byte (or a few) decide would accept it.
 */
function wrongPasswordSharing(positions: readonly number[]): string {
  const expected = sha256(`${USER}:${PASS}`);
  for (let i = 0; ; i++) {
    const candidate = `wrong-${i}`;
    const d = sha256(`${USER}:${candidate}`);
    if (positions.every((p) => d[p] === expected[p])) return candidate;
  }
}

describe('callback Basic-auth check', () => {
  const check = createBasicAuthCheck(USER, PASS);

  it('accepts the right credentials, whatever the case of the scheme and the spaces around it', async () => {
    for (const scheme of ['Basic', 'basic', 'BASIC']) expect(await check(header(USER, PASS, scheme))).toBe(true);
    expect(await check(`  Basic   ${btoa(`${USER}:${PASS}`)}  `)).toBe(true);
  });

  it('compares every digest byte: a wrong password matching the last byte, or the first, is refused', async () => {
    const digestLength = 32;
    for (const position of [digestLength - 1, 0, 15]) {
      const wrong = wrongPasswordSharing([position]);
      expect(sha256(`${USER}:${wrong}`)[position]).toBe(sha256(`${USER}:${PASS}`)[position]);
      expect(await check(header(USER, wrong))).toBe(false);
    }
  });

  it('refuses a missing header, another scheme, bad base64, and bytes that are not UTF-8', async () => {
    for (const value of [null, '', 'Bearer abc', `Digest ${btoa(`${USER}:${PASS}`)}`, 'Basic !!!', 'Basic', `Basic ${btoa('\xff\xfe:\xff')}`, `Basic ${btoa(`${USER}:${PASS}`)} extra`]) {
      expect(await check(value)).toBe(false);
    }
  });

  it('takes the scheme only at the start of the header: a longer word ending in Basic is another scheme', async () => {
    for (const scheme of ['NotBasic', 'x-Basic']) expect(await check(header(USER, PASS, scheme))).toBe(false);
  });

  it('refuses bytes that are not UTF-8 even when read with replacement characters they would match the password', async () => {
    const replacement = createBasicAuthCheck(USER, '\uFFFD');
    expect(await replacement(`Basic ${Buffer.from(`${USER}:\uFFFD`, 'utf8').toString('base64')}`)).toBe(true);
    expect(await replacement(`Basic ${Buffer.concat([Buffer.from(`${USER}:`), Buffer.from([0xff])]).toString('base64')}`)).toBe(false);
  });

  it('reads the credentials as UTF-8, so a non-ASCII password works', async () => {
    const utf8 = createBasicAuthCheck('zoë', 'pässwörd');
    const encoded = Buffer.from('zoë:pässwörd', 'utf8').toString('base64');
    expect(await utf8(`Basic ${encoded}`)).toBe(true);
    expect(await utf8(`Basic ${Buffer.from('zoë:pässwörd', 'latin1').toString('base64')}`)).toBe(false);
  });
});
