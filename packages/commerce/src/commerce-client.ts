import { ConfigurationError } from '@magekit/core';
/** The public client object: `request`, the named methods, and the helpers hung on it. */
import type { MethodTree } from './generated/method-tree.ts';
import { attachSchemaEndpoints, type SchemaEndpoints } from './schema-endpoints.ts';
import { attachAsync, type AsyncFeatures } from './async/attach.ts';
import { buildTree, createRuntime, requireRoute, type CallOptions, type CommerceClientOptions, type CommerceRuntime } from './client.ts';
import type { RouteArgs, RouteKey, RouteOutput } from './methods.ts';

export interface CommerceClient extends Omit<MethodTree, 'bulk'>, AsyncFeatures {
  /** Calls any route by its reference string: `request('GET /V1/products/{sku}', { sku })`. */
  request<K extends RouteKey>(route: K, ...args: RouteArgs<K>): Promise<RouteOutput<K>>;
  /** Forgets cached admin/customer tokens; the next call signs in again. */
  logout(): void;
  /** Revokes the customer token at the platform (customerToken auth), then forgets it. */
  revoke(): Promise<void>;
  /** The platform's schema documents: GET /rest/{store}/schema, /async/schema, /async/bulk/schema. */
  readonly schema: SchemaEndpoints;
  /** Internal machinery for the SDK's own helpers. */
  readonly runtime: CommerceRuntime;
}

export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const runtime = createRuntime(options);
  const tree = buildTree<MethodTree>((route) => (input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(route, input, callOptions));
  return Object.assign(tree, attachAsync(runtime), {
    request: (async (route: string, input?: Record<string, unknown>, callOptions?: CallOptions) => runtime.call(requireRoute(route), input, callOptions)) as CommerceClient['request'],
    logout: () => runtime.authorizer.logout?.(),
    revoke: async () => {
      if (!runtime.authorizer.revoke) throw new ConfigurationError('revoke() needs customerToken auth: only customer tokens can be revoked through the REST API.', { service: 'commerce' });
      await runtime.authorizer.revoke();
    },
    schema: attachSchemaEndpoints(runtime),
    runtime,
  });
}
