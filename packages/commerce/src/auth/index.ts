export { none, type AuthRuntime, type AuthStrategy } from './types.ts';
// The adminToken that takes two-factor descriptions too; @magekit/commerce/lean exports admin-token.ts's own.
export { adminToken } from './tfa/descriptions.ts';
export type { AdminTokenOptions, OtpSource } from './admin-token.ts';
export { authyTwoFactor, duoTwoFactor, googleTwoFactor, webAuthnTwoFactor, type AuthyTwoFactor, type DuoTwoFactor, type GoogleTwoFactor, type SecondFactor, type SecondFactorSource, type TwoFactor, type TwoFactorProvider, type WebAuthnChallenge, type WebAuthnTwoFactor } from './tfa/index.ts';
export { customerToken, type CustomerTokenOptions } from './customer-token.ts';
export { integration, type IntegrationOptions } from './integration.ts';
export { bearer } from './bearer.ts';
export { ims, DEFAULT_IMS_SCOPES, DEFAULT_IMS_TOKEN_URL, type ImsOptions } from './ims.ts';
export { signRequest, type OAuthCredentials } from './oauth/sign-request.ts';
export { signatureBaseString } from './oauth/base-string.ts';
