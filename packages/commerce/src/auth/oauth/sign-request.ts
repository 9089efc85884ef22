/**
 * Signs requests with OAuth 1.0a HMAC-SHA256, the only method the platform accepts since 2.4.4, and
 * returns the Authorization header value. A signer is made once per credential: it sets up the HMAC
 * once (node:crypto where the runtime has it, else WebCrypto with the key imported once; hmac.ts)
 * and encodes the fixed protocol parameters once, so a signature costs one HMAC over a base string
 * built from the request's serialized URL without parsing it again.
 */
import { encodedBaseString, normalizeEncoded, queryParametersOf, type OAuthParameter } from './base-string.ts';
import { createHmacSha256, signingKey, type HmacSha256 } from './hmac.ts';
import { oauthEncode } from './percent-encode.ts';

export interface OAuthCredentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export interface SignatureInputs {
  nonce: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface SignedRequest {
  authorization: string;
  baseString: string;
  signature: string;
}

export const SIGNATURE_METHOD = 'HMAC-SHA256';

export interface OAuthSigner {
  sign(request: Request, inputs: SignatureInputs): Promise<SignedRequest>;
}

/** `hmac`: the HMAC with this credential's key (createHmacSha256: node:crypto or WebCrypto); tests pass either. */
export function createOAuthSigner(credentials: OAuthCredentials, hmac: HmacSha256 = createHmacSha256(signingKey(credentials.consumerSecret, credentials.accessTokenSecret))): OAuthSigner {
  const consumerKey = oauthEncode(credentials.consumerKey);
  const token = oauthEncode(credentials.accessToken);
  return {
    async sign(request, inputs) {
      const nonce = oauthEncode(inputs.nonce);
      const timestamp = String(inputs.timestamp);
      // Encoded once: the same strings go into the base string and the header.
      const protocol: [string, string][] = [
        ['oauth_consumer_key', consumerKey],
        ['oauth_nonce', nonce],
        ['oauth_signature_method', SIGNATURE_METHOD],
        ['oauth_timestamp', timestamp],
        ['oauth_token', token],
        ['oauth_version', '1.0'],
      ];
      const url = request.url;
      const extra = [...queryParametersOf(url), ...(await formBodyParameters(request))].map(([n, v]) => [oauthEncode(n), oauthEncode(v)] as [string, string]);
      const normalized = normalizeEncoded([...extra, ...protocol]);
      const baseString = encodedBaseString(request.method, url, normalized);
      const signature = await hmac(baseString);
      const header = `OAuth oauth_consumer_key="${consumerKey}", oauth_nonce="${nonce}", oauth_signature_method="${SIGNATURE_METHOD}", oauth_timestamp="${timestamp}", oauth_token="${token}", oauth_version="1.0", oauth_signature="${oauthEncode(signature)}"`;
      return { authorization: header, baseString, signature };
    },
  };
}

/** One signature with credentials used once (tests, tools); clients keep a signer (createOAuthSigner). */
export function signRequest(request: Request, credentials: OAuthCredentials, inputs: SignatureInputs): Promise<SignedRequest> {
  return createOAuthSigner(credentials).sign(request, inputs);
}

/**
 * Form-encoded bodies are part of the signature (RFC 5849 section 3.4.1.3.1); JSON bodies, which
 * every REST route uses, are not.
 */
async function formBodyParameters(request: Request): Promise<OAuthParameter[]> {
  if (!request.body) return [];
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return [];
  return [...new URLSearchParams(await request.clone().text())];
}
