/**
 * Two-factor providers for admin sign-in. Since 2.4.0 the platform refuses plain admin token requests
 * and each provider has its own token route; what the second factor is differs per provider, and the
 * ones that need a person (a code from a text message, an approval, a security key) take a callback
 * the SDK calls when it signs in (and again whenever the token is renewed).
 */

import type { AuthRuntime } from '../types.ts';

/** A value, or a function that produces a current one (codes expire: long-running apps pass a function). */
export type SecondFactorSource = string | (() => string | Promise<string>);

/** What the platform sends for a WebAuthn sign-in: pass `publicKey` to `navigator.credentials.get()`. */
export interface WebAuthnChallenge {
  /** The parsed credential request options (`challenge`, `allowCredentials`, `rpId`…), as the platform wrote them. */
  publicKey: Record<string, unknown>;
  /** The same options as the JSON text the platform sent. */
  json: string;
}

export interface GoogleTwoFactor {
  provider: 'google';
  /** The 6-digit code from the authenticator app. */
  otp: SecondFactorSource;
}

export interface AuthyTwoFactor {
  provider: 'authy';
  /**
   * `'app'` (default): a code from the Authy app. `'sms'` / `'call'`: the SDK asks the platform to send
   * a code first, then calls `otp`. `'onetouch'`: the SDK asks for a push approval, calls `approved`
   * (resolve it once the person has approved on their phone), then collects the token.
   */
  via?: 'app' | 'sms' | 'call' | 'onetouch';
  otp?: SecondFactorSource;
  approved?: () => void | Promise<void>;
}

export interface DuoTwoFactor {
  provider: 'duo_security';
  /** A Duo passcode (from the Duo app, a text message or a hardware token). */
  passcode: SecondFactorSource;
}

export interface WebAuthnTwoFactor {
  provider: 'u2fkey';
  /**
   * Signs the platform's challenge with a security key and returns the assertion: the
   * PublicKeyCredential as JSON text or as an object (serialized for you). In a browser:
   * `(c) => navigator.credentials.get({ publicKey: decode(c.publicKey) }).then(toJSON)`.
   */
  assert: (challenge: WebAuthnChallenge) => string | Record<string, unknown> | Promise<string | Record<string, unknown>>;
}

/** A provider described as data: what the `adminToken` of `@magekit/commerce` takes besides a provider value. */
export type TwoFactor = GoogleTwoFactor | AuthyTwoFactor | DuoTwoFactor | WebAuthnTwoFactor;
export type TwoFactorProvider = TwoFactor['provider'];

/** A provider with its sign-in exchange: `authyTwoFactor({...})` and the others (tfa/providers.ts). */
export interface SecondFactor {
  readonly provider: TwoFactorProvider;
  /** One admin sign-in through the provider's routes; returns what its token route answered. */
  signIn(runtime: AuthRuntime, username: string, password: string): Promise<unknown>;
}

/** The token routes of each provider (as in the 2.4.9 reference). */
export const TFA_PATHS = {
  google: '/V1/tfa/provider/google/authenticate',
  authy: '/V1/tfa/provider/authy/authenticate',
  authySendToken: '/V1/tfa/provider/authy/send-token/',
  authyOneTouch: '/V1/tfa/provider/authy/authenticate-onetouch',
  duo: '/V1/tfa/provider/duo_security/authenticate',
  webAuthnChallenge: '/V1/tfa/provider/u2fkey/authentication-challenge',
  webAuthnVerify: '/V1/tfa/provider/u2fkey/verify',
} as const;
