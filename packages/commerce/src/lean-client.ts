/**
 * createLeanClient: `request()` over the route modules an app names, and nothing else. Its own cost
 * is the transport, the auth strategy and the call path; the route table, the method tree, async and
 * bulk, paginate, the schema endpoints and zod stay out of the bundle unless the app imports them
 * (from `@magekit/commerce/modules`, `/bulk`, `/paginate`, `/schema`, `/search`, `/fields`).
 */
import { ConfigurationError, InputError } from '@magekit/core';
import { bindRuntime, createCommerceRuntime, runtimeOf, type CallOptions, type CommerceClientOptions } from './runtime.ts';
import type { FieldsArgument, PlainRouteArgs, RouteArgsWith, SelectedOutput } from './fields/method-types.ts';
import type { MethodTree } from './generated/method-tree.ts';
import type { RouteKey, Routes } from './generated/operations.ts';
import type { RouteModule } from './generated/routes.ts';
import { commerceRouteIndex, lookupIn, toInfo, type RouteInfo } from './routes/info.ts';

export type { RouteModule };

export interface LeanClientOptions extends CommerceClientOptions {
  /**
   * The route modules `request()` may call, e.g. `[productsRoutes, ordersRoutes]` from
   * `@magekit/commerce/modules`. `methodsOf(client, module)` adds a module later.
   */
  routes?: readonly RouteModule[] | undefined;
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

const modulesOf = new WeakMap<LeanClient, (module: RouteModule) => void>();

export function createLeanClient(options: LeanClientOptions): LeanClient {
  const index = commerceRouteIndex([]);
  const known = new Set<string>();
  const lookup = lookupIn(index);
  const addModule = (module: RouteModule) => {
    if (!module || typeof module.name !== 'string' || !Array.isArray(module.rows)) {
      throw new ConfigurationError('routes takes route modules such as productsRoutes (exported by @magekit/commerce/modules).', { service: 'commerce' });
    }
    if (known.has(module.name)) return;
    known.add(module.name);
    for (const row of module.rows) index.add(toInfo(row));
  };
  const route = (key: unknown) => {
    try {
      return lookup(key);
    } catch (error) {
      if (!(error instanceof InputError) || typeof key !== 'string') throw error;
      // The key may be right and only its module missing from this client.
      throw new InputError(`${error.message} A lean client knows only the routes of its modules (${[...known].join(', ') || 'none yet'}): add the route's module, e.g. routes: [productsRoutes] (exported by @magekit/commerce/modules).`, { service: 'commerce' });
    }
  };
  // fields and searchCriteria encoders load with the first call that has either (their own chunk).
  const runtime = createCommerceRuntime(options, { route, loadEncoders: () => import('./query-encoders.ts').then((m) => m.queryEncoders) });
  for (const module of options.routes ?? []) addModule(module);
  const client: LeanClient = {
    request: (async (route: string, input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(runtime.route(route), input, callOptions)) as LeanClient['request'],
    logout: () => runtime.authorizer.signOut(),
    revoke: async () => {
      if (!runtime.authorizer.revoke) throw new ConfigurationError('revoke() needs customerToken auth: only customer tokens can be revoked through the REST API.', { service: 'commerce' });
      await runtime.authorizer.revoke();
    },
  };
  modulesOf.set(client, addModule);
  return bindRuntime(client, runtime);
}

/**
 * The named methods of one module on a lean client: `methodsOf(client, productsRoutes).get({ sku })`,
 * the same functions as `commerce.products` on the full client. The module's routes are added to the
 * client, so `client.request()` reaches them too.
 */
export function methodsOf<N extends keyof MethodTree>(client: LeanClient, module: RouteModule<N>): MethodTree[N] {
  const add = modulesOf.get(client);
  if (!add) throw new ConfigurationError('methodsOf takes a client from createLeanClient().', { service: 'commerce' });
  add(module);
  const runtime = runtimeOf(client);
  const root: Record<string, unknown> = {};
  for (const row of module.rows) {
    const route: RouteInfo = runtime.route(`${row[1]} ${row[2]}`);
    const parts = route.id.split('.').slice(1);
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = (input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(route, input, callOptions);
  }
  return root as MethodTree[N];
}
