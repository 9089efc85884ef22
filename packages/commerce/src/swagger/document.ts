/**
 * toOpenApiDocument: a conversion (or some of its operations) as one self-contained OpenAPI 3.1
 * document, e.g. to feed openapi-typescript for an installation's own routes.
 */
import type { ConvertedOperation, JsonSchema, SwaggerConversion } from './types.ts';

export interface OpenApiDocumentOptions {
  title?: string;
  version?: string;
  /** Which operations to include (default: all). Only the schemas they reach are written. */
  include?: (operation: ConvertedOperation) => boolean;
  /** operationId for each operation (default: none: the route key names it). */
  operationId?: (operation: ConvertedOperation) => string | undefined;
}

const ERROR = { $ref: '#/components/responses/Error' };

export function toOpenApiDocument(conversion: SwaggerConversion, options: OpenApiDocumentOptions = {}): JsonSchema {
  const chosen = conversion.operations.filter(options.include ?? (() => true));
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const needed = new Set<string>();
  for (const op of chosen) {
    op.definitions.forEach((name) => needed.add(name));
    (paths[op.path] ??= {})[op.method.toLowerCase()] = toOperationObject(op, options.operationId?.(op));
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const name of [...needed].sort()) if (conversion.schemas[name]) schemas[name] = conversion.schemas[name];
  schemas['error-response'] ??= { type: 'object', required: ['message'], properties: { message: { type: 'string' }, parameters: {} } };
  return {
    openapi: '3.1.0',
    info: { title: options.title ?? 'Commerce platform REST API', version: options.version ?? '0.0.0' },
    paths,
    components: {
      responses: { Error: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/error-response' } } } } },
      schemas,
    },
  };
}

/** One operation object; the same layout the files of specs/commerce/paths use. */
function toOperationObject(op: ConvertedOperation, operationId?: string): JsonSchema {
  const out: JsonSchema = {};
  if (operationId) out['operationId'] = operationId;
  if (op.parameters.length) out['parameters'] = op.parameters.map((p) => ({ name: p.name, in: p.in, ...(p.required ? { required: true } : {}), ...(p.style ? { style: p.style, explode: true } : {}), schema: p.schema }));
  if (op.requestBody) out['requestBody'] = { required: true, content: { 'application/json': { schema: op.requestBody } } };
  out['responses'] = {
    '200': op.response ? { description: 'OK', content: { 'application/json': { schema: op.response } } } : { description: 'No content' },
    '4XX': ERROR,
    '5XX': ERROR,
  };
  return out;
}
