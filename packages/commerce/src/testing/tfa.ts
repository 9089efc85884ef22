/**
 * The fake's two-factor providers, each with the platform's exchange on its own routes
 * (POST /V1/tfa/provider/<provider>/...):
 * - google: authenticate {username, password, otp}; configure {tfaToken} → secret and QR code;
 *   activate {tfaToken, otp}.
 * - authy: authenticate {.., otp}; send-token/{sms|call|onetouch} {username, password} sends a code or a
 *   push; authenticate-onetouch {username, password} answers a token once the push was approved;
 *   configure {tfaToken, deviceData} → a prompt; activate {tfaToken, otp}.
 * - duo_security: authenticate {.., passcode}; configure and activate {tfaToken}.
 * - u2fkey (WebAuthn): authentication-challenge {username, password} → credential request options
 *   with a fresh challenge; verify {.., publicKeyCredentialJson} checks that the assertion answers
 *   that very challenge (`clientDataJSON.challenge`, type `webauthn.get`), once, with a credential the
 *   admin registered; configure {tfaToken} → creation options; activate {tfaToken, publicKeyCredentialJson}
 *   registers the credential id. The fake does not verify signatures (it holds no keys).
 * A tfaToken is what the platform e-mails an admin who has no provider yet: `issueTfaToken(username)`.
 */
import type { FakeAuth } from './auth.ts';

type Code = string | ((username: string, now: number) => string);

export interface FakeTwoFactorOptions {
  /** Google Authenticator code (a fixed one or a function of the username and the fake's clock). */
  otp?: Code;
  /** Authy: the code its app shows or sends, and what happens to a one-touch push. */
  authy?: { otp: Code; oneTouch?: 'approved' | 'denied' | ((username: string) => 'approved' | 'denied' | 'pending') };
  /** Duo Security passcode. */
  duo?: { passcode: Code };
  /** WebAuthn: credential ids already registered per admin username. */
  webAuthn?: { credentials?: Record<string, string[]> };
}

export interface FakeTwoFactor {
  /** Answers POST /V1/tfa/provider/<tail>; undefined when the tail is not a provider route. */
  handle(tail: string, body: unknown): Response | undefined;
  /** The token the platform e-mails an admin to set up a provider (configure/activate routes take it). */
  issueTfaToken(username: string): string;
  /** Codes sent by authy/send-token, newest last, per username (what the person would receive). */
  readonly sent: Map<string, { via: string; code: string }[]>;
  /** Providers an admin has activated through the configure/activate routes. */
  activated(username: string): string[];
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const randomId = () => base64url(crypto.getRandomValues(new Uint8Array(16)));

export function createFakeTwoFactor(options: FakeTwoFactorOptions | undefined, auth: FakeAuth, now: () => number): FakeTwoFactor {
  const tfaTokens = new Map<string, string>(); // token -> username
  const active = new Map<string, Set<string>>();
  const sent = new Map<string, { via: string; code: string }[]>();
  const pushes = new Map<string, 'pending' | 'approved' | 'denied'>();
  const challenges = new Map<string, string>(); // username -> open challenge
  const credentials = new Map<string, Set<string>>(Object.entries(options?.webAuthn?.credentials ?? {}).map(([user, ids]) => [user, new Set(ids)]));
  const codeOf = (code: Code, username: string) => (typeof code === 'function' ? code(username, now()) : code);
  const fields = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
  const notConfigured = (provider: string) => json(400, { message: `Provider "${provider}" is not available on this installation.` });

  /** configure/activate: the tfaToken names the admin; a bad one is the platform's 401. */
  function withTfaToken(body: Record<string, unknown>, act: (username: string) => Response): Response {
    const username = typeof body['tfaToken'] === 'string' ? tfaTokens.get(body['tfaToken']) : undefined;
    if (username === undefined) return json(401, { message: 'Invalid two-factor authorization token' });
    return act(username);
  }
  const activate = (username: string, provider: string) => {
    if (!active.has(username)) active.set(username, new Set());
    active.get(username)!.add(provider);
    return new Response(null, { status: 200 });
  };

  function webAuthnVerify(username: string, body: Record<string, unknown>): string | null {
    const expected = challenges.get(username);
    challenges.delete(username); // a challenge answers one sign-in
    if (!expected) return 'Request the authentication challenge first.';
    try {
      const credential = JSON.parse(String(body['publicKeyCredentialJson'])) as { id?: string; response?: { clientDataJSON?: string } };
      const clientData = JSON.parse(atob(String(credential.response?.clientDataJSON ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { type?: string; challenge?: string };
      if (clientData.type !== 'webauthn.get' || clientData.challenge !== expected) return 'The security key did not sign this challenge.';
      if (!credential.id || !credentials.get(username)?.has(credential.id)) return 'Unknown security key.';
      return null;
    } catch {
      return 'The WebAuthn assertion is not valid JSON.';
    }
  }

  function handle(tail: string, raw: unknown): Response | undefined {
    const body = fields(raw);
    const sendToken = /^authy\/send-token\/([^/]+)$/.exec(tail);
    switch (sendToken ? 'authy/send-token' : tail) {
      case 'google/authenticate':
        return undefined; // the auth module's own route (counts and all)
      case 'google/configure':
        return withTfaToken(body, () => json(200, { qr_code_base64: btoa('otpauth://totp/fake'), secret_code: 'FAKESECRETBASE32' }));
      case 'google/activate':
        if (options?.otp === undefined) return notConfigured('google');
        return withTfaToken(body, (username) => (body['otp'] === codeOf(options.otp!, username) ? activate(username, 'google') : json(401, { message: 'Invalid code.' })));
      case 'authy/authenticate': {
        const authy = options?.authy;
        if (!authy) return notConfigured('authy');
        return auth.signInWithSecondFactor(raw, ['username', 'password', 'otp'], (username, b) => {
          const latest = sent.get(username)?.at(-1)?.code;
          return b['otp'] === codeOf(authy.otp, username) || (latest !== undefined && b['otp'] === latest) ? null : 'Invalid code.';
        });
      }
      case 'authy/send-token': {
        const authy = options?.authy;
        if (!authy) return notConfigured('authy');
        const via = decodeURIComponent(sendToken![1]!);
        if (!['sms', 'call', 'onetouch'].includes(via)) return json(400, { message: `Unsupported via method: ${via}` });
        // Checks the password like a sign-in, then sends instead of issuing: a token response is replaced by 200.
        const checked = auth.signInWithSecondFactor(raw, ['username', 'password'], () => null);
        if (checked.status !== 200) return checked;
        const username = String(body['username']);
        if (via === 'onetouch') {
          const decision = authy.oneTouch ?? 'approved';
          pushes.set(username, typeof decision === 'function' ? decision(username) : decision);
        } else {
          if (!sent.has(username)) sent.set(username, []);
          sent.get(username)!.push({ via, code: String(100000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 900000)) });
        }
        return new Response(null, { status: 200 });
      }
      case 'authy/authenticate-onetouch': {
        if (!options?.authy) return notConfigured('authy');
        return auth.signInWithSecondFactor(raw, ['username', 'password'], (username) => {
          const state = pushes.get(username);
          if (state === 'approved') {
            pushes.delete(username);
            return null;
          }
          return state === 'pending' ? 'Onetouch prompt is still pending.' : 'Onetouch prompt was denied or timed out.';
        });
      }
      case 'authy/configure':
        if (!options?.authy) return notConfigured('authy');
        return withTfaToken(body, () => {
          const device = fields(body['deviceData']);
          if (!device['phone_number'] || !device['country']) return json(400, { message: 'deviceData needs country and phone_number.' });
          return json(200, { message: `A code was sent by ${String(device['method'] ?? 'sms')}.`, expiration_seconds: '600' });
        });
      case 'authy/activate':
        if (!options?.authy) return notConfigured('authy');
        return withTfaToken(body, (username) => (body['otp'] === codeOf(options.authy!.otp, username) ? activate(username, 'authy') : json(401, { message: 'Invalid code.' })));
      case 'duo_security/authenticate': {
        const duo = options?.duo;
        if (!duo) return notConfigured('duo_security');
        return auth.signInWithSecondFactor(raw, ['username', 'password', 'passcode'], (username, b) => (b['passcode'] === codeOf(duo.passcode, username) ? null : 'Invalid passcode.'));
      }
      case 'duo_security/configure':
        if (!options?.duo) return notConfigured('duo_security');
        return withTfaToken(body, () => new Response(null, { status: 200 }));
      case 'duo_security/activate':
        if (!options?.duo) return notConfigured('duo_security');
        return withTfaToken(body, (username) => activate(username, 'duo_security'));
      case 'u2fkey/authentication-challenge': {
        if (!options?.webAuthn) return notConfigured('u2fkey');
        let challenge = '';
        const checked = auth.signInWithSecondFactor(raw, ['username', 'password'], (username) => {
          challenge = randomId();
          challenges.set(username, challenge);
          return null;
        });
        if (checked.status !== 200) return checked;
        const allow = [...(credentials.get(String(body['username'])) ?? [])].map((id) => ({ type: 'public-key', id }));
        return json(200, { credential_request_options_json: JSON.stringify({ publicKey: { challenge, timeout: 60000, rpId: 'shop.test', allowCredentials: allow, userVerification: 'discouraged' } }) });
      }
      case 'u2fkey/verify':
        if (!options?.webAuthn) return notConfigured('u2fkey');
        return auth.signInWithSecondFactor(raw, ['username', 'password', 'publicKeyCredentialJson'], webAuthnVerify);
      case 'u2fkey/configure':
        if (!options?.webAuthn) return notConfigured('u2fkey');
        return withTfaToken(body, (username) => {
          const challenge = randomId();
          challenges.set(`register:${username}`, challenge);
          return json(200, { credential_request_options_json: JSON.stringify({ publicKey: { challenge, rp: { name: 'Fake shop', id: 'shop.test' }, user: { name: username, id: base64url(new TextEncoder().encode(username)) }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] } }) });
        });
      case 'u2fkey/activate':
        if (!options?.webAuthn) return notConfigured('u2fkey');
        return withTfaToken(body, (username) => {
          try {
            const credential = JSON.parse(String(body['publicKeyCredentialJson'])) as { id?: string };
            if (!credential.id) throw new Error('no id');
            if (!credentials.has(username)) credentials.set(username, new Set());
            credentials.get(username)!.add(credential.id);
            return activate(username, 'u2fkey');
          } catch {
            return json(400, { message: 'The WebAuthn credential is not valid JSON with an id.' });
          }
        });
      default:
        return undefined;
    }
  }

  return {
    handle,
    sent,
    issueTfaToken(username) {
      const token = randomId();
      tfaTokens.set(token, username);
      return token;
    },
    activated: (username) => [...(active.get(username) ?? [])],
  };
}
