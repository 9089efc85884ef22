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

/** The signing key as a WebCrypto HMAC key: import it once per credential and keep it (importing costs as much as signing). */
function importHmacKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** HMAC-SHA256 of `text` as base64, through WebCrypto. */
export async function hmacSha256Base64(key: string | CryptoKey, text: string): Promise<string> {
  const cryptoKey = typeof key === 'string' ? await importHmacKey(key) : key;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
  return btoa(String.fromCharCode(...signature));
}

/** The part of `node:crypto` the synchronous path uses. */
export interface NodeHmac {
  createHmac(algorithm: 'sha256', key: string): { update(text: string): { digest(encoding: 'base64'): string } };
}

/** `node:crypto` when the runtime has it as a built-in module, without importing it (undefined in browsers). */
export function builtinNodeCrypto(): NodeHmac | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const found = typeof runtime?.getBuiltinModule === 'function' ? runtime.getBuiltinModule('node:crypto') : undefined;
  return typeof (found as Partial<NodeHmac> | undefined)?.createHmac === 'function' ? (found as NodeHmac) : undefined;
}

/** Signs text with one key: synchronously where it can, or a promise (WebCrypto). */
export type HmacSha256 = (text: string) => string | Promise<string>;

/**
 * HMAC-SHA256 (base64) with `key`, made once per credential: node:crypto's synchronous createHmac
 * when the runtime has it (or `node` says which), WebCrypto with the key imported on first use and
 * kept when it has not (or `node` is null).
 */
export function createHmacSha256(key: string, node: NodeHmac | null = builtinNodeCrypto() ?? null): HmacSha256 {
  if (node) return (text) => node.createHmac('sha256', key).update(text).digest('base64');
  let imported: Promise<CryptoKey> | undefined;
  return async (text) => {
    // Imported on first use, and again only if that import failed.
    imported ??= importHmacKey(key).catch((error: unknown) => {
      imported = undefined;
      throw error;
    });
    return hmacSha256Base64(await imported, text);
  };
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random bytes drawn 2 KB at a time: one getRandomValues call per 64 nonces rather than per nonce. */
const pool = new Uint8Array(2048);
let pooled = 0;

/** 32 random alphanumerics: the platform stores nonces in a 32-character column. */
export function createNonce(length = 32): string {
  if (length > pool.length) throw new RangeError(`a nonce is at most ${pool.length} characters`);
  if (pooled < length) {
    crypto.getRandomValues(pool);
    pooled = pool.length;
  }
  // Each byte is used once: the pool is consumed from the end and refilled when short.
  const start = pooled - length;
  pooled = start;
  let nonce = '';
  // 256 is not a multiple of 62; the slight bias is irrelevant for a nonce, which only has to be unique.
  for (let i = start; i < start + length; i++) nonce += NONCE_ALPHABET[pool[i]! % NONCE_ALPHABET.length];
  return nonce;
}
