// `@magekit/commerce/paginate`: every item of a search route, for a full or a lean client.
export { paginate, type Paginator, type Page, type PaginateOptions, type PaginateParams, type ListRouteKey } from '../reads/paginate.ts';
export type { RuntimeHolder } from '../calls/runtime.ts';
