// `@magekit/commerce/fields`: partial-response selections, parsed and written on their own.
export { fieldsEncoder, FieldsSyntaxError, parseSelection, serializeSelection } from '../fields/index.ts';
export type { FieldSelection, FieldSelector, Selected, SelectionFor, ItemOf } from '../fields/index.ts';
