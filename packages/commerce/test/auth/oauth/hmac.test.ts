/**
 * The two HMAC-SHA256 paths (node:crypto's synchronous createHmac where the runtime has it as a
 * built-in module, WebCrypto everywhere else) give the same bytes: on published vectors, on random
 * keys and texts, and as whole OAuth signatures.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createHmacSha256, createNonce, signingKey, type NodeHmac } from '../../../src/auth/oauth/hmac.ts';
import { createOAuthSigner, type OAuthCredentials } from '../../../src/auth/oauth/sign-request.ts';

const node = process.getBuiltinModule('node:crypto') as NodeHmac;
const nodePath = (key: string) => createHmacSha256(key, node);
const webCryptoPath = (key: string) => createHmacSha256(key, null);

describe('HMAC-SHA256 paths', () => {
  it('node:crypto is found on Node without importing it, and its path signs synchronously', () => {
    expect(typeof createHmacSha256('k')('text')).toBe('string');
    expect(typeof nodePath('k')('text')).toBe('string');
    expect(webCryptoPath('k')('text')).toBeInstanceOf(Promise);
  });

  it('a runtime without process.getBuiltinModule signs with WebCrypto', async () => {
    const builtin = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule')!;
    delete (process as { getBuiltinModule?: unknown }).getBuiltinModule;
    try {
      const signing = createHmacSha256('k')('text');
      expect(signing).toBeInstanceOf(Promise);
      expect(await signing).toBe(nodePath('k')('text'));
    } finally {
      Object.defineProperty(process, 'getBuiltinModule', builtin);
    }
  });

  it('a runtime with no process at all (a browser) signs with WebCrypto', async () => {
    const nodeProcess = globalThis.process;
    let signing: string | Promise<string>;
    // Only for the synchronous call that looks the module up: vitest itself needs process back at once.
    (globalThis as { process?: unknown }).process = undefined;
    try {
      signing = createHmacSha256('k')('text');
    } finally {
      globalThis.process = nodeProcess;
    }
    expect(signing).toBeInstanceOf(Promise);
    expect(await signing).toBe(nodePath('k')('text'));
  });

  it('give the published values: RFC 4231 test cases 2 and 3', async () => {
    // RFC 4231 section 4.3 (key "Jefe") and 4.4 (key 0xaa x 20, data 0xdd x 50), HMAC-SHA256, as base64.
    const vectors: [key: string, text: string, hex: string][] = [
      ['Jefe', 'what do ya want for nothing?', '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
      ['\xaa'.repeat(20), '\xdd'.repeat(50), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
    ];
    for (const [key, text, hex] of vectors) {
      const expected = Buffer.from(hex, 'hex').toString('base64');
      // The RFC's keys and data are bytes; these are ASCII or Latin-1 bytes written as strings of the
      // same code points, which both paths encode as UTF-8: only case 2 is plain ASCII.
      if (/^[\x00-\x7f]*$/.test(key + text)) {
        expect(nodePath(key)(text)).toBe(expected);
        expect(await webCryptoPath(key)(text)).toBe(expected);
      }
      expect(nodePath(key)(text)).toBe(await webCryptoPath(key)(text));
    }
  });

  it('give the same bytes for any key and text (UTF-8 included)', async () => {
    // A signing key is never empty (it holds the "&" between the two secrets); WebCrypto refuses one.
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 400 }), async (key, text) => {
        expect(nodePath(key)(text)).toBe(await webCryptoPath(key)(text));
      }),
      { numRuns: 200 },
    );
  });

  it('give the same OAuth signature and header for the same request, nonce and timestamp', async () => {
    const credentials: OAuthCredentials = { consumerKey: 'ck 1', consumerSecret: 'cs&2', accessToken: 'at/3', accessTokenSecret: 'as=4' };
    const key = signingKey(credentials.consumerSecret, credentials.accessTokenSecret);
    const viaNode = createOAuthSigner(credentials, nodePath(key));
    const viaWebCrypto = createOAuthSigner(credentials, webCryptoPath(key));
    const inputs = { nonce: 'abcDEF0123456789abcDEF0123456789', timestamp: 1_700_000_000 };
    for (const request of [
      new Request('https://shop.example.com/rest/V1/products/MB-01'),
      new Request('https://shop.example.com/rest/V1/products?searchCriteria%5BpageSize%5D=20&fields=items%5Bsku%5D', { method: 'GET' }),
      new Request('https://shop.example.com/rest/V1/products/MB-01', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"product":{}}' }),
      new Request('https://shop.example.com/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=%20' }),
    ]) {
      expect(await viaNode.sign(request.clone(), inputs)).toEqual(await viaWebCrypto.sign(request.clone(), inputs));
    }
  });
});

describe('a client signature', () => {
  const credentials: OAuthCredentials = { consumerKey: 'ck', consumerSecret: 'cs', accessToken: 'at', accessTokenSecret: 'as' };
  const inputs = { nonce: 'abcDEF0123456789abcDEF0123456789', timestamp: 1_700_000_000 };

  it('is made synchronously with node:crypto when no form body has to be read, and equals sign()', async () => {
    const signer = createOAuthSigner(credentials, nodePath(signingKey('cs', 'as')));
    for (const request of [new Request('https://shop.example.com/rest/V1/products/MB-01'), new Request('https://shop.example.com/rest/V1/products/MB-01', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })]) {
      const now = signer.signNow(request, inputs);
      expect(now).not.toBeInstanceOf(Promise);
      expect(now).toEqual(await signer.sign(request, inputs));
    }
  });

  it('waits where it must: a form body is read, and WebCrypto signs asynchronously', async () => {
    const form = () => new Request('https://shop.example.com/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    const viaNode = createOAuthSigner(credentials, nodePath(signingKey('cs', 'as')));
    const viaWebCrypto = createOAuthSigner(credentials, webCryptoPath(signingKey('cs', 'as')));
    const pending = viaNode.signNow(form(), inputs);
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending).baseString).toContain('a%3D1');
    expect(viaWebCrypto.signNow(new Request('https://shop.example.com/rest/V1/products'), inputs)).toBeInstanceOf(Promise);
  });
});

describe('nonces', () => {
  it('are 32 alphanumerics, all different', () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(nonces.every((nonce) => /^[A-Za-z0-9]{32}$/.test(nonce))).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('draw random bytes for 64 nonces at a time, not one draw per nonce (a draw costs as much as the HMAC)', () => {
    const draws = vi.spyOn(crypto, 'getRandomValues');
    try {
      // Up to the nonce that draws (the pool's state depends on the tests before), then 63 served from it.
      for (let i = 0; i < 64 && draws.mock.calls.length === 0; i++) createNonce();
      expect(draws).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 63; i++) createNonce();
      expect(draws).toHaveBeenCalledTimes(1);
      createNonce();
      expect(draws).toHaveBeenCalledTimes(2);
    } finally {
      draws.mockRestore();
    }
  });
});
