/** The fake's stateful B2B routes (companies, shared catalogs, negotiable quotes), merged into the fake's table. */
import type { ModeledHandler } from '../modeled-routes.ts';
import type { FakeStore } from '../store.ts';
import { companyRoutes } from './company.ts';
import { negotiableQuoteRoutes } from './negotiable-quote.ts';
import { sharedCatalogRoutes } from './shared-catalog.ts';
import type { FakeB2b } from './state.ts';

export { createB2bState, PUBLIC_CATALOG_ID, type FakeB2b, type FakeNegotiableQuote, type NegotiableQuoteStatus } from './state.ts';

export function b2bRoutes(b2b: FakeB2b, store: FakeStore): Record<string, ModeledHandler> {
  return { ...companyRoutes(b2b), ...sharedCatalogRoutes(b2b, store), ...negotiableQuoteRoutes(b2b) };
}
