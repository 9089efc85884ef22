/**
 * Admin tokens: `POST /V1/integration/admin/token`, or, with two-factor authentication on (the
 * platform's default since 2.4.0), the Google Authenticator provider route with a one-time code.
 */
import { AuthError, type HttpError } from '@magekit/core';
import { isCommerceError } from '../errors.ts';
import { configurationError, optionalDuration, requireSecret, requireText } from './config.ts';
import { checkTwoFactor } from './tfa/config.ts';
import type { TwoFactor } from './tfa/types.ts';
import { createTokenAuthorizer } from './token-authorizer.ts';
import type { AuthRuntime, AuthStrategy } from './types.ts';

export type OtpSource = string | (() => string | Promise<string>);

export interface AdminTokenOptions {
  username: string;
  password: string;
  /**
   * A one-time code for two-factor authentication, or a function that returns a current one (a
   * static code is valid for about 30 s, so long-running apps should pass a function). When set,
   * tokens come from `POST /V1/tfa/provider/google/authenticate`.
   */
  otp?: OtpSource | undefined;
  /**
   * Any two-factor provider: `{ provider: 'google', otp }`, `{ provider: 'authy', via, otp | approved }`,
   * `{ provider: 'duo_security', passcode }`, `{ provider: 'u2fkey', assert }` (WebAuthn). Callbacks run
   * at each sign-in, renewals included. `otp` alone is short for `{ provider: 'google', otp }`.
   */
  twoFactor?: TwoFactor | undefined;
  /** How long a token lives. Default 4 h, the platform's default. */
  tokenTtlMs?: number | undefined;
  /** Renew this long before expiry. Default 60 s. */
  renewBeforeMs?: number | undefined;
}

const ADMIN_TOKEN_PATH = '/V1/integration/admin/token';
const GOOGLE_TFA_PATH = '/V1/tfa/provider/google/authenticate';
const ADMIN_TTL_MS = 4 * 3600_000;
const DEFAULT_RENEW_BEFORE_MS = 60_000;

const TWO_FACTOR_REFUSAL = /2fa provider-specific endpoints/i;
const OTP_HINT = `Two-factor authentication is on for this installation: pass otp (a code, or a function returning a current code) to adminToken(), or twoFactor for another provider (authy, duo_security, u2fkey); the SDK then signs in through the provider's route (POST ${GOOGLE_TFA_PATH} for Google).`;

export function adminToken(options: AdminTokenOptions): AuthStrategy {
  const factory = 'adminToken()';
  if (!options || typeof options !== 'object') throw configurationError(factory, 'needs { username, password }.');
  const username = requireText(options.username, factory, 'username');
  const password = requireSecret(options.password, factory, 'password');
  const otp = options.otp;
  if (otp !== undefined && typeof otp !== 'function') requireText(otp, factory, 'otp');
  if (otp !== undefined && options.twoFactor !== undefined) throw configurationError(factory, 'give otp or twoFactor, not both (otp is short for twoFactor: { provider: \'google\', otp }).');
  const twoFactor = options.twoFactor === undefined ? undefined : checkTwoFactor(options.twoFactor, factory);
  const ttlMs = optionalDuration(options.tokenTtlMs, factory, 'tokenTtlMs', ADMIN_TTL_MS);
  const renewBeforeMs = optionalDuration(options.renewBeforeMs, factory, 'renewBeforeMs', Math.min(DEFAULT_RENEW_BEFORE_MS, ttlMs / 10), { allowZero: true });
  if (renewBeforeMs >= ttlMs) throw configurationError(factory, `renewBeforeMs (${renewBeforeMs}) must be shorter than tokenTtlMs (${ttlMs}).`);

  return {
    kind: 'admin',
    bind(runtime: AuthRuntime) {
      runtime.protect?.(password);
      return createTokenAuthorizer({
        runtime,
        label: 'admin',
        ttlMs,
        renewBeforeMs,
        requestToken: async () => {
          if (twoFactor !== undefined) {
            // Loaded only by apps that sign in with a second-factor provider.
            const { signInWithSecondFactor } = await import('./tfa/sign-in.ts');
            return signInWithSecondFactor(runtime, twoFactor, username, password, factory);
          }
          if (otp !== undefined) {
            return runtime.callAnonymous<unknown>('POST', GOOGLE_TFA_PATH, { username, password, otp: await currentOtp(otp, factory) });
          }
          try {
            return await runtime.callAnonymous<unknown>('POST', ADMIN_TOKEN_PATH, { username, password });
          } catch (error) {
            throw isTwoFactorRefusal(error) ? needsOtp(error) : error;
          }
        },
      });
    },
  };
}

// One-time codes are deliberately not registered for redaction: they are six digits, expire in
// seconds, and registering them would mask every matching number in later error messages.
async function currentOtp(source: OtpSource, factory: string): Promise<string> {
  const value = typeof source === 'function' ? await source() : source;
  if (typeof value !== 'string' || !value.trim()) throw configurationError(factory, `the otp function returned ${typeof value === 'string' ? 'an empty string' : `a ${typeof value}`} instead of a code.`);
  return value.trim();
}

function isTwoFactorRefusal(error: unknown): error is HttpError {
  if (!isCommerceError(error) || (error.kind !== 'auth' && error.kind !== 'http')) return false;
  const { template } = error as HttpError;
  return TWO_FACTOR_REFUSAL.test(template ?? error.message);
}

/** The platform's refusal, re-issued with the hint that matters (an otp) instead of the lockout one. */
function needsOtp(error: HttpError): AuthError {
  return new AuthError(`${error.method ?? 'POST'} ${error.url ?? ADMIN_TOKEN_PATH} was refused: two-factor authentication is required. ${OTP_HINT}`, {
    service: 'commerce',
    status: error.status,
    method: error.method ?? 'POST',
    url: error.url ?? ADMIN_TOKEN_PATH,
    hint: OTP_HINT,
    cause: error,
    body: error.body,
    ...(error.template === undefined ? {} : { template: error.template }),
  });
}
