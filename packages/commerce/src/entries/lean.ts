// `@magekit/commerce/lean`: a client that costs transport + auth + request(), with the auth
// strategies and error classes it needs. Everything else is its own import.
export { createLeanClient } from '../lean-client.ts';
export { addRoutes, methodsOf, type LeanClient, type LeanClientOptions, type RouteModule } from '../bare-client.ts';
export type { CallOptions, CommerceClientOptions } from '../runtime.ts';
export type { RouteArgs, RouteInput, RouteKey, RouteMethod, RouteOutput, Routes } from '../methods.ts';
export { none, adminToken, customerToken, integration, bearer, ims, DEFAULT_IMS_SCOPES, DEFAULT_IMS_TOKEN_URL, type ImsOptions, type AuthStrategy, type AdminTokenOptions, type CustomerTokenOptions, type IntegrationOptions, type OtpSource } from '../auth/index.ts';
export { AbortError, AuthError, ConfigurationError, HttpError, InputError, MagekitError, NetworkError, PermissionError, RedirectError, ResponseError, TimeoutError, isCommerceError, type ErrorKind, type Fate } from '../errors.ts';
