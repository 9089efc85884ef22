/**
 * How `fields` and `searchCriteria` go on the wire, one piece each: the full client has both, a lean
 * client only those it is given (`createLeanClient({ encoders: [fieldsEncoder] })`), so an app that
 * never selects fields or searches ships neither the selector parser nor the searchCriteria shapes.
 */
import type { RouteInfo } from '../routes/info.ts';

export type EncodedParameter = 'fields' | 'searchCriteria';

export interface QueryEncoder {
  /** The query parameter it writes. */
  readonly parameter: EncodedParameter;
  /** What the caller passed, in the platform's form (searchCriteria: the raw shape, bracketed later). */
  encode(value: unknown, route: RouteInfo): unknown;
}

