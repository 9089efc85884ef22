import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, MagekitError, redactText, redactValue, registerSecret } from '../src/index.ts';

describe('redaction', () => {
  it('removes registered secrets, also percent-encoded, from any text', () => {
    registerSecret('s3cret/pa+ss');
    expect(redactText('pw=s3cret/pa+ss or s3cret%2Fpa%2Bss')).toBe('pw=[redacted] or [redacted]');
  });

  it('masks authorization header values and secret-named query parameters it was never told about', () => {
    expect(redactText('Authorization: Bearer abcdef0123456789')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('OAuth oauth_consumer_key="k", oauth_signature="sig%3D"')).toBe('OAuth [redacted]');
    expect(redactText('https://x.test/a?access_token=abc&page=2&password=hunter22')).toBe('https://x.test/a?access_token=[redacted]&page=2&password=[redacted]');
    expect(redactText('Use Basic auth here')).toBe('Use Basic auth here');
  });

  it('masks secret-named keys in nested bodies', () => {
    expect(redactValue({ user: { username: 'u', password: 'p' }, items: [{ ust: 't' }], n: 1 })).toEqual({
      user: { username: 'u', password: '[redacted]' },
      items: [{ ust: '[redacted]' }],
      n: 1,
    });
  });

  it('no registered secret survives in an error message, stack or JSON', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 40 }).filter((s) => s.trim().length >= 8 && !s.includes('[redacted]')), (secret) => {
        registerSecret(secret);
        const error = new HttpError(`refused ${secret}`, { service: 'commerce', status: 401, url: `https://x.test/?q=${encodeURIComponent(secret)}`, body: { message: secret } });
        const outputs = [error.message, String(error.stack), JSON.stringify(error), String(error.url)];
        for (const text of outputs) expect(text).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });

  it('errors keep their kind and fields in JSON', () => {
    const error = new MagekitError('x', { service: 'marketplace', status: 400, method: 'GET', url: 'https://x.test/a' });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'MagekitError', service: 'marketplace', status: 400, method: 'GET' });
  });
});
