import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oauthEncode } from '../../../src/auth/oauth/percent-encode.ts';

/** RFC 5849 §3.6 byte by byte: unreserved characters stay, every other UTF-8 byte becomes %XX (upper case). */
function reference(value: string): string {
  return [...new TextEncoder().encode(value)].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

describe('OAuth percent-encoding', () => {
  it('encodes each of the five characters encodeURIComponent leaves alone, alone and among others', () => {
    // Each alone: the signer's fast path tests for them before replacing, so each must be in that test too.
    expect(['!', "'", '(', ')', '*'].map(oauthEncode)).toEqual(['%21', '%27', '%28', '%29', '%2A']);
    expect(oauthEncode("a*b!c'd(e)f")).toBe('a%2Ab%21c%27d%28e%29f');
    expect(oauthEncode('**')).toBe('%2A%2A');
  });

  it('leaves unreserved characters and encodes the rest as RFC 5849 does, for any string', () => {
    expect(oauthEncode('AZaz09-._~')).toBe('AZaz09-._~');
    expect(oauthEncode('a b+c/é')).toBe('a%20b%2Bc%2F%C3%A9');
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        expect(oauthEncode(value)).toBe(reference(value));
      }), { numRuns: 500 });
  });
});
