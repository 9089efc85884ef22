/**
 * The fake platform's OAuth 1.0a verifier. Written apart from the client's signer on purpose (its
 * own parsing, encoding and comparison), so the end-to-end tests check the signer against a
 * second reading of RFC 5849 rather than against itself. Like 2.4.4+, it accepts HMAC-SHA256 only,
 * refuses timestamps outside a window and nonces it has seen.
 */
export interface OAuthConsumerRecord {
  /** The integration's id, quoted by the nonce-replay message. */
  id: number;
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export type OAuthVerdict =
  | { ok: true; consumer: OAuthConsumerRecord }
  | { ok: false; status: number; message: string; parameters?: unknown };

export interface OAuthVerifierOptions {
  findConsumer(consumerKey: string): OAuthConsumerRecord | undefined;
  now(): number;
  /** Accepted clock difference in seconds, either way. */
  windowSeconds: number;
}

const REQUIRED = ['oauth_consumer_key', 'oauth_token', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature_method', 'oauth_signature'] as const;

export function createOAuthVerifier(options: OAuthVerifierOptions) {
  const seenNonces = new Map<string, number>();

  function forgetOldNonces(nowSeconds: number): void {
    for (const [key, timestamp] of seenNonces) if (nowSeconds - timestamp > options.windowSeconds * 2) seenNonces.delete(key);
  }

  async function verify(request: Request, header: string): Promise<OAuthVerdict> {
    const protocol = parseAuthorizationHeader(header);
    for (const name of REQUIRED) {
      if (!protocol.has(name)) return { ok: false, status: 401, message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: name } };
    }
    const get = (name: string) => protocol.get(name) ?? '';
    const version = protocol.get('oauth_version');
    if (version !== undefined && version !== '1.0') return { ok: false, status: 401, message: 'The "%1" OAuth version is not supported.', parameters: [version] };
    if (get('oauth_signature_method') !== 'HMAC-SHA256') {
      return { ok: false, status: 400, message: 'Signature method %1 is not supported', parameters: [get('oauth_signature_method')] };
    }
    const consumer = options.findConsumer(get('oauth_consumer_key'));
    if (!consumer) return { ok: false, status: 401, message: 'The consumer key is invalid. Verify the key and try again.' };
    if (get('oauth_token') !== consumer.accessToken) return { ok: false, status: 401, message: 'The token is invalid. Verify the token and try again.' };

    const nowSeconds = Math.floor(options.now() / 1000);
    const timestamp = /^\d{1,12}$/.test(get('oauth_timestamp')) ? Number(get('oauth_timestamp')) : NaN;
    if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > options.windowSeconds) {
      return { ok: false, status: 401, message: 'The timestamp is invalid. Verify and try again.' };
    }

    const parameters: [string, string][] = [];
    for (const [name, value] of protocol) if (name !== 'oauth_signature' && name !== 'realm') parameters.push([name, value]);
    const url = new URL(request.url);
    parameters.push(...parseFormEncoded(url.search.replace(/^\?/, '')));
    if (/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')) {
      parameters.push(...parseFormEncoded(await request.clone().text()));
    }
    const baseString = `${rfc3986(request.method.toUpperCase())}&${rfc3986(url.origin + url.pathname)}&${rfc3986(normalize(parameters))}`;
    const key = `${rfc3986(consumer.consumerSecret)}&${rfc3986(consumer.accessTokenSecret)}`;
    if (!(await hmacMatches(key, baseString, get('oauth_signature')))) {
      return { ok: false, status: 401, message: 'The signature is invalid. Verify and try again.' };
    }

    // Checked after the signature, so a forged request cannot burn a legitimate client's nonce.
    forgetOldNonces(nowSeconds);
    const nonceKey = `${consumer.consumerKey}\u0000${get('oauth_nonce')}`;
    if (seenNonces.has(nonceKey)) return { ok: false, status: 401, message: 'The nonce is already being used by the consumer with ID %1.', parameters: [consumer.id] };
    seenNonces.set(nonceKey, timestamp);
    return { ok: true, consumer };
  }

  return { verify };
}

/**
 * The signature check alone, with the secrets given: the integration token exchange signs with
 * `consumerSecret&` (request token) and `consumerSecret&requestTokenSecret` (access token).
 */
export async function checkSignature(request: Request, protocol: Map<string, string>, consumerSecret: string, tokenSecret: string): Promise<boolean> {
  const parameters: [string, string][] = [];
  for (const [name, value] of protocol) if (name !== 'oauth_signature' && name !== 'realm') parameters.push([name, value]);
  const url = new URL(request.url);
  parameters.push(...parseFormEncoded(url.search.replace(/^\?/, '')));
  const baseString = `${rfc3986(request.method.toUpperCase())}&${rfc3986(url.origin + url.pathname)}&${rfc3986(normalize(parameters))}`;
  return hmacMatches(`${rfc3986(consumerSecret)}&${rfc3986(tokenSecret)}`, baseString, protocol.get('oauth_signature') ?? '');
}

/** `OAuth realm="x", oauth_consumer_key="a%20b", ...` → decoded name/value pairs. */
export function parseAuthorizationHeader(header: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = header.replace(/^\s*OAuth\s+/i, '');
  for (const match of body.matchAll(/([A-Za-z0-9_]+)\s*=\s*"([^"]*)"/g)) out.set(match[1]!, percentDecode(match[2]!));
  return out;
}

/** application/x-www-form-urlencoded, as PHP reads a query: `+` is a space, then %XX bytes. */
function parseFormEncoded(text: string): [string, string][] {
  if (!text) return [];
  return text
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at === -1 ? pair : pair.slice(0, at);
      const value = at === -1 ? '' : pair.slice(at + 1);
      return [percentDecode(name.replace(/\+/g, ' ')), percentDecode(value.replace(/\+/g, ' '))];
    });
}

function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const encoder = new TextEncoder();
const HEX = '0123456789ABCDEF';

/** RFC 3986 unreserved bytes pass, every other UTF-8 byte becomes %XX. */
function rfc3986(text: string): string {
  let out = '';
  for (const byte of encoder.encode(text)) {
    const unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
    out += unreserved ? String.fromCharCode(byte) : `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
}

function normalize(parameters: [string, string][]): string {
  const encoded = parameters.map(([name, value]) => [rfc3986(name), rfc3986(value)] as const);
  // By name, then by value. (Sorting the joined "name=value" strings would not do: "=" sorts after
  // "%", "-", "." and digits, so "a-b=1" would land before "a=1".)
  encoded.sort((x, y) => compare(x[0], y[0]) || compare(x[1], y[1]));
  return encoded.map(([name, value]) => `${name}=${value}`).join('&');
}

function compare(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

async function hmacMatches(key: string, text: string, signatureBase64: string): Promise<boolean> {
  let signature: Uint8Array;
  try {
    signature = Uint8Array.from(atob(signatureBase64), (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // verify() compares in constant time.
  return crypto.subtle.verify('HMAC', cryptoKey, signature as Uint8Array<ArrayBuffer>, encoder.encode(text));
}
