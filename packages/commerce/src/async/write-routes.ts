/**
 * Which routes have asynchronous and bulk variants, and the bulk variant's path. Only writes do (the
 * platform queues POST, PUT, DELETE and PATCH; there is no asynchronous GET). In a bulk path every
 * path parameter becomes `by` + its capitalised name (`/V1/products/{sku}` → `/V1/products/bySku`),
 * and its value travels inside each array element instead.
 */
import { InputError } from '@magekit/core';
import type { RouteInfo } from '../routes/info.ts';
import type { CommerceRuntime } from '../calls/runtime.ts';

export function isWriteRoute(route: RouteInfo): boolean {
  return route.method !== 'GET';
}

/** A parameter that is not a whole segment (`/V1/{provider}-guest-carts`) has no `by<Param>` form. */
export function isBulkable(route: RouteInfo): boolean {
  return isWriteRoute(route) && route.pathParams.every((name) => new RegExp(`/\\{${name}\\}(/|$)`).test(route.path));
}

function byParamSegment(name: string): string {
  return `by${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** `/V1/products/{sku}/media/{entryId}` → `/V1/products/bySku/media/byEntryId`. */
export function bulkPath(route: RouteInfo): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => byParamSegment(name));
}

/** Looks a route up in the client's index for an async call and refuses reads before anything is sent. */
export function requireWriteRoute(runtime: CommerceRuntime, key: string, variant: 'async' | 'bulk'): RouteInfo {
  const route = runtime.route(key);
  if (!isWriteRoute(route)) {
    throw new InputError(
      `${route.key} is a read: the platform has no ${variant === 'async' ? 'asynchronous' : 'bulk'} variant of GET routes. Call it synchronously instead.`,
      { service: 'commerce' },
    );
  }
  if (variant === 'bulk' && !isBulkable(route)) {
    throw new InputError(`${route.key} has a path parameter inside a segment, which the platform's bulk routes cannot express; use the async variant per item.`, { service: 'commerce' });
  }
  return route;
}
