export { none, type AuthRuntime, type AuthStrategy } from './types.ts';
export { adminToken, type AdminTokenOptions, type OtpSource } from './admin-token.ts';
export type { AuthyTwoFactor, DuoTwoFactor, GoogleTwoFactor, SecondFactorSource, TwoFactor, TwoFactorProvider, WebAuthnChallenge, WebAuthnTwoFactor } from './tfa/index.ts';
export { customerToken, type CustomerTokenOptions } from './customer-token.ts';
export { integration, type IntegrationOptions } from './integration.ts';
export { bearer } from './bearer.ts';
export { ims, DEFAULT_IMS_SCOPES, DEFAULT_IMS_TOKEN_URL, type ImsOptions } from './ims.ts';
export { signRequest, type OAuthCredentials } from './oauth/sign-request.ts';
export { signatureBaseString } from './oauth/base-string.ts';
