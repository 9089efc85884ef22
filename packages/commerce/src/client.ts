/**
 * The full client: the client of bare-client.ts over every built-in module, with every named
 * method and helper attached and bound to it, the way an AWS SDK v3 aggregated client extends its
 * bare client. Named methods, helpers and `request()` all send through the one runtime and look their
 * routes up in the one route index the client owns.
 */
import { buildMethodTree } from '@magekit/core';
import type { MethodTree } from './generated/method-tree.ts';
import { attachSchemaEndpoints, type SchemaEndpoints } from './calls/schema-endpoints.ts';
import { attachAsync, type AsyncFeatures } from './async/attach.ts';
import { lazyParts } from './async/lazy-parts.ts';
import { runtimeOf, type CallOptions, type CommerceClientOptions } from './calls/runtime.ts';
import { buildLeanClient, type LeanClient } from './calls/bare.ts';
import { fieldsEncoder } from './fields/index.ts';
import { searchCriteriaEncoder } from './search/normalize.ts';
import { everyRoute, routes as builtinRoutes } from './routes/table.ts';
import type { FieldsArgument, PlainRouteArgs, RouteArgsWith, SelectedOutput } from './fields/method-types.ts';
import type { SelectedItem } from './fields/types.ts';
import { paginate, type ListRouteKey, type PaginateOptions, type PaginateParams, type Paginator } from './reads/paginate.ts';
import type { RouteKey, Routes } from './generated/operations.ts';
import { createFetch, type CommerceFetch } from './calls/raw-fetch.ts';

export interface CommerceClient extends Omit<MethodTree, 'bulk'>, AsyncFeatures, LeanClient {
  /** Calls any route by its reference string: `request('GET /V1/products/{sku}', { sku })`. */
  request<K extends RouteKey>(route: K, ...args: PlainRouteArgs<K>): Promise<Routes[K]['output']>;
  /** With a typed `fields` selection, the result narrows to what was selected. */
  request<K extends RouteKey, const F extends FieldsArgument<K, F>>(route: K, ...args: RouteArgsWith<K, F>): Promise<SelectedOutput<K, F>>;
  /**
   * Every item of a search route, page by page: `for await (const p of commerce.paginate('GET /V1/products', { searchCriteria }))`.
   * Walked by key (your sort, then the route's unique key), so each record that exists for the whole walk
   * comes once, whatever ties or writes between pages; `.pages()` and `.collect()` too (reads/paginate.ts).
   */
  paginate<K extends ListRouteKey, const F extends FieldsArgument<K, F> = undefined>(route: K, params?: PaginateParams<K, F>, options?: PaginateOptions): Paginator<SelectedItem<Routes[K]['output'], F>>;
  /**
   * A route the client's index does not have (custom modules not passed as a module, /V2, newer
   * releases), through the same auth, encoding, retries and errors as request():
   * `fetch('GET', '/V1/things/{id}', { path: { id }, query })`. Returns `unknown` unless typed:
   * `fetch<Thing>(...)`. Only GET is retried unless the call says `{ idempotent: true }`; a route the
   * index has keeps its own definition.
   */
  fetch: CommerceFetch;
  /** The platform's schema documents: GET /rest/{store}/schema, /async/schema, /async/bulk/schema. */
  readonly schema: SchemaEndpoints;
}

export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const lean = buildLeanClient(options, { first: [everyRoute], everyBuiltin: true }, [fieldsEncoder, searchCriteriaEncoder]);
  const runtime = runtimeOf(lean);
  // The named methods are the built-in routes' (an installation's routes are typed by key only).
  const tree = buildMethodTree(builtinRoutes, (route) => (input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(route, input, callOptions));
  const attached = Object.assign(tree, attachAsync(runtime, lazyParts), {
    paginate: ((route: ListRouteKey, params?: object, paginateOptions?: PaginateOptions) => paginate(lean, route, params as never, paginateOptions)) as unknown as CommerceClient['paginate'],
    fetch: createFetch(runtime),
    schema: attachSchemaEndpoints(runtime),
  });
  // The lean client's own members (request, logout, revoke) stay the same functions; the object
  // stays the one the runtime is bound to, so every helper given the full client finds its routes.
  return Object.assign(lean, attached) as unknown as CommerceClient;
}
