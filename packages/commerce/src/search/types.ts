/**
 * The searchCriteria shapes a call accepts: the platform's own structure (snake_case, as its
 * reference documents it) or anything with a `toSearchCriteria()` method (the builder).
 */
export type ConditionType =
  | 'eq' | 'neq' | 'gt' | 'gteq' | 'lt' | 'lteq' | 'like' | 'nlike' | 'in' | 'nin'
  | 'finset' | 'nfinset' | 'from' | 'to' | 'moreq' | 'null' | 'notnull';

export interface RawFilter {
  field: string;
  value: string | number | boolean | readonly (string | number)[];
  condition_type?: ConditionType;
}
export interface RawSearchCriteria {
  filter_groups?: readonly { filters: readonly RawFilter[] }[];
  sort_orders?: readonly { field: string; direction: 'ASC' | 'DESC' }[];
  page_size?: number;
  current_page?: number;
}
export interface SearchCriteriaSource {
  toSearchCriteria(): RawSearchCriteria;
}
export type SearchCriteriaInput = RawSearchCriteria | SearchCriteriaSource;
