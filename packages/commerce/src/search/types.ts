/**
 * The searchCriteria shapes a call accepts: the platform's own structure (snake_case, as its
 * reference documents it; the camelCase spelling of its schema is accepted too) or anything with a
 * `toSearchCriteria()` method (the builder).
 */
import { CONDITION_TYPES } from './conditions.ts';

export type ConditionType = (typeof CONDITION_TYPES)[number];

/** A filter value: `in` / `nin` also take a list (sent comma-joined, as the platform expects). */
export type FilterValue = string | number | boolean | Date | readonly (string | number)[];

interface RawFilter {
  field: string;
  /** Ignored by the platform for `null` / `notnull`, so optional there. */
  value?: FilterValue;
  /** `eq` when omitted. */
  condition_type?: ConditionType;
}
interface RawSortOrder {
  field: string;
  direction?: 'ASC' | 'DESC';
}
export interface RawSearchCriteria {
  /** Filters inside one group are ORed; the groups are ANDed. */
  filter_groups?: readonly { filters: readonly RawFilter[] }[];
  sort_orders?: readonly RawSortOrder[];
  page_size?: number;
  /** 1-based. */
  current_page?: number;
  request_name?: string;
}

/** The same structure as the platform's schema spells it; normalized to snake_case before sending. */
export interface CamelSearchCriteria {
  filterGroups?: readonly { filters: readonly { field: string; value?: FilterValue; conditionType?: ConditionType }[] }[];
  sortOrders?: readonly RawSortOrder[];
  pageSize?: number;
  currentPage?: number;
}

export interface SearchCriteriaSource {
  toSearchCriteria(): RawSearchCriteria;
}
export type SearchCriteriaInput = RawSearchCriteria | CamelSearchCriteria | SearchCriteriaSource;

/** What goes on the wire: every value a string, `in` lists joined, condition types spelled out. */
export interface WireSearchCriteria {
  filter_groups: { filters: { field: string; value: string; condition_type: ConditionType }[] }[];
  sort_orders?: { field: string; direction: 'ASC' | 'DESC' }[];
  page_size?: number;
  current_page?: number;
  request_name?: string;
}
