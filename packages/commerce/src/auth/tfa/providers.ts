/**
 * Two-factor providers for admin sign-in, each a value that carries its own exchange with the
 * platform: `adminToken({ username, password, twoFactor: authyTwoFactor({ via: 'sms', otp }) })`. An
 * app ships the exchange of the providers it names and no other. Options are checked when the provider
 * is made, so mistakes fail at start-up; the callbacks run at each sign-in, renewals included.
 */
import { isCommerceError } from '../../platform/errors.ts';
import { ConfigurationError } from '@magekit/core';
import { configurationError } from '../config.ts';
import type { AuthRuntime } from '../types.ts';
import { TFA_PATHS, type AuthyTwoFactor, type DuoTwoFactor, type GoogleTwoFactor, type SecondFactor, type SecondFactorSource, type WebAuthnChallenge, type WebAuthnTwoFactor } from './types.ts';

/**
 * Where an option's message starts: `authyTwoFactor(): ` for a provider value, `adminToken(): twoFactor.`
 * for a description given to the main entry's adminToken.
 */
export type OptionPrefix = string;

const AUTHY_VIA = ['app', 'sms', 'call', 'onetouch'];

const fail = (at: OptionPrefix, message: string) => new ConfigurationError(`${at}${message}`, { service: 'commerce' });

/** The options as a record (anything else has none, so the first check names what is missing). */
const optionsOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** A code option: a non-blank string, or a function that returns a current one. */
function checkSource(options: Record<string, unknown>, name: string, at: OptionPrefix): void {
  const value = options[name];
  if (typeof value !== 'function' && (typeof value !== 'string' || !value.trim())) {
    throw fail(at, `${name} must be a code or a function that returns a current one, got ${value === undefined ? 'nothing' : typeof value === 'string' ? 'an empty string' : `a ${typeof value}`}.`);
  }
}

// Second factors are deliberately not registered for redaction: they are short, expire in seconds, and
// masking them would hide every matching number in later error messages.
export async function currentCode(source: SecondFactorSource | undefined, name: string): Promise<string> {
  const value = typeof source === 'function' ? await source() : source;
  if (typeof value !== 'string' || !value.trim()) {
    throw configurationError('adminToken()', `the ${name} function returned ${typeof value === 'string' ? 'an empty string' : `a ${typeof value}`} instead of a code.`);
  }
  return value.trim();
}

const post = (runtime: AuthRuntime, path: string, body: Record<string, unknown>) => runtime.callAnonymous<unknown>('POST', path, body);

export function makeGoogle(options: Omit<GoogleTwoFactor, 'provider'>, at: OptionPrefix): SecondFactor {
  checkSource(optionsOf(options), 'otp', at);
  return {
    provider: 'google',
    signIn: async (runtime, username, password) => post(runtime, TFA_PATHS.google, { username, password, otp: await currentCode(options.otp, 'otp') }),
  };
}

export function makeDuo(options: Omit<DuoTwoFactor, 'provider'>, at: OptionPrefix): SecondFactor {
  checkSource(optionsOf(options), 'passcode', at);
  return {
    provider: 'duo_security',
    signIn: async (runtime, username, password) => post(runtime, TFA_PATHS.duo, { username, password, passcode: await currentCode(options.passcode, 'passcode') }),
  };
}

export function makeAuthy(options: Omit<AuthyTwoFactor, 'provider'>, at: OptionPrefix): SecondFactor {
  const checked = optionsOf(options);
  const via = checked['via'] ?? 'app';
  if (typeof via !== 'string' || !AUTHY_VIA.includes(via)) throw fail(at, `via must be one of ${AUTHY_VIA.join(', ')}, got ${JSON.stringify(via)}.`);
  if (via !== 'onetouch') checkSource(checked, 'otp', at);
  else if (checked['approved'] !== undefined && typeof checked['approved'] !== 'function') throw fail(at, 'approved must be a function that resolves once the push was approved.');
  return {
    provider: 'authy',
    async signIn(runtime, username, password) {
      // send-token answers 200 with no body (a void operation); the anonymous call expects JSON.
      const sendToken = (channel: string) =>
        post(runtime, `${TFA_PATHS.authySendToken}${channel}`, { username, password }).catch((error: unknown) => {
          if (isCommerceError(error) && error.kind === 'response' && (error as { status?: number }).status === 200 && !(error as { raw?: string }).raw?.trim()) return undefined;
          throw error;
        });
      if (via === 'onetouch') {
        await sendToken('onetouch');
        await options.approved?.();
        return post(runtime, TFA_PATHS.authyOneTouch, { username, password });
      }
      if (via !== 'app') await sendToken(via);
      return post(runtime, TFA_PATHS.authy, { username, password, otp: await currentCode(options.otp, 'otp') });
    },
  };
}

export function makeWebAuthn(options: Omit<WebAuthnTwoFactor, 'provider'>, at: OptionPrefix): SecondFactor {
  if (typeof optionsOf(options)['assert'] !== 'function') throw fail(at, "assert must be a function that signs the platform's WebAuthn challenge with a security key.");
  return {
    provider: 'u2fkey',
    async signIn(runtime, username, password) {
      const challenge = readChallenge(await post(runtime, TFA_PATHS.webAuthnChallenge, { username, password }));
      const assertion = await options.assert(challenge);
      const publicKeyCredentialJson = typeof assertion === 'string' ? assertion : JSON.stringify(assertion);
      if (!publicKeyCredentialJson || publicKeyCredentialJson === '{}') throw configurationError('adminToken()', 'twoFactor.assert returned an empty assertion.');
      return post(runtime, TFA_PATHS.webAuthnVerify, { username, password, publicKeyCredentialJson });
    },
  };
}

function readChallenge(body: unknown): WebAuthnChallenge {
  const json = body && typeof body === 'object' ? (body as Record<string, unknown>)['credential_request_options_json'] : undefined;
  if (typeof json === 'string') {
    try {
      const parsed: unknown = JSON.parse(json);
      if (parsed && typeof parsed === 'object') {
        const publicKey = (parsed as Record<string, unknown>)['publicKey'];
        return { publicKey: (publicKey && typeof publicKey === 'object' ? publicKey : parsed) as Record<string, unknown>, json };
      }
    } catch {
      // fall through to the error below
    }
  }
  throw configurationError('adminToken()', `POST ${TFA_PATHS.webAuthnChallenge} answered without readable credential request options, so no security key can be asked to sign.`);
}

/** Google Authenticator: `googleTwoFactor({ otp })`, the 6-digit code (or a function returning a current one). Same as adminToken's `otp`. */
export const googleTwoFactor = (options: Omit<GoogleTwoFactor, 'provider'>): SecondFactor => makeGoogle(options, 'googleTwoFactor(): ');
/** Authy: `authyTwoFactor({ via: 'sms', otp })`; `via` `'app'` (default), `'sms'`, `'call'` or `'onetouch'` (with `approved`). */
export const authyTwoFactor = (options: Omit<AuthyTwoFactor, 'provider'>): SecondFactor => makeAuthy(options, 'authyTwoFactor(): ');
/** Duo Security: `duoTwoFactor({ passcode })`. */
export const duoTwoFactor = (options: Omit<DuoTwoFactor, 'provider'>): SecondFactor => makeDuo(options, 'duoTwoFactor(): ');
/** A security key (the platform's `u2fkey` provider, WebAuthn): `webAuthnTwoFactor({ assert })`. */
export const webAuthnTwoFactor = (options: Omit<WebAuthnTwoFactor, 'provider'>): SecondFactor => makeWebAuthn(options, 'webAuthnTwoFactor(): ');
