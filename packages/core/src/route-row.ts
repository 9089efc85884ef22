/**
 * The generated route tables of both packages share one row format:
 * [operationId, method, path template, query parameter names (comma-separated), flag letters].
 * Each package reads its own flags on top of what this parses.
 */
import { templateParams } from './url.ts';

type RouteMethodName = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type RouteRow = readonly [id: string, method: RouteMethodName, path: string, query: string, flags: string];

export interface BaseRouteInfo {
  key: string;
  id: string;
  method: RouteMethodName;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Answers with no body. */
  voidResponse: boolean;
  /**
   * The spec's `x-idempotent`: sending it twice leaves the server as sending it once, so an attempt
   * that may have reached the server can be repeated. False for writes that create, place or submit.
   */
  idempotent: boolean;
}

export function parseRouteRow([id, method, path, query, flags]: RouteRow): BaseRouteInfo & { flags: string } {
  return {
    key: `${method} ${path}`,
    id,
    method,
    path,
    pathParams: templateParams(path),
    queryParams: query ? query.split(',') : [],
    voidResponse: flags.includes('v'),
    idempotent: !flags.includes('n'),
    flags,
  };
}
