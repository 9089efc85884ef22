import { ConfigurationError } from '@magekit/core';
/**
 * The full client: `request`, every named method, and every helper hung on one object. Apps that
 * want to ship less build a LeanClient (lean-client.ts) and import the helpers they use.
 */
import type { MethodTree } from './generated/method-tree.ts';
import { attachSchemaEndpoints, type SchemaEndpoints } from './schema-endpoints.ts';
import { attachAsync, type AsyncFeatures } from './async/attach.ts';
import { bindRuntime, createCommerceRuntime, type CallOptions, type CommerceClientOptions, type CommerceRuntime } from './runtime.ts';
import { queryEncoders } from './query-encoders.ts';
import { buildTree, requireRoute } from './routes/tree.ts';
import type { RouteKey } from './methods.ts';
import type { FieldsArgument, PlainRouteArgs, RouteArgsWith, SelectedOutput } from './fields/method-types.ts';
import type { SelectedItem } from './fields/types.ts';
import { paginate, type ListRouteKey, type PaginateOptions, type PaginateParams, type Paginator } from './paginate.ts';
import type { Routes } from './generated/operations.ts';
import { createFetch, type CommerceFetch } from './raw-fetch.ts';

export interface CommerceClient extends Omit<MethodTree, 'bulk'>, AsyncFeatures {
  /** Calls any route by its reference string: `request('GET /V1/products/{sku}', { sku })`. */
  request<K extends RouteKey>(route: K, ...args: PlainRouteArgs<K>): Promise<Routes[K]['output']>;
  /** With a typed `fields` selection, the result narrows to what was selected. */
  request<K extends RouteKey, const F extends FieldsArgument<K, F>>(route: K, ...args: RouteArgsWith<K, F>): Promise<SelectedOutput<K, F>>;
  /**
   * Every item of a search route, page by page: `for await (const p of commerce.paginate('GET /V1/products', { searchCriteria }))`.
   * Stops on total_count (the platform repeats its last page past the end); `.pages()` and `.collect()` too.
   */
  paginate<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(route: K, params?: PaginateParams<K, F>, options?: PaginateOptions): Paginator<SelectedItem<Routes[K]['output'], F>>;
  /**
   * A route the client's table does not have (custom modules, /V2, newer releases), through the same auth,
   * encoding, retries and errors: `fetch('GET', '/V1/things/{id}', { path: { id }, query })`. Returns
   * `unknown` unless typed: `fetch<Thing>(...)`. Only GET is retried unless the call says `{ idempotent: true }`.
   */
  fetch: CommerceFetch;
  /** Forgets cached admin/customer tokens; the next call signs in again. */
  logout(): void;
  /** Revokes the customer token at the platform (customerToken auth), then forgets it. */
  revoke(): Promise<void>;
  /** The platform's schema documents: GET /rest/{store}/schema, /async/schema, /async/bulk/schema. */
  readonly schema: SchemaEndpoints;
}

export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const runtime = createCommerceRuntime(options, { route: requireRoute, encoders: queryEncoders });
  const tree = buildTree<MethodTree>((route) => (input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(route, input, callOptions));
  const client = Object.assign(tree, attachAsync(runtime), {
    request: (async (route: string, input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(runtime.route(route), input, callOptions)) as unknown as CommerceClient['request'],
    paginate: ((route: ListRouteKey, params?: object, options?: PaginateOptions) => paginate(runtime, route, params as never, options)) as unknown as CommerceClient['paginate'],
    fetch: createFetch(runtime),
    logout: () => runtime.authorizer.signOut(),
    revoke: async () => {
      if (!runtime.authorizer.revoke) throw new ConfigurationError('revoke() needs customerToken auth: only customer tokens can be revoked through the REST API.', { service: 'commerce' });
      await runtime.authorizer.revoke();
    },
    schema: attachSchemaEndpoints(runtime),
    runtime,
  });
  return bindRuntime(client, runtime);
}
