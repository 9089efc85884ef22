export type { AuthyTwoFactor, DuoTwoFactor, GoogleTwoFactor, SecondFactorSource, TwoFactor, TwoFactorProvider, WebAuthnChallenge, WebAuthnTwoFactor } from './types.ts';
