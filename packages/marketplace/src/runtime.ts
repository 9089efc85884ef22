/**
 * The runtime every public helper builds on: options checked once, the transport, the session
 * manager, and `call` which fills path parameters (mage_id from the session), authorizes each
 * attempt, and renews the session once when the service answers 401.
 */
import {
  ConfigurationError,
  createRuntime as createCoreRuntime,
  bindRuntime as bindClientRuntime,
  findRuntime,
  checkPositive,
  fillPath,
  base64,
  type HttpMethod,
  type ResponseKind,
  type Redactor,
  type Runtime,
  type SendResult,
  type CallTransportOptions,
  type ClientTransportOptions,
} from '@magekit/core';
import { API_PREFIX, resolveBaseUrl, type Environment } from './environments.ts';
import { marketplaceHttpError } from './errors.ts';
import { buildQuery } from './query.ts';
import { splitInput, type RouteInfo } from './route-table.ts';
import { createSessionManager, type SessionManager } from './session.ts';

export interface MarketplaceClientOptions extends ClientTransportOptions {
  /** Which service to talk to; keys and tokens work only in the environment that issued them. */
  environment: Environment;
  /** The application ID of an API access key. */
  appId: string;
  /** The application secret; never logged, never in an error. */
  appSecret: string;
  /** Overrides the environment's documented address (HTTPS only; plain http only to loopback, for fakes). */
  baseUrl?: string | URL | undefined;
  /** Session lifetime to request, in ms (sent as whole seconds, rounded up). The service may cap it. Default 2 hours. */
  sessionLifetimeMs?: number | undefined;
  /** @deprecated In seconds, unlike every other duration: use `sessionLifetimeMs`. Kept for one minor release. */
  sessionLifetime?: number | undefined;
}

export type CallOptions = CallTransportOptions;

interface RawCall {
  method: HttpMethod;
  /** Path below /rest/v1, parameters already encoded. */
  path: string;
  query?: Record<string, unknown> | undefined;
  json?: unknown;
  body?: BodyInit | undefined;
  options?: CallOptions | undefined;
  expect?: ResponseKind | undefined;
  /** The route's x-idempotent. Default: true for GET, false otherwise. */
  idempotent?: boolean | undefined;
}

export interface MarketplaceRuntime {
  readonly environment: Environment;
  /** The API origin, e.g. https://commercedeveloper-sandbox-api.adobe.com. */
  readonly baseUrl: string;
  readonly session: SessionManager;
  /** Sends an authorized request, renewing the session once on a 401; keeps the response headers. */
  send<T>(call: RawCall): Promise<SendResult<T>>;
  /** Splits a route's flat input, fills mage_id from the session, and encodes path and query. */
  prepare(route: RouteInfo, input: unknown): Promise<{ path: string; query: Record<string, unknown>; body: unknown }>;
  call<T>(route: RouteInfo, input: unknown, options: CallOptions | undefined): Promise<SendResult<T>>;
  /** Registers a secret of this client (a callback password) so no error of this client shows it. */
  protect(secret: string | undefined): void;
  /** This client's secrets (app secret, session tokens, callback passwords); the CLI filters its output through it. */
  readonly redactor: Redactor;
}

/** Ties a client object to its runtime, so the SDK's helpers and tests can take the client. */
export const bindRuntime = <C extends object>(client: C, runtime: MarketplaceRuntime): C => bindClientRuntime(client, runtime);

/** The runtime behind a client. Not in the public `MarketplaceClient` type: machinery we change freely. */
export function runtimeOf(source: object): MarketplaceRuntime {
  const runtime = findRuntime(source, (value): value is MarketplaceRuntime => typeof (value as Partial<MarketplaceRuntime>).send === 'function' && typeof (value as Partial<MarketplaceRuntime>).prepare === 'function');
  if (!runtime) throw new ConfigurationError('Expected a client from createMarketplaceClient().', { service: 'marketplace' });
  return runtime;
}

export function createMarketplaceRuntime(options: MarketplaceClientOptions): MarketplaceRuntime {
  if (!options || typeof options !== 'object') {
    throw new ConfigurationError('createMarketplaceClient needs an options object: { environment: "sandbox", appId, appSecret }.', { service: 'marketplace' });
  }
  const baseUrl = resolveBaseUrl(options.environment, options.baseUrl);
  checkPositive(options.sessionLifetime, 'sessionLifetime', 'marketplace');
  checkPositive(options.sessionLifetimeMs, 'sessionLifetimeMs', 'marketplace');
  if (options.sessionLifetime !== undefined && options.sessionLifetimeMs !== undefined) {
    throw new ConfigurationError('Give sessionLifetimeMs (milliseconds) or the deprecated sessionLifetime (seconds), not both.', { service: 'marketplace' });
  }
  const secret = typeof options.appSecret === 'string' ? options.appSecret : undefined;
  const basic = secret !== undefined && typeof options.appId === 'string' ? base64(`${options.appId}:${secret}`) : undefined;
  // The client options extend ClientTransportOptions: the runtime reads its own fields from them.
  const core: Runtime = createCoreRuntime({ ...options, service: 'marketplace', httpError: marketplaceHttpError, secrets: [secret, basic] });

  const session = createSessionManager({
    appId: options.appId,
    appSecret: options.appSecret,
    // The service takes seconds.
    expiresIn: options.sessionLifetimeMs !== undefined ? Math.ceil(options.sessionLifetimeMs / 1000) : (options.sessionLifetime ?? 7200),
    // A refused key must not be replayed: the token request is a POST, never repeated.
    requestToken: async (origin, authorization, json) =>
      (await core.send({ method: 'POST', url: `${origin}${API_PREFIX}/app/session/token`, json, headers: { authorization }, retry: false, idempotent: false, anonymous: true, issuesCredential: true })).data,
  });
  const origin = new URL(baseUrl).origin;
  // The session manager is the credential: the core runtime asks it directly.
  core.useCredential(session);

  async function send<T>(call: RawCall): Promise<SendResult<T>> {
    const url = `${baseUrl}${API_PREFIX}${call.path}${call.query ? buildQuery(call.query) : ''}`;
    const o = call.options ?? {};
    return core.send<T>({
      method: call.method,
      url,
      json: call.json,
      body: call.body,
      headers: o.headers,
      signal: o.signal,
      timeout: o.timeout,
      totalTimeout: o.totalTimeout,
      retry: o.retry,
      idempotent: o.idempotent ?? call.idempotent ?? call.method === 'GET',
      expect: call.expect ?? 'json',
    });
  }

  const runtime: MarketplaceRuntime = {
    environment: options.environment,
    baseUrl,
    session,
    send,
    protect: (value) => core.redactor.add(value),
    redactor: core.redactor,
    async prepare(route, input) {
      const { pathValues, query, body } = splitInput(route, input);
      if (route.pathParams.includes('mage_id') && pathValues['mage_id'] === undefined) pathValues['mage_id'] = await session.mageId(origin);
      return { path: fillPath(route.path, pathValues, 'marketplace', route.key), query, body };
    },
    async call(route, input, callOptions) {
      const { path, query, body } = await runtime.prepare(route, input);
      const json = route.method === 'GET' || route.method === 'DELETE' ? undefined : (body ?? {});
      return send({ method: route.method, path, query, json, options: callOptions, expect: route.voidResponse ? 'json-or-void' : 'json', idempotent: route.idempotent });
    },
  };
  return runtime;
}
