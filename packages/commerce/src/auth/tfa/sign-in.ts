/**
 * One admin sign-in through a two-factor provider: the exchange each provider's routes expect, calling
 * the person-facing callback only where the provider needs one. Returns what the token route answered
 * (the token string; the caller checks its shape).
 */
import { isCommerceError } from '../../errors.ts';
import { configurationError } from '../config.ts';
import type { AuthRuntime } from '../types.ts';
import { TFA_PATHS, type SecondFactorSource, type TwoFactor, type WebAuthnChallenge } from './types.ts';

// Second factors are deliberately not registered for redaction: they are short, expire in seconds, and
// masking them would hide every matching number in later error messages.
async function current(source: SecondFactorSource | undefined, factory: string, name: string): Promise<string> {
  const value = typeof source === 'function' ? await source() : source;
  if (typeof value !== 'string' || !value.trim()) {
    throw configurationError(factory, `the ${name} function returned ${typeof value === 'string' ? 'an empty string' : `a ${typeof value}`} instead of a code.`);
  }
  return value.trim();
}

export async function signInWithSecondFactor(runtime: AuthRuntime, tfa: TwoFactor, username: string, password: string, factory: string): Promise<unknown> {
  const post = (path: string, body: Record<string, unknown>) => runtime.callAnonymous<unknown>('POST', path, body);
  // send-token answers 200 with no body (a void operation); the anonymous call expects JSON.
  const send = (path: string, body: Record<string, unknown>) =>
    post(path, body).catch((error: unknown) => {
      if (isCommerceError(error) && error.kind === 'response' && (error as { status?: number }).status === 200 && !(error as { raw?: string }).raw?.trim()) return undefined;
      throw error;
    });
  switch (tfa.provider) {
    case 'google':
      return post(TFA_PATHS.google, { username, password, otp: await current(tfa.otp, factory, 'otp') });
    case 'duo_security':
      return post(TFA_PATHS.duo, { username, password, passcode: await current(tfa.passcode, factory, 'passcode') });
    case 'authy': {
      const via = tfa.via ?? 'app';
      if (via === 'onetouch') {
        await send(`${TFA_PATHS.authySendToken}onetouch`, { username, password });
        await tfa.approved?.();
        return post(TFA_PATHS.authyOneTouch, { username, password });
      }
      if (via !== 'app') await send(`${TFA_PATHS.authySendToken}${via}`, { username, password });
      return post(TFA_PATHS.authy, { username, password, otp: await current(tfa.otp, factory, 'otp') });
    }
    case 'u2fkey': {
      const request = await post(TFA_PATHS.webAuthnChallenge, { username, password });
      const challenge = readChallenge(request, factory);
      const assertion = await tfa.assert(challenge);
      const publicKeyCredentialJson = typeof assertion === 'string' ? assertion : JSON.stringify(assertion);
      if (!publicKeyCredentialJson || publicKeyCredentialJson === '{}') throw configurationError(factory, 'twoFactor.assert returned an empty assertion.');
      return post(TFA_PATHS.webAuthnVerify, { username, password, publicKeyCredentialJson });
    }
  }
}

function readChallenge(body: unknown, factory: string): WebAuthnChallenge {
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
  throw configurationError(factory, `POST ${TFA_PATHS.webAuthnChallenge} answered without readable credential request options, so no security key can be asked to sign.`);
}
