/** HMAC-SHA256 through WebCrypto, so signing runs in browsers, Deno, Bun and edge runtimes too. */
import { oauthEncode } from './percent-encode.ts';

const encoder = new TextEncoder();

/** RFC 5849 section 3.4.2: the encoded consumer secret and token secret, joined by "&". */
export function signingKey(consumerSecret: string, tokenSecret: string): string {
  return `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`;
}

/** The signing key as a WebCrypto HMAC key: import it once per credential and keep it (importing costs as much as signing). */
export function importHmacKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

export async function hmacSha256Base64(key: string | CryptoKey, text: string): Promise<string> {
  const cryptoKey = typeof key === 'string' ? await importHmacKey(key) : key;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
  return btoa(String.fromCharCode(...signature));
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random alphanumerics: the platform stores nonces in a 32-character column. */
export function createNonce(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let nonce = '';
  // 256 is not a multiple of 62; the slight bias is irrelevant for a nonce, which only has to be unique.
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return nonce;
}
