export { checkTwoFactor } from './config.ts';
export { signInWithSecondFactor } from './sign-in.ts';
export type { AuthyTwoFactor, DuoTwoFactor, GoogleTwoFactor, SecondFactorSource, TwoFactor, TwoFactorProvider, WebAuthnChallenge, WebAuthnTwoFactor } from './types.ts';
