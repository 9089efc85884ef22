// @magekit/core's main entry: every export by name (docs/design.md: entry points never `export *`),
// so what both packages build on is listed in one place and knip can tell an unused one.
export { AbortError, AuthError, ConfigurationError, HttpError, InputError, isMagekitError, MagekitError, NetworkError, ResponseError, TimeoutError, type ErrorDetail, type HttpErrorOptions, type MagekitErrorOptions } from './errors.ts';
/** @public Re-exported by name from both packages' entries (their public error classes). */
export { PermissionError, RedirectError, type ErrorKind, type Fate } from './errors.ts';
export { createRedactor, redactText, redactValue, type Redactor } from './redact.ts';
export { encodePathSegment, fillPath, hasLoneSurrogate, isLoopbackHost, templateParams, validateBaseUrl } from './url.ts';
/** @public Re-exported by name from both packages' entries (transport hooks and retry policy). */
export type { RequestEvent, ResponseEvent, RetryEvent, RetryPolicy, TransportHooks } from './transport.ts';
export { createTransport, parseRetryAfter, type CallTransportOptions, type ClientTransportOptions, type ErrorContext, type HttpMethod, type ResponseKind, type SendResult, type Transport } from './transport.ts';
export { checkPositive, createRuntime, type Runtime } from './runtime.ts';
export { createWakeableDelay } from './sleep.ts';
export { createTokenCache, type IssuedToken, type TokenCache } from './single-flight.ts';
export { parseRouteRow, type BaseRouteInfo, type RouteRow } from './route-row.ts';
export { createRouteIndex, splitInput, type RouteIndex, type SplitInput } from './routes.ts';
export { createFakeStats, type FakeStats } from './fake-stats.ts';
export { createPaginator, type CollectOptions, type Paginator } from './paginate.ts';
export { bindRuntime, findRuntime } from './runtime-registry.ts';
export { bodyTextOr, httpErrorFields } from './http-error-fields.ts';
