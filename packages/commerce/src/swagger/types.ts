/**
 * The shapes the Swagger 2.0 converter reads and writes. Input: the platform's own schema document
 * (`GET /rest/{store}/schema?services=all`, or the published `*-schema-2.4.9` files) after JSON.parse.
 * Output: OpenAPI 3.1 operations and schemas in the conventions of `specs/commerce`.
 */

/** A JSON Schema (OpenAPI 3.1 dialect) or a Swagger 2.0 schema object, kept loose on purpose. */
export type JsonSchema = { [keyword: string]: unknown };

export type ConvertedMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One Swagger 2.0 parameter as the platform writes it (only the fields the converter reads). */
export interface SwaggerParameter {
  name: string;
  in: 'path' | 'query' | 'body' | 'header' | 'formData';
  required?: boolean;
  type?: string;
  items?: JsonSchema;
  schema?: JsonSchema;
}

export interface SwaggerOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: SwaggerParameter[];
  responses?: Record<string, { schema?: JsonSchema } | undefined>;
}

/** The parts of a Swagger 2.0 document the converter reads; anything else is ignored. */
export interface SwaggerDocument {
  swagger: '2.0' | string;
  paths: Record<string, Record<string, SwaggerOperation | SwaggerParameter[] | undefined>>;
  definitions?: Record<string, JsonSchema>;
}

/** A path or query parameter in OpenAPI 3.1 form. */
export interface ConvertedParameter {
  name: string;
  in: 'path' | 'query';
  required?: true;
  /**
   * `deepObject` for bracketed objects (`searchCriteria[pageSize]`), `form` + explode for arrays.
   * Absent for scalars.
   */
  style?: 'form' | 'deepObject';
  explode?: true;
  schema: JsonSchema;
}

/** One operation of the document, with its shapes converted and no prose. */
export interface ConvertedOperation {
  method: ConvertedMethod;
  /** The path exactly as the document writes it (trailing slashes kept: the platform's router trims them). */
  path: string;
  /** `"GET /V1/products/{sku}"`: how the SDK names a route. */
  key: string;
  /** The document's first tag for the operation (path-like on the platform, e.g. `company/`). */
  sourceTag: string | undefined;
  /** Path parameters first (in path order), then query parameters. */
  parameters: ConvertedParameter[];
  /** The JSON body schema, or undefined when the operation takes no body. */
  requestBody: JsonSchema | undefined;
  /** The success (200) body schema, or null when the operation answers without a body. */
  response: JsonSchema | null;
  /** The document's summary or description, when the conversion keeps descriptions. */
  description?: string;
  /** Every definition the operation reaches through `$ref`, transitively, sorted. */
  definitions: string[];
}

export interface SwaggerConversion {
  operations: ConvertedOperation[];
  /** Every definition some operation reaches, converted; refs point at `#/components/schemas/<name>`. */
  schemas: Record<string, JsonSchema>;
  /** Things the converter could not express and left out (one sentence each); empty when all went well. */
  problems: string[];
}
