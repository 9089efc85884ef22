/** Swagger 2.0 → OpenAPI 3.1 conversion for the platform's schema documents (see convert.ts). */
export { assertSwaggerDocument, convertSwagger } from './convert.ts';
export { toOpenApiDocument, toOperationObject, type OpenApiDocumentOptions } from './document.ts';
export { convertDefinition, convertSchema } from './schema.ts';
export type { ConvertedMethod, ConvertedOperation, ConvertedParameter, JsonSchema, SwaggerConversion, SwaggerDocument } from './types.ts';
