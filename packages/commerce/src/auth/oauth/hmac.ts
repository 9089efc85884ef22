/**
 * HMAC-SHA256 for OAuth 1.0a. WebCrypto is the portable path (browsers, Deno, workers, edge
 * runtimes). Where the runtime offers `node:crypto` as a built-in module (Node 22.3+, Bun, Deno's
 * Node layer: `process.getBuiltinModule`), a client signs with its synchronous `createHmac`
 * instead: WebCrypto's `sign()` on Node runs as a job on the thread pool and costs about 20 times
 * the HMAC itself per request (docs/design.md, "OAuth signing"). The module is looked up at run
 * time, not imported, so browser bundles carry no reference to it. Both paths give the same bytes
 * (test/auth/oauth/hmac.test.ts).
 */
import { oauthEncode } from './percent-encode.ts';

const encoder = new TextEncoder();

/** RFC 5849 section 3.4.2: the encoded consumer secret and token secret, joined by "&". */
export function signingKey(consumerSecret: string, tokenSecret: string): string {
  return `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`;
}

/** The part of `node:crypto` the synchronous path uses. */
export interface NodeHmac {
  createHmac(algorithm: 'sha256', key: NodeSecretKey): { update(text: string): { digest(encoding: 'base64'): string } };
  createSecretKey(key: string, encoding: 'utf8'): NodeSecretKey;
}

/** A key node:crypto has imported (a KeyObject): made once per credential, not per signature. */
type NodeSecretKey = object;

/** Signs text with one key: synchronously where it can, or a promise (WebCrypto). */
export type HmacSha256 = (text: string) => string | Promise<string>;

/**
 * HMAC-SHA256 (base64) with `key`, made once per credential: node:crypto's synchronous createHmac
 * when the runtime has it as a built-in module (found without importing it: nothing of it reaches a
 * browser bundle), WebCrypto with the key imported on first use and kept (importing costs as much as
 * signing) when it has not. Tests pass `node` (the module, or null for WebCrypto).
 */
export function createHmacSha256(key: string, node: NodeHmac | null | undefined = (globalThis as { process?: { getBuiltinModule?(id: string): NodeHmac } }).process?.getBuiltinModule?.('node:crypto')): HmacSha256 {
  if (node?.createSecretKey) {
    // Stryker disable next-line StringLiteral: node:crypto reads an empty encoding as its default, UTF-8.
    const imported = node.createSecretKey(key, 'utf8');
    return (text) => node.createHmac('sha256', imported).update(text).digest('base64');
  }
  let imported: Promise<CryptoKey> | undefined;
  return async (text) => {
    // Stryker disable next-line BooleanLiteral: whether the key could be exported does not change a signature, and it never is.
    imported ??= crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('HMAC', await imported, encoder.encode(text)))));
  };
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random bytes drawn 64 nonces at a time: a draw costs about as much as the HMAC, whatever its size. */
let pool = new Uint8Array(0);
let drawn = 0;

/** 32 random alphanumerics: the platform stores nonces in a 32-character column. */
export function createNonce(): string {
  if (drawn + 32 > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(2048));
    drawn = 0;
  }
  let nonce = '';
  // 256 is not a multiple of 62; the slight bias is irrelevant for a nonce, which only has to be unique.
  for (const end = drawn + 32; drawn < end; drawn++) nonce += NONCE_ALPHABET[pool[drawn]! % NONCE_ALPHABET.length];
  return nonce;
}
