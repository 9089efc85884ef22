/**
 * The platform's side of integration activation, end to end: `activate()` creates a consumer and a
 * verifier and POSTs them (form-encoded, as the platform does) to the integration's callback URL;
 * the fake then answers `POST /oauth/token/request` and `/oauth/token/access` (HMAC-SHA256 only,
 * checked by the fake's own verifier), and the resulting access token works on every REST call.
 * Like the platform, the exchange is accepted only within the consumer's expiration period
 * (300 s by default) and the verifier and request token are single use.
 */
import type { FakeAuth } from './auth.ts';
import { checkSignature, parseAuthorizationHeader } from './oauth-verifier.ts';

export const TOKEN_REQUEST_PATH = '/oauth/token/request';
export const TOKEN_ACCESS_PATH = '/oauth/token/access';

export interface ActivateOptions {
  /** The integration's Callback URL (where the receiver listens). */
  callbackUrl: string;
  /** The store URL the activation announces: the fake's own address, e.g. `running.url + '/'`. */
  storeBaseUrl: string;
}

export interface FakeActivation {
  /** The activation POST's answer (the receiver's response). */
  response: Response;
  consumerKey: string;
}

export interface FakeActivations {
  activate(options: ActivateOptions): Promise<FakeActivation>;
  /** Answers the two token-exchange routes. */
  handle(request: Request): Promise<Response>;
  /** Exchange requests answered, per step. */
  readonly counts: { request: number; access: number };
}

interface Consumer {
  key: string;
  secret: string;
  verifier: string;
  createdAt: number;
  requestToken?: { token: string; secret: string } | undefined;
  exchanged: boolean;
}

export interface FakeActivationSettings {
  auth: FakeAuth;
  now: () => number;
  /** Seconds after activation during which the exchange is accepted. Default 300 (the platform's default). */
  expirationSeconds?: number;
  /** Accepted OAuth clock difference, seconds. Default 600. */
  windowSeconds?: number;
}

const problem = (status: number, text: string) => new Response(new URLSearchParams({ oauth_problem: text }).toString(), { status, headers: { 'content-type': 'text/plain' } });
const tokens = (token: string, secret: string) => new Response(new URLSearchParams({ oauth_token: token, oauth_token_secret: secret }).toString(), { status: 200, headers: { 'content-type': 'text/plain' } });

export function createFakeActivations(settings: FakeActivationSettings): FakeActivations {
  const consumers = new Map<string, Consumer>();
  const expirationMs = (settings.expirationSeconds ?? 300) * 1000;
  const windowSeconds = settings.windowSeconds ?? 600;
  const counts = { request: 0, access: 0 };

  async function handle(request: Request): Promise<Response> {
    const step = new URL(request.url).pathname === TOKEN_REQUEST_PATH ? 'request' : 'access';
    counts[step] += 1;
    if (request.method !== 'POST') return problem(405, 'POST only');
    const protocol = parseAuthorizationHeader(request.headers.get('authorization') ?? '');
    const method = protocol.get('oauth_signature_method');
    if (method !== 'HMAC-SHA256') return problem(400, `Signature method ${method ?? '(none)'} is not supported`);
    for (const name of ['oauth_consumer_key', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature']) if (!protocol.has(name)) return problem(400, `${name} is required`);
    const consumer = consumers.get(protocol.get('oauth_consumer_key')!);
    if (!consumer) return problem(401, 'Consumer key is not valid');
    const timestamp = Number(protocol.get('oauth_timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Math.floor(settings.now() / 1000) - timestamp) > windowSeconds) return problem(401, 'Timestamp refused');
    if (settings.now() - consumer.createdAt > expirationMs) return problem(401, 'Consumer key has expired');
    if (consumer.exchanged) return problem(401, 'Token is already being used');

    if (step === 'request') {
      if (!(await checkSignature(request, protocol, consumer.secret, ''))) return problem(401, 'Invalid signature');
      consumer.requestToken = { token: randomAlnum(32), secret: randomAlnum(32) };
      return tokens(consumer.requestToken.token, consumer.requestToken.secret);
    }
    const issued = consumer.requestToken;
    if (!issued || protocol.get('oauth_token') !== issued.token) return problem(401, 'Specified token does not exist');
    if (!(await checkSignature(request, protocol, consumer.secret, issued.secret))) return problem(401, 'Invalid signature');
    if (protocol.get('oauth_verifier') !== consumer.verifier) return problem(401, 'Verifier is invalid');
    consumer.exchanged = true;
    const access = { token: randomAlnum(32), secret: randomAlnum(32) };
    settings.auth.addIntegration({ consumerKey: consumer.key, consumerSecret: consumer.secret, accessToken: access.token, accessTokenSecret: access.secret });
    return tokens(access.token, access.secret);
  }

  return {
    counts,
    handle,
    async activate({ callbackUrl, storeBaseUrl }) {
      const consumer: Consumer = { key: randomAlnum(32), secret: randomAlnum(32), verifier: randomAlnum(32), createdAt: settings.now(), exchanged: false };
      consumers.set(consumer.key, consumer);
      const body = new URLSearchParams({ oauth_consumer_key: consumer.key, oauth_consumer_secret: consumer.secret, store_base_url: storeBaseUrl, oauth_verifier: consumer.verifier });
      const response = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return { response, consumerKey: consumer.key };
    },
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The platform's keys, secrets, tokens and verifiers: 32 lowercase alphanumerics. */
function randomAlnum(length: number): string {
  let out = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(length))) out += ALPHABET[byte % ALPHABET.length];
  return out;
}
