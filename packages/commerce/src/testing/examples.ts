/**
 * Who may call each route (x-access in the spec): `guest`, `customer` (a customer's token, the `self`
 * resource) or `admin`.
 */
import { routeExamples } from '../generated/examples.ts';

export type Access = 'admin' | 'customer' | 'guest';

export function routeAccess(routeKey: string): Access {
  const access = routeExamples[routeKey]?.access;
  return access === 'guest' || access === 'customer' ? access : 'admin';
}
