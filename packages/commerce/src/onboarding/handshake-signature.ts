/**
 * Signs the two requests of the integration token exchange (OAuth 1.0a, HMAC-SHA256, the only method
 * 2.4.4+ accepts) with the same primitives as integration(): the request-token call carries no token
 * and is signed with `consumerSecret&`; the access-token call carries the request token and the
 * verifier and is signed with `consumerSecret&requestTokenSecret`.
 */
import { signatureBaseString, queryParameters, type OAuthParameter } from '../auth/oauth/base-string.ts';
import { createHmacSha256, createNonce, signingKey } from '../auth/oauth/hmac.ts';
import { oauthEncode } from '../auth/oauth/percent-encode.ts';
import { SIGNATURE_METHOD } from '../auth/oauth/sign-request.ts';

export interface HandshakeSigningInput {
  consumerKey: string;
  consumerSecret: string;
  /** The request token (access-token step only). */
  token?: string | undefined;
  tokenSecret?: string | undefined;
  /** The activation's oauth_verifier (access-token step only). */
  verifier?: string | undefined;
  /** Seconds since the epoch. */
  timestamp: number;
  nonce?: string | undefined;
}

/** The Authorization header value for a POST to `url`. */
export async function handshakeAuthorization(method: string, url: URL, input: HandshakeSigningInput): Promise<string> {
  const protocol: OAuthParameter[] = [
    ['oauth_consumer_key', input.consumerKey],
    ['oauth_nonce', input.nonce ?? createNonce()],
    ['oauth_signature_method', SIGNATURE_METHOD],
    ['oauth_timestamp', String(input.timestamp)],
    ...(input.token === undefined ? [] : [['oauth_token', input.token] as const]),
    ...(input.verifier === undefined ? [] : [['oauth_verifier', input.verifier] as const]),
    ['oauth_version', '1.0'],
  ];
  const baseString = signatureBaseString(method, url, [...queryParameters(url), ...protocol]);
  const signature = await createHmacSha256(signingKey(input.consumerSecret, input.tokenSecret ?? ''))(baseString);
  return `OAuth ${[...protocol, ['oauth_signature', signature] as const].map(([name, value]) => `${name}="${oauthEncode(value)}"`).join(', ')}`;
}
