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
  /**
   * The Authorization header value alone: synchronous when the HMAC is (node:crypto) and the body
   * is not a form, whose parameters are read from it.
   */
  authorization(request: Request, inputs: SignatureInputs): string | Promise<string>;
}

/** `hmac`: the HMAC with this credential's key (createHmacSha256); tests pass either path. */
export function createOAuthSigner(credentials: OAuthCredentials, hmac: HmacSha256 = createHmacSha256(signingKey(credentials.consumerSecret, credentials.accessTokenSecret))): OAuthSigner {
  const consumerKey = oauthEncode(credentials.consumerKey);
  const token = oauthEncode(credentials.accessToken);

  function signWith(request: Request, inputs: SignatureInputs, form: readonly OAuthParameter[]): SignedRequest | Promise<SignedRequest> {
    const nonce = oauthEncode(inputs.nonce);
    const timestamp = String(inputs.timestamp);
    const url = request.url;
    const extra = [...queryParametersOf(url), ...form];
    // Encoded once: the same strings go into the base string and the header. The protocol names
    // are in sorted order already, so a request without query or form parameters needs no sort.
    const normalized =
      extra.length === 0
        ? `oauth_consumer_key=${consumerKey}&oauth_nonce=${nonce}&oauth_signature_method=${SIGNATURE_METHOD}&oauth_timestamp=${timestamp}&oauth_token=${token}&oauth_version=1.0`
        : normalizeEncoded([
            ...extra.map(([n, v]) => [oauthEncode(n), oauthEncode(v)] as const),
            ['oauth_consumer_key', consumerKey],
            ['oauth_nonce', nonce],
            ['oauth_signature_method', SIGNATURE_METHOD],
            ['oauth_timestamp', timestamp],
            ['oauth_token', token],
            ['oauth_version', '1.0'],
          ]);
    const baseString = encodedBaseString(request.method, url, normalized);
    const signed = (signature: string): SignedRequest => ({
      authorization: `OAuth oauth_consumer_key="${consumerKey}", oauth_nonce="${nonce}", oauth_signature_method="${SIGNATURE_METHOD}", oauth_timestamp="${timestamp}", oauth_token="${token}", oauth_version="1.0", oauth_signature="${oauthEncode(signature)}"`,
      baseString,
      signature,
    });
    const signature = hmac(baseString);
    return typeof signature === 'string' ? signed(signature) : signature.then(signed);
  }

  function signRequestWith(request: Request, inputs: SignatureInputs): SignedRequest | Promise<SignedRequest> {
    return isFormBody(request) ? formBodyParameters(request).then((form) => signWith(request, inputs, form)) : signWith(request, inputs, []);
  }

  return {
    sign: async (request, inputs) => signRequestWith(request, inputs),
    authorization(request, inputs) {
      const signed = signRequestWith(request, inputs);
      return 'then' in signed ? signed.then((s) => s.authorization) : signed.authorization;
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
function isFormBody(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '') && request.body !== null;
}

async function formBodyParameters(request: Request): Promise<OAuthParameter[]> {
  return [...new URLSearchParams(await request.clone().text())];
}
