export type { AuthyTwoFactor, DuoTwoFactor, GoogleTwoFactor, SecondFactor, SecondFactorSource, TwoFactor, TwoFactorProvider, WebAuthnChallenge, WebAuthnTwoFactor } from './types.ts';
export { authyTwoFactor, duoTwoFactor, googleTwoFactor, webAuthnTwoFactor } from './providers.ts';
