/**
 * Signs one request with OAuth 1.0a HMAC-SHA256, the only method the platform accepts since 2.4.4,
 * and returns the Authorization header value.
 */
import { signatureBaseString, queryParameters, type OAuthParameter } from './base-string.ts';
import { hmacSha256Base64, signingKey } from './hmac.ts';
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

export async function signRequest(request: Request, credentials: OAuthCredentials, inputs: SignatureInputs): Promise<SignedRequest> {
  const protocol: OAuthParameter[] = [
    ['oauth_consumer_key', credentials.consumerKey],
    ['oauth_nonce', inputs.nonce],
    ['oauth_signature_method', SIGNATURE_METHOD],
    ['oauth_timestamp', String(inputs.timestamp)],
    ['oauth_token', credentials.accessToken],
    ['oauth_version', '1.0'],
  ];
  const url = new URL(request.url);
  const parameters = [...queryParameters(url), ...(await formBodyParameters(request)), ...protocol];
  const baseString = signatureBaseString(request.method, url, parameters);
  const signature = await hmacSha256Base64(signingKey(credentials.consumerSecret, credentials.accessTokenSecret), baseString);
  const header = [...protocol, ['oauth_signature', signature] as const].map(([name, value]) => `${name}="${oauthEncode(value)}"`).join(', ');
  return { authorization: `OAuth ${header}`, baseString, signature };
}

/**
 * Form-encoded bodies are part of the signature (RFC 5849 section 3.4.1.3.1); JSON bodies, which
 * every REST route uses, are not.
 */
async function formBodyParameters(request: Request): Promise<OAuthParameter[]> {
  const type = request.headers.get('content-type') ?? '';
  if (!request.body || !/^application\/x-www-form-urlencoded\b/i.test(type)) return [];
  return [...new URLSearchParams(await request.clone().text())];
}
