export { checkTwoFactor } from './config.ts';
export { signInWithSecondFactor } from './sign-in.ts';
export { TFA_PATHS, type AuthyTwoFactor, type DuoTwoFactor, type GoogleTwoFactor, type SecondFactorSource, type TwoFactor, type TwoFactorProvider, type WebAuthnChallenge, type WebAuthnTwoFactor } from './types.ts';
