/** Swagger 2.0 → OpenAPI 3.1 conversion for the platform's schema documents (see convert.ts). */
export { convertSwagger } from './convert.ts';
export { toOpenApiDocument } from './document.ts';
export type { ConvertedOperation, JsonSchema } from './types.ts';
