// `@magekit/commerce/search`: the searchCriteria builder, on its own.
export { searchCriteriaEncoder, SearchCriteriaBuilder, searchCriteria, where, CONDITION_TYPES, isConditionType } from '../search/index.ts';
export type { SearchField, ConditionValue, CamelSearchCriteria, FilterValue } from '../search/index.ts';
export type { ConditionType, RawSearchCriteria, SearchCriteriaInput } from '../search/types.ts';
