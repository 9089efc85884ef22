/**
 * The client both factories build: the runtime plus `request()` over a route index of its own
 * (routes/module.ts). createLeanClient (lean-client.ts) is this client over the modules an app
 * names; createCommerceClient (client.ts) is this client over every module with the named methods
 * and helpers attached. addRoutes and methodsOf work on either.
 */
import { ConfigurationError, buildMethodTree } from '@magekit/core';
import { bindRuntime, createCommerceRuntime, runtimeOf, type CallOptions, type CommerceClientOptions } from './runtime.ts';
import type { QueryEncoder } from '../query/encoders.ts';
import type { FieldsArgument, PlainRouteArgs, RouteArgsWith, SelectedOutput } from '../fields/method-types.ts';
import type { MethodTree } from '../generated/method-tree.ts';
import type { RouteKey, Routes } from '../generated/operations.ts';
import { createClientRoutes, type ClientRoutesOptions, type RouteModule } from '../routes/module.ts';

export type { RouteModule };

/** The lean client takes the full one's options; `routes` names the modules it may call. */
export interface LeanClientOptions extends CommerceClientOptions {
  /**
   * How the client writes `fields` and `searchCriteria`: `[fieldsEncoder]` (from `@magekit/commerce/fields`),
   * `[searchCriteriaEncoder]` (from `@magekit/commerce/search`), both, or none (the default: a call
   * with either is refused before sending, naming the import). `paginate()` brings both.
   */
  encoders?: readonly QueryEncoder[] | undefined;
}

export interface LeanClient {
  /** Calls a route of the client's modules by its reference string: `request('GET /V1/products/{sku}', { sku })`. */
  request<K extends RouteKey>(route: K, ...args: PlainRouteArgs<K>): Promise<Routes[K]['output']>;
  /** With a typed `fields` selection, the result narrows to what was selected. */
  request<K extends RouteKey, const F extends FieldsArgument<K, F>>(route: K, ...args: RouteArgsWith<K, F>): Promise<SelectedOutput<K, F>>;
  /** Forgets cached admin/customer tokens; the next call signs in again. */
  logout(): void;
  /** Revokes the customer token at the platform (customerToken auth), then forgets it. */
  revoke(): Promise<void>;
}

/** The client over `first` modules then `options.routes`: what both createLeanClient and createCommerceClient build. */
export function buildLeanClient(options: CommerceClientOptions, routesOptions: ClientRoutesOptions & { first?: readonly RouteModule[] }, encoders: readonly QueryEncoder[]): LeanClient {
  const given = options && typeof options === 'object' ? options.routes : undefined;
  if (given !== undefined && !Array.isArray(given)) throw new ConfigurationError('routes takes an array of route modules, e.g. routes: [productsRoutes] (exported by @magekit/commerce/modules).', { service: 'commerce' });
  const routes = createClientRoutes([...(routesOptions.first ?? []), ...(given ?? [])], routesOptions);
  const runtime = createCommerceRuntime(options, { routes, encoders });
  const client: LeanClient = {
    request: (async (route: string, input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(runtime.route(route), input, callOptions)) as LeanClient['request'],
    logout: () => runtime.authorizer.signOut(),
    revoke: async () => {
      if (!runtime.authorizer.revoke) throw new ConfigurationError('revoke() needs customerToken auth: only customer tokens can be revoked through the REST API.', { service: 'commerce' });
      await runtime.authorizer.revoke();
    },
  };
  return bindRuntime(client, runtime);
}

/**
 * Adds a route module to a client (lean or full) after it was created: a built-in module from
 * `@magekit/commerce/modules`, or the module `magekit-commerce types pull` wrote. Its routes are
 * then known to `request()` and to every helper given the client.
 */
export function addRoutes(client: LeanClient, module: RouteModule): void {
  runtimeOf(client).routes.add(module);
}

/**
 * The named methods of one module on a client: `methodsOf(client, productsRoutes).get({ sku })`,
 * the same functions as `commerce.products` on the full client. The module is added to the client
 * (addRoutes), so `client.request()` and the helpers reach its routes too.
 */
export function methodsOf<N extends keyof MethodTree>(client: LeanClient, module: RouteModule<N>): MethodTree[N] {
  const runtime = runtimeOf(client);
  runtime.routes.add(module);
  // The module's rows as this client resolves them (a key it already knew keeps that definition).
  const routes = module.rows.map((row) => runtime.route(`${row[1]} ${row[2]}`));
  return buildMethodTree(routes, (route) => (input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(route, input, callOptions))[module.name] as MethodTree[N];
}
