// `@magekit/commerce/schema`: the platform's schema documents, for a full or a lean client.
export { schemaEndpoints } from '../calls/schema-endpoints.ts';
export type { SchemaCallOptions, SchemaEndpoints, SchemaRequest, SwaggerDocument } from '../calls/schema-endpoints.ts';
