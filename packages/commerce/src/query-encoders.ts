/**
 * How `fields` and `searchCriteria` go on the wire. The full client imports these up front; a lean
 * client loads this module on its first call that has either, so a plain call ships without them.
 */
import { fieldsQueryValue } from './fields/index.ts';
import { toRawSearchCriteria } from './search/normalize.ts';
import type { WireSearchCriteria } from './search/types.ts';

export interface QueryEncoders {
  /** The `fields` query value; list routes select inside `items[...]`. */
  fields(value: unknown, listRoute: boolean): string;
  /** A searchCriteria (builder, camelCase or raw) in the platform's form. */
  searchCriteria(value: unknown): WireSearchCriteria;
}

export const queryEncoders: QueryEncoders = { fields: fieldsQueryValue, searchCriteria: toRawSearchCriteria };
