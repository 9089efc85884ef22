/**
 * One spelling per route: the platform's router trims a trailing slash, so `POST /V1/orders/` (the
 * catalog's spelling) and `POST /V1/orders` (2.4.9 schemas, live installations) are the same route.
 * Keys written by `types pull` and compared by `types diff` use the trimmed spelling.
 */
export function routeKeyOf(key: string): string {
  return key.replace(/(\S)\/+$/, '$1');
}
