/**
 * createLeanClient: `request()` over the route modules an app names, and nothing else. Its own cost
 * is the transport, the auth strategy and the call path; the route table, the method tree, the
 * `fields` and searchCriteria encoders, async and bulk, paginate, the schema endpoints and zod stay
 * out of the bundle unless the app imports them (from `@magekit/commerce/modules`, `/fields`,
 * `/search`, `/bulk`, `/paginate`, `/schema`).
 */
import { buildLeanClient, type LeanClient, type LeanClientOptions } from './bare-client.ts';

export function createLeanClient(options: LeanClientOptions): LeanClient {
  return buildLeanClient(options, {}, options && typeof options === 'object' ? options.encoders : undefined);
}
