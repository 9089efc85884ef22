/**
 * What the fake answers for a catalog route it does not model. It keeps no records of that kind, so a
 * search answers an empty page (the shape and `search_criteria` echo of the platform's search results);
 * anything else is refused with 501 and the route named, because any body would be made up (an
 * example value such as `"string"` presented as data).
 */
import type { RouteInfo } from '../routes/table.ts';
import { MESSAGES, PlatformError } from './platform-errors.ts';
import type { HandlerContext } from './modeled-routes.ts';

/** Searches of the search framework (its results carry aggregations and a request name): not a plain page. */
const FRAMEWORK_SEARCHES = new Set(['GET /V1/search', 'GET /V1/adobestock/search', 'GET /V1/adobestock/asset/list']);

export function unmodeled(route: RouteInfo, { search }: HandlerContext): unknown {
  if (route.method === 'GET' && route.searchResults && route.takesSearchCriteria && !FRAMEWORK_SEARCHES.has(route.key)) return search([]);
  throw new PlatformError(501, MESSAGES.unmodeled, { route: route.key });
}
