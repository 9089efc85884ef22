// `@magekit/commerce/lean`: a client that costs transport + auth + request(), with the auth
// strategies and error classes it needs. Everything else is its own import.
export { createLeanClient } from '../calls/lean.ts';
export { addRoutes, methodsOf, type LeanClient, type LeanClientOptions, type RouteModule } from '../calls/bare.ts';
export type { CallOptions, CommerceClientOptions } from '../calls/runtime.ts';
export type { RouteArgs, RouteInput, RouteKey, RouteMethod, RouteOutput, Routes } from '../calls/methods.ts';
export { none, customerToken, integration, bearer, ims, DEFAULT_IMS_SCOPES, DEFAULT_IMS_TOKEN_URL, type ImsOptions, type AuthStrategy, type AdminTokenOptions, type CustomerTokenOptions, type IntegrationOptions, type OtpSource } from '../auth/index.ts';
// The adminToken whose twoFactor is a provider value: an app ships the exchange of the providers it imports.
export { adminToken } from '../auth/admin-token.ts';
export { authyTwoFactor, duoTwoFactor, googleTwoFactor, webAuthnTwoFactor, type SecondFactor, type SecondFactorSource, type WebAuthnChallenge } from '../auth/tfa/index.ts';
export { AbortError, AuthError, ConfigurationError, HttpError, InputError, MagekitError, NetworkError, PermissionError, RedirectError, ResponseError, TimeoutError, isCommerceError, type ErrorKind, type Fate } from '../platform/errors.ts';
