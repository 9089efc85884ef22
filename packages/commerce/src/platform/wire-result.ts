/**
 * A route's result as its declared type, from what the platform's REST serializer sends
 * (Webapi\ServiceOutputProcessor::convertValue, docs/platform-behaviour.md): a scalar result is sent
 * as PHP holds it, so an id read from the database arrives as a numeric string (`POST /V1/carts/mine`
 * → `"81668"`), and a method that returned null answers `[]`. The SDK hands the caller the declared
 * type instead (docs/design.md, "Response types"): the number, and `null` for a null result (`{}`
 * where the declared record has no required field: an empty record is written as `[]` too).
 */
import { ResponseError } from '@magekit/core';
import type { RouteInfo } from '../routes/info.ts';

/** A JSON number as PHP prints a numeric string: optional sign, digits, optional fraction and exponent. */
const NUMERIC = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export function wireResult(route: Pick<RouteInfo, 'key' | 'result'>, data: unknown): unknown {
  if (route.result === 'list' || route.result === 'undeclared') return data;
  if (Array.isArray(data) && data.length === 0) return route.result === 'empty-record' ? {} : null;
  if (route.result !== 'number' || typeof data !== 'string') return data;
  if (NUMERIC.test(data)) return Number(data);
  throw new ResponseError(`${route.key} answered ${JSON.stringify(data.slice(0, 40))} where its schema declares a number.`, data, { service: 'commerce' });
}
