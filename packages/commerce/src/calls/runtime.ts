/**
 * The runtime every commerce client is built on (the full `createCommerceClient` and the lean
 * `createLeanClient`): URLs, input checks, auth and the core transport. It holds no route table:
 * each client passes the lookup for the routes it knows, so a lean app ships only its modules.
 */
import {
  ConfigurationError,
  createRuntime as createCoreRuntime,
  fillPath,
  validateBaseUrl,
  type HttpMethod,
  type ResponseKind,
  type Redactor,
  type Runtime,
  type ClientTransportOptions,
  bindRuntime as bindClientRuntime,
  findRuntime,
} from '@magekit/core';
import { none, type AuthStrategy, type Authorizer } from '../auth/types.ts';
import { assertNoRouteConflict } from '../platform/conflicts.ts';
import { assertCloudServiceAuth, assertCloudServiceRoute, isCloudServiceHost } from '../platform/cloud-service.ts';
import { assertRouteOnPlatform, parsePlatformVersion, type PlatformRelease } from '../platform/version.ts';
import { commerceHttpError } from '../platform/errors.ts';
import { wireResult } from '../platform/wire-result.ts';
import { buildQuery } from '../query/query.ts';
import type { EncodedParameter, QueryEncoder } from '../query/encoders.ts';
import { splitInput, type RouteInfo } from '../routes/info.ts';
import type { ClientRoutes, RouteModule } from '../routes/module.ts';
import { checkStoreCode } from '../platform/store-code.ts';
import type { CallOptions } from '../platform/call-options.ts';
import type { LeanClient } from './bare.ts';

export interface CommerceClientOptions extends ClientTransportOptions {
  /** The installation's address, e.g. https://shop.example.com. The SDK adds /rest/{store}/V1. */
  baseUrl: string | URL;
  /** Default store view code for every call; omitted from URLs when not set. `all` where the platform allows it. */
  storeCode?: string | undefined;
  /** adminToken(...), customerToken(...), integration(...), bearer(...), or none() (the default). */
  auth?: AuthStrategy | undefined;
  /**
   * Route modules the client may call besides its own: for an installation's routes, the module
   * `magekit-commerce types pull` writes; for a lean client, the built-in modules it uses
   * (`[productsRoutes, ordersRoutes]` from `@magekit/commerce/modules`). `addRoutes(client, module)` adds one later.
   */
  routes?: readonly RouteModule[] | undefined;
  /**
   * Adobe Commerce as a Cloud Service: no `/rest/{store}` in URLs (the store goes in a `Store`
   * header) and no guest or customer routes. Default: on with ims() auth or a *.api.commerce.adobe.com base URL.
   */
  cloudService?: boolean | undefined;
  /**
   * The self-hosted installation's release, e.g. `'2.4.6'` (or `'2.4.7-p3'`): calls to routes that
   * release lacks (added later, or removed) are refused before sending, naming the release that added
   * or removed them. Default: no release check (every 2.4.6–2.4.9 route is sent). Not for the cloud service.
   */
  platformVersion?: string | undefined;
  /**
   * Allow plain http:// to a host other than loopback, for a local installation on a custom host
   * name. Passwords and tokens then travel unencrypted. Default false.
   */
  allowInsecure?: boolean | undefined;
  /**
   * The most elements a bulk request may carry (the chunk size ceiling). Default 5000, the platform's
   * default async array limit (`InputArraySizeLimitValue::DEFAULT_ASYNC_INPUT_ARRAY_SIZE_LIMIT`);
   * set it to the installation's `webapi/async/default_input_array_size_limit` if that is lower.
   */
  asyncArrayLimit?: number | undefined;
}

export type { CallOptions };

/** Anything that carries the client runtime: a CommerceClient, a LeanClient, or the runtime itself. */
export type RuntimeHolder = CommerceRuntime | { readonly runtime: CommerceRuntime } | LeanClient;

export type Variant = 'sync' | 'async' | 'bulk';

interface RawCall {
  method: HttpMethod;
  /** `/V1/...`, path parameters already encoded. */
  path: string;
  query?: Record<string, unknown> | undefined;
  json?: unknown;
  variant: Variant;
  options?: CallOptions | undefined;
  expect?: ResponseKind | undefined;
  anonymous?: boolean | undefined;
  /** A token route: its answer is a credential (SendRequest.issuesCredential). */
  issuesCredential?: boolean | undefined;
  /** The route's x-idempotent. Default: true for GET, false otherwise. Async and bulk are never repeated. */
  idempotent?: boolean | undefined;
  /** What to tell the user when the call may or may not have reached the server (queued writes say how to find out). */
  unknownOutcomeHint?: string | undefined;
}

/** What the feature modules (async, paginate, auth, schema) get from a client. */
export interface CommerceRuntime {
  readonly baseUrl: string;
  readonly storeCode: string | undefined;
  /** Talking to Adobe Commerce as a Cloud Service (see CommerceClientOptions.cloudService). */
  readonly cloudService: boolean;
  /** The release the client was told (CommerceClientOptions.platformVersion). */
  readonly platformVersion: string | undefined;
  /** CommerceClientOptions.asyncArrayLimit as given (checked where bulk calls use it). */
  readonly asyncArrayLimit: unknown;
  /** Throws when the route cannot be called on this client (a route the cloud service, or this self-hosted release, lacks). */
  checkRoute(route: RouteInfo): void;
  sendRaw<T>(call: RawCall): Promise<T>;
  /** Splits and checks a route's flat input, returning the encoded path, query and body. */
  prepare(route: RouteInfo, input: Record<string, unknown> | undefined, options: CallOptions | undefined): PreparedCall<Record<string, unknown> | undefined>;
  /** The second half of prepare(), for input already split (fetch): fills the path, encodes `fields` and `searchCriteria` (ConfigurationError without their encoder). */
  encode<B>(route: RouteInfo, parts: { pathValues: Record<string, unknown>; query: Record<string, unknown>; body: B }): PreparedCall<B>;
  call<T>(route: RouteInfo, input: Record<string, unknown> | undefined, options: CallOptions | undefined): Promise<T>;
  readonly authorizer: Authorizer;
  /** This client's secrets (what its strategy and token routes handled); the CLI filters its output through it. */
  readonly redactor: Redactor;
  /** The route behind "METHOD /path" among the routes this client knows; an InputError saying what to add otherwise. */
  route(key: unknown): RouteInfo;
  /** The client's route index: its modules, and those added later. */
  readonly routes: ClientRoutes;
  /** Makes `fields` or `searchCriteria` usable in prepare() (a helper that ships an encoder gives it to the client). */
  useQueryEncoders(...encoders: readonly QueryEncoder[]): void;
}

interface PreparedCall<B> {
  path: string;
  query: Record<string, unknown>;
  body: B;
}

/** What a client gives its runtime besides the options: its routes and its query encoders. */
export interface RuntimeParts {
  routes: ClientRoutes;
  /** The `fields` and `searchCriteria` encoders: what encodes each, or what refuses it (a lean client not given it). */
  encoders: readonly QueryEncoder[];
}

/** Ties a client object to its runtime, so helpers imported on their own can take the client. */
export const bindRuntime = <C extends object>(client: C, runtime: CommerceRuntime): C => bindClientRuntime(client, runtime);

/** The runtime behind a client (full or lean); a runtime passed directly is returned as is. */
export function runtimeOf(source: object): CommerceRuntime {
  const runtime = findRuntime(source, isRuntime);
  if (!runtime) throw new ConfigurationError('Expected a client from createCommerceClient() or createLeanClient().', { service: 'commerce' });
  return runtime;
}

function isRuntime(value: object): value is CommerceRuntime {
  return typeof (value as Partial<CommerceRuntime>).sendRaw === 'function' && typeof (value as Partial<CommerceRuntime>).prepare === 'function';
}

const VARIANT_PREFIX: Record<Variant, string> = { sync: '', async: '/async', bulk: '/async/bulk' };

export function createCommerceRuntime(options: CommerceClientOptions, parts: RuntimeParts): CommerceRuntime {
  if (!options || typeof options !== 'object') {
    throw new ConfigurationError('The client needs an options object: { baseUrl: "https://shop.example.com", auth: adminToken({...}) }.', { service: 'commerce' });
  }
  const baseUrl = validateBaseUrl(options.baseUrl, { service: 'commerce', option: 'baseUrl', example: 'https://shop.example.com', httpsOnly: options.allowInsecure !== true, insecureOption: 'allowInsecure' });
  const defaultStore = options.storeCode === undefined ? undefined : checkStoreCode(options.storeCode, 'option');
  const auth = options.auth ?? none();
  if (!auth || typeof auth.bind !== 'function') {
    throw new ConfigurationError('auth must come from adminToken(), customerToken(), integration(), bearer() or none().', { service: 'commerce' });
  }
  const cloudService = options.cloudService ?? (auth.kind === 'ims' || isCloudServiceHost(baseUrl));
  if (cloudService) assertCloudServiceAuth(auth.kind);
  const release = platformRelease(options.platformVersion, cloudService);
  // The client options extend ClientTransportOptions: the runtime reads its own fields from them.
  const core: Runtime = createCoreRuntime({ ...options, service: 'commerce', httpError: commerceHttpError });
  const encoders = new Map<EncodedParameter, QueryEncoder>();

  // Both are always there: a lean client fills in the ones it was not given with a refusal (lean-client.ts).
  const encoded = (name: EncodedParameter, value: unknown, route: RouteInfo): unknown => encoders.get(name)!.encode(value, route);

  function urlFor(call: RawCall): string {
    const store = storeFor(call);
    const query = call.query ? buildQuery(call.query) : '';
    // The cloud service has no /rest/{store}: the store view travels in the Store header (sendRaw),
    // and async/bulk follow the version (/V1/async/bulk/...; cloud-service.ts).
    if (cloudService) return `${baseUrl}${call.path.replace(/^\/V\d+/, `$&${VARIANT_PREFIX[call.variant]}`)}${query}`;
    return `${baseUrl}/rest${store ? `/${store}` : ''}${VARIANT_PREFIX[call.variant]}${call.path}${query}`;
  }

  function storeFor(call: RawCall): string | undefined {
    return call.options?.storeCode !== undefined ? checkStoreCode(call.options.storeCode, 'call') : defaultStore;
  }

  async function sendRaw<T>(call: RawCall): Promise<T> {
    const url = urlFor(call);
    const o = call.options ?? {};
    // The cloud service takes the store view from a header, not the path. Async calls must send one
    // (asynchronous-web-endpoints.md, "Store scopes"): without a store code, `default`, the store view
    // a self-hosted URL without a code addresses.
    const store = cloudService ? (storeFor(call) ?? (call.variant === 'sync' ? undefined : 'default')) : undefined;
    const headers = store === undefined ? o.headers : { ...o.headers, store };
    const queued = call.variant !== 'sync';
    // Async and bulk submissions are never repeated once they may have reached the server: the
    // queue would run the work twice, and only the second UUID would be known.
    const idempotent = queued ? false : (o.idempotent ?? call.idempotent ?? call.method === 'GET');
    if (call.anonymous) protectTokenRequest(call.json, core.redactor);
    const result = await core.send<T>({
      method: call.method,
      url,
      json: call.json,
      headers,
      signal: o.signal,
      timeout: o.timeout,
      totalTimeout: o.totalTimeout,
      retry: queued ? limitToUnsent(o.retry) : o.retry,
      idempotent,
      unknownOutcomeHint: call.unknownOutcomeHint,
      expect: call.expect ?? 'json',
      anonymous: call.anonymous,
      issuesCredential: call.issuesCredential,
    });
    return result.data;
  }

  const runtime: CommerceRuntime = {
    baseUrl,
    storeCode: defaultStore,
    cloudService,
    platformVersion: release?.label,
    asyncArrayLimit: options.asyncArrayLimit,
    checkRoute(route) {
      if (cloudService) assertCloudServiceRoute(route);
      else assertRouteOnPlatform(route, release);
    },
    sendRaw,
    route: (key) => parts.routes.route(key),
    routes: parts.routes,
    useQueryEncoders(...given) {
      for (const encoder of given) encoders.set(encoder.parameter, encoder);
    },
    prepare(route, input, callOptions) {
      runtime.checkRoute(route);
      const split = splitInput(route, input);
      if (!callOptions?.allowIdMismatch) assertNoRouteConflict(route, split.pathValues, split.body);
      return runtime.encode(route, split);
    },
    encode(route, { pathValues, query: given, body }) {
      const query = { ...given };
      const path = fillPath(route.path, pathValues, 'commerce', route.key);
      if (query['fields'] !== undefined) query['fields'] = encoded('fields', query['fields'], route);
      // Search routes refuse a request without searchCriteria ("searchCriteria" is required); an
      // empty `searchCriteria=` is the platform's form for "everything" (the encoder gives it too).
      if (query['searchCriteria'] !== undefined) query['searchCriteria'] = encoded('searchCriteria', query['searchCriteria'], route);
      else if (route.takesSearchCriteria) query['searchCriteria'] = '';
      return { path, query, body };
    },
    async call(route, input, callOptions) {
      // async, so bad input rejects the returned promise instead of throwing synchronously
      const { path, query, body } = runtime.prepare(route, input, callOptions);
      const json = route.method === 'GET' ? undefined : (body ?? {});
      const data = await sendRaw({ method: route.method, path, query, json, variant: 'sync', options: callOptions, expect: route.voidResponse ? 'json-or-void' : 'json', idempotent: route.idempotent });
      return wireResult(route, data) as never;
    },
    get authorizer() {
      return authorizer;
    },
    redactor: core.redactor,
  };

  runtime.useQueryEncoders(...parts.encoders);
  const authorizer: Authorizer = auth.bind({
    // Token requests are POSTs with a password: never repeated (six refusals lock the account).
    callAnonymous: (method, path, body, signal) =>
      sendRaw({ method, path, json: body, variant: 'sync', anonymous: true, issuesCredential: true, options: { signal, retry: method === 'GET' ? undefined : false }, expect: 'json' }),
    // With a credential the strategy supplies itself (revoking the customer token it holds).
    callAuthorized: (method, path, body, authorization, signal) =>
      sendRaw({ method, path, json: body, variant: 'sync', anonymous: true, options: { signal, headers: { authorization }, retry: false }, expect: 'json' }),
    now: () => Date.now(),
    fetch: options.fetch,
    protect: (secret) => core.redactor.add(secret),
  });
  // The strategy is the credential: the core runtime asks it directly (no credentials: nothing to add).
  if (auth.kind !== 'none') core.useCredential(authorizer);
  return runtime;
}

/** The platformVersion option, checked: a self-hosted release (the cloud service has none). */
function platformRelease(value: unknown, cloudService: boolean): PlatformRelease | undefined {
  if (value === undefined) return undefined;
  if (cloudService) throw new ConfigurationError('platformVersion is for self-hosted installations, not the cloud service.', { service: 'commerce' });
  return parsePlatformVersion(value);
}

/** Anonymous calls with a body are the token routes: their secret-named fields are this client's secrets. */
function protectTokenRequest(body: unknown, redactor: Redactor): void {
  if (body && typeof body === 'object') for (const [key, item] of Object.entries(body)) if (typeof item === 'string' && /^(password|pass|secret|token)$/i.test(key)) redactor.add(item);
}

/** For a queued write: retries stay possible for connections refused before sending, never after. */
function limitToUnsent(retry: CallOptions['retry']): CallOptions['retry'] {
  if (retry === undefined || retry === false || typeof retry === 'number') return retry;
  const { methods: _ignored, ...rest } = retry;
  return rest;
}
