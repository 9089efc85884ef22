// @magekit/core: the machinery both packages share (bundled into each, never published on its own).
// Named exports only (docs/design.md): what the packages may use is listed here, one module a line.
export { MagekitError, ConfigurationError, InputError, TimeoutError, AbortError, NetworkError, ResponseError, HttpError, AuthError, PermissionError, isMagekitError, type MagekitErrorOptions, type ErrorDetail, type ErrorParameter, type ErrorParameters, type HttpErrorOptions } from './errors.ts';
export { MAX_ERROR_BODY_BYTES } from './bounded-body.ts';
export { redactText, redactValue, createRedactor, redactingSink, base64, type Redactor } from './redact.ts';
export { isLoopbackHost, validateBaseUrl, encodePathSegment, hasLoneSurrogate, templateParams, fillPath } from './url.ts';
export { bearerToken, whenReady, type Refusal, type Credential } from './credential.ts';
export type { HttpMethod, ErrorContext, ResponseKind, SendResult, ClientTransportOptions, CallTransportOptions } from './transport/options.ts';
export { createTransport, type Transport } from './transport/send.ts';
export { parseRetryAfter } from './transport/policy.ts';
export { createRuntime, checkPositive, type RuntimeOptions, type Runtime } from './runtime.ts';
export { createWakeableDelay } from './sleep.ts';
export { createTokenCache, type IssuedToken, type TokenCache } from './single-flight.ts';
export { parseRouteRow, type RouteRow, type BaseRouteInfo } from './route-row.ts';
export { createRouteIndex, buildMethodTree, splitInput, type RouteIndex, type SplitInput } from './routes.ts';
export { lazyList } from './lazy-list.ts';
export { createFakeStats, type FakeStats } from './fake-stats.ts';
export { createPaginator, type CollectOptions, type Paginator } from './paginate.ts';
export { bindRuntime, findRuntime } from './runtime-registry.ts';
export { httpErrorFields } from './http-error-fields.ts';
export { shapeOf, shapeOfText } from './shape.ts';
export { readIncomingText, IncomingBodyTooLarge, IncomingBodyTooSlow } from './incoming-body.ts';
// Used by the packages only to re-export them as their own public names (knip does not count a
// re-export from another workspace's entry as a use, hence the tag).
/** @public */
export { RedirectError, type ErrorKind, type Fate } from './errors.ts';
/** @public */
export type { RetryPolicy, RequestEvent, ResponseEvent, RetryEvent, TransportHooks } from './transport/options.ts';
