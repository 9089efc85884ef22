/** searchCriteria: the builder, the accepted shapes, and the normalization every call goes through. */
export { SearchCriteriaBuilder, searchCriteria, where, type ConditionValue, type SearchField } from './builder.ts';
export { CONDITION_TYPES, isConditionType } from './conditions.ts';
export { searchCriteriaEncoder, toRawSearchCriteria } from './normalize.ts';
export type * from './types.ts';
