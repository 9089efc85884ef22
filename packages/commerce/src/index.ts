export { createCommerceClient, type CommerceClient } from './commerce-client.ts';
export type { CallOptions, CommerceClientOptions } from './client.ts';
export type { RouteArgs, RouteInput, RouteKey, RouteMethod, RouteOutput, Routes } from './methods.ts';
export { none, adminToken, customerToken, integration, bearer, type AuthStrategy, type AdminTokenOptions, type CustomerTokenOptions, type IntegrationOptions, type OtpSource } from './auth/index.ts';
export * from './errors.ts';
export { routes, type RouteInfo } from './route-table.ts';
export type { components, operations, paths } from './generated/schema.ts';
export type { ConditionType, RawSearchCriteria, SearchCriteriaInput } from './search/types.ts';
export type { FieldSelection, FieldSelector } from './fields/index.ts';
