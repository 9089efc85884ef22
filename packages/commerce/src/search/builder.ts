/**
 * A searchCriteria builder. Filters added with `.or()` join the current group (ORed); `.where()` /
 * `.and()` start a new group (groups are ANDed):
 *
 *   where('price', 'gt', 10).or('special_price', 'gt', 10).and('status', 'eq', 1).sortBy('price', 'DESC').pageSize(50)
 *   // (price > 10 OR special_price > 10) AND status = 1
 *
 * Builders are immutable: each call returns a new one, so a base query can be shared and extended.
 * Field names are typed when the entity is known (`searchCriteria<Product>()`), and any attribute
 * code is still accepted, since products carry attributes the schema cannot list.
 */
import { InputError } from '@magekit/core';
import type { KnownKeys } from '../fields/types.ts';
import { isConditionType, CONDITION_TYPES } from './conditions.ts';
import { filterValue, positiveInteger } from './normalize.ts';
import type { ConditionType, FilterValue, RawSearchCriteria, SearchCriteriaSource, WireSearchCriteria } from './types.ts';

/** A field of `Entity`, or any other attribute code. */
export type SearchField<Entity> = KnownKeys<Entity> | (string & {});

/** The value a condition takes: none for null/notnull, a list (or comma string) for in/nin. */
export type ConditionValue<C extends ConditionType> = C extends 'null' | 'notnull'
  ? [value?: undefined]
  : C extends 'in' | 'nin'
    ? [values: readonly (string | number)[] | string]
    : [value: Exclude<FilterValue, readonly unknown[]>];

type Filter = WireSearchCriteria['filter_groups'][number]['filters'][number];

interface State {
  readonly groups: readonly (readonly Filter[])[];
  readonly sort: readonly { field: string; direction: 'ASC' | 'DESC' }[];
  readonly size?: number;
  readonly page?: number;
}

export class SearchCriteriaBuilder<Entity = unknown> implements SearchCriteriaSource {
  readonly #state: State;

  constructor(state: State = { groups: [], sort: [] }) {
    this.#state = state;
  }

  /** Starts a new filter group (ANDed with the others). */
  where<C extends ConditionType>(field: SearchField<Entity>, condition: C, ...value: ConditionValue<C>): SearchCriteriaBuilder<Entity> {
    return this.#with({ groups: [...this.#state.groups, [filter(field, condition, value[0])]] });
  }

  /** Same as `where`: another group, ANDed. */
  and<C extends ConditionType>(field: SearchField<Entity>, condition: C, ...value: ConditionValue<C>): SearchCriteriaBuilder<Entity> {
    return this.where(field, condition, ...value);
  }

  /** Adds a filter to the current group (ORed with its filters). */
  or<C extends ConditionType>(field: SearchField<Entity>, condition: C, ...value: ConditionValue<C>): SearchCriteriaBuilder<Entity> {
    const groups = this.#state.groups;
    const last = groups.at(-1);
    if (!last) throw new InputError('searchCriteria: .or() needs a filter to OR with; start with where(...).', { service: 'commerce' });
    return this.#with({ groups: [...groups.slice(0, -1), [...last, filter(field, condition, value[0])]] });
  }

  /**
   * `from <= field <= to`, as two groups. Inside one group `from` and `to` would be ORed and match
   * nearly everything, a classic mistake.
   */
  between(field: SearchField<Entity>, from: Exclude<FilterValue, readonly unknown[]>, to: Exclude<FilterValue, readonly unknown[]>): SearchCriteriaBuilder<Entity> {
    return this.where(field, 'from', from).where(field, 'to', to);
  }

  /** Adds a sort order; earlier ones take precedence. */
  sortBy(field: SearchField<Entity>, direction: 'ASC' | 'DESC' = 'ASC'): SearchCriteriaBuilder<Entity> {
    if (typeof field !== 'string' || field === '') throw new InputError('searchCriteria: sortBy needs a field name.', { service: 'commerce' });
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw new InputError(`searchCriteria: sort direction must be "ASC" or "DESC", got ${JSON.stringify(direction)}.`, { service: 'commerce' });
    }
    return this.#with({ sort: [...this.#state.sort, { field, direction }] });
  }

  pageSize(size: number): SearchCriteriaBuilder<Entity> {
    return this.#with({ size: positiveInteger(size, 'page_size') });
  }

  /** The 1-based page to fetch. */
  page(page: number): SearchCriteriaBuilder<Entity> {
    return this.#with({ page: positiveInteger(page, 'current_page') });
  }

  toSearchCriteria(): RawSearchCriteria & WireSearchCriteria {
    const { groups, sort, size, page } = this.#state;
    const out: WireSearchCriteria = { filter_groups: groups.map((filters) => ({ filters: [...filters] })) };
    if (sort.length > 0) out.sort_orders = [...sort];
    if (size !== undefined) out.page_size = size;
    if (page !== undefined) out.current_page = page;
    return out;
  }

  #with(change: Partial<State>): SearchCriteriaBuilder<Entity> {
    return new SearchCriteriaBuilder<Entity>({ ...this.#state, ...change });
  }
}

function filter(field: string, condition: ConditionType, value: unknown): Filter {
  if (typeof field !== 'string' || field.trim() === '') throw new InputError('searchCriteria: a filter needs a field name.', { service: 'commerce' });
  if (!isConditionType(condition)) {
    throw new InputError(`searchCriteria: unknown condition type ${JSON.stringify(condition)}; use one of ${CONDITION_TYPES.join(', ')}.`, { service: 'commerce' });
  }
  return { field, condition_type: condition, value: filterValue(value, condition, `${field} ${condition}`) };
}

/** An empty builder, typed for an entity: `searchCriteria<Product>().where('price', 'gt', 10)`. */
export function searchCriteria<Entity = unknown>(): SearchCriteriaBuilder<Entity> {
  return new SearchCriteriaBuilder<Entity>();
}

/** A builder with one filter: `where('price', 'gt', 10)`. */
export function where<C extends ConditionType>(field: string, condition: C, ...value: ConditionValue<C>): SearchCriteriaBuilder {
  return new SearchCriteriaBuilder().where(field, condition, ...value);
}
