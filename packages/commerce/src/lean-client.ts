/**
 * createLeanClient: `request()` over the route modules an app names, and nothing else. Its own cost
 * is the transport, the auth strategy and the call path; the route table, the method tree, async and
 * bulk, paginate, the schema endpoints and zod stay out of the bundle unless the app imports them
 * (from `@magekit/commerce/modules`, `/bulk`, `/paginate`, `/schema`, `/search`, `/fields`).
 */
import { buildLeanClient, type LeanClient, type LeanClientOptions } from './bare-client.ts';

export function createLeanClient(options: LeanClientOptions): LeanClient {
  // fields and searchCriteria encoders load with the first call that has either (their own chunk).
  return buildLeanClient(options, {}, { loadEncoders: () => import('./query-encoders.ts').then((m) => m.queryEncoders) });
}
