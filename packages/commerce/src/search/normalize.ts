import { InputError } from '@magekit/core';
import type { RawSearchCriteria } from './types.ts';

/** Accepts the platform's raw structure or a builder (anything with toSearchCriteria()). */
export function toRawSearchCriteria(value: unknown): RawSearchCriteria {
  if (value && typeof value === 'object') {
    const source = value as { toSearchCriteria?: () => RawSearchCriteria };
    return typeof source.toSearchCriteria === 'function' ? source.toSearchCriteria() : (value as RawSearchCriteria);
  }
  throw new InputError('searchCriteria must be an object (the platform\'s { filter_groups, sort_orders, page_size, current_page }) or built with where(...).', { service: 'commerce' });
}
