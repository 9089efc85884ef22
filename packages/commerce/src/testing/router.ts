/**
 * Matching a request URL to a catalog route, the way the platform's REST router does: the path is
 * split on `/` before decoding (so `%2F` stays inside one segment), literal segments beat
 * parameters, and each parameter value is decoded with PHP urldecode semantics.
 */
import { bulkPath } from '../async/write-routes.ts';
import { isBulkable } from '../async/write-routes.ts';
import { routes, type RouteInfo } from '../routes/table.ts';
import { phpUrlDecode } from './php-urldecode.ts';

type Variant = 'sync' | 'async' | 'bulk';

export interface RestPath {
  storeCode: string | undefined;
  variant: Variant;
  /** Raw (still encoded) segments from `V1` on; a trailing slash is trimmed like the router does. */
  segments: string[];
}

export interface RouteMatch {
  route: RouteInfo;
  /** Decoded path values (sync and async variants; a bulk's values travel in its elements). */
  pathValues: Record<string, string>;
}

/** A whole-segment parameter, a literal, or a segment mixing both (`{provider}-guest-carts`). */
type Segment = { literal: string } | { param: string } | { pattern: RegExp; names: string[] };

interface Compiled {
  route: RouteInfo;
  segments: Segment[];
  literals: number;
}

function split(path: string): string[] {
  const parts = path.split('/').filter((part, index, all) => part !== '' || (index > 0 && index < all.length - 1));
  return parts;
}

function compile(route: RouteInfo, template: string): Compiled {
  const segments = split(template).map((part): Segment => {
    const match = /^\{([^}]+)\}$/.exec(part);
    if (match) return { param: match[1]! };
    if (!part.includes('{')) return { literal: part };
    const names: string[] = [];
    const source = part.replace(/\{([^}]+)\}|[^{]+/g, (piece, name?: string) => (name ? (names.push(name), '([^/]+?)') : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return { pattern: new RegExp(`^${source}$`), names };
  });
  return { route, segments, literals: segments.filter((s) => 'literal' in s).length };
}

const syncTable = routes.map((route) => compile(route, route.path));
const bulkTable = routes.filter(isBulkable).map((route) => compile(route, bulkPath(route)));

export function parseRestPath(pathname: string): RestPath | undefined {
  const parts = split(pathname.replace(/^\/index\.php(?=\/)/, ''));
  if (parts[0] !== 'rest') return undefined;
  let index = 1;
  let storeCode: string | undefined;
  if (parts[index] !== undefined && !/^V\d+$/.test(parts[index]!) && parts[index] !== 'async') storeCode = parts[index++];
  let variant: Variant = 'sync';
  if (parts[index] === 'async') {
    index += 1;
    variant = 'async';
    if (parts[index] === 'bulk') {
      index += 1;
      variant = 'bulk';
    }
  }
  if (!/^V\d+$/.test(parts[index] ?? '')) return undefined;
  return { storeCode, variant, segments: parts.slice(index) };
}

export function matchRoute(method: string, path: RestPath): RouteMatch | undefined {
  const table = path.variant === 'bulk' ? bulkTable : syncTable;
  let best: Compiled | undefined;
  for (const candidate of table) {
    if (candidate.route.method !== method || candidate.segments.length !== path.segments.length) continue;
    const fits = candidate.segments.every((segment, i) =>
      'literal' in segment ? segment.literal === path.segments[i] : 'pattern' in segment ? segment.pattern.test(path.segments[i]!) : path.segments[i] !== '',
    );
    if (fits && (!best || candidate.literals > best.literals)) best = candidate;
  }
  if (!best) return undefined;
  const pathValues: Record<string, string> = {};
  best.segments.forEach((segment, i) => {
    if ('param' in segment) pathValues[segment.param] = phpUrlDecode(path.segments[i]!);
    else if ('pattern' in segment) segment.pattern.exec(path.segments[i]!)!.slice(1).forEach((value, k) => (pathValues[segment.names[k]!] = phpUrlDecode(value)));
  });
  return { route: best.route, pathValues };
}
