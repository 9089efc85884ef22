// The commerce spec as the generator sees it: bundled once per test file by the generator's own loader
// (scripts/codegen/load-spec.mjs), so the tests check the very document the generated code came from.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The subset of JSON Schema (2020-12, as OpenAPI 3.1 uses it) the tests read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  [keyword: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: JsonSchema;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; [section: string]: unknown };
  [key: string]: unknown;
}

interface RawOperation {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  params: Parameter[];
  op: Record<string, any>;
}

interface SpecLoader {
  loadSpec(file: string): Promise<OpenApiDoc>;
  operationsOf(doc: OpenApiDoc): RawOperation[];
  resolve<T>(doc: OpenApiDoc, node: T): T;
}

/** One operation with what the contract needs already looked up. */
export interface SpecOperation {
  key: string;
  id: string;
  method: RawOperation['method'];
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The application/json request body schema, unresolved (refs point into the bundled document). */
  body: { schema: JsonSchema; required: boolean } | undefined;
  /** The 200 response's JSON schema; undefined for routes that answer with no body. */
  success: JsonSchema | undefined;
  inCatalog: boolean;
  edition: string | undefined;
  tags: string[];
}

// load-spec.mjs is plain JS without declarations (the repo has no allowJs), so it is imported by URL and
// given its shape here rather than through a .d.ts the generator does not need.
const loader = (await import(pathToFileURL(path.join(repoRoot, 'scripts/codegen/load-spec.mjs')).href)) as SpecLoader;

export const doc: OpenApiDoc = await loader.loadSpec(path.join(repoRoot, 'specs/commerce/openapi.yaml'));

/** Follows `$ref`s (within the bundled document) to the node they name. */
export function deref<T>(node: T): T {
  return loader.resolve(doc, node);
}

function toOperation(raw: RawOperation): SpecOperation {
  const requestBody = raw.op['requestBody'] ? deref(raw.op['requestBody']) : undefined;
  const bodySchema = requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
  const ok = raw.op['responses']?.['200'] ? deref(raw.op['responses']['200']) : undefined;
  return {
    key: raw.key,
    id: String(raw.op['operationId']),
    method: raw.method,
    path: raw.path,
    pathParams: raw.params.filter((p) => p.in === 'path'),
    queryParams: raw.params.filter((p) => p.in === 'query'),
    body: bodySchema ? { schema: bodySchema, required: !!requestBody.required } : undefined,
    success: ok?.content?.['application/json']?.schema,
    inCatalog: raw.op['x-catalog'] !== false,
    edition: raw.op['x-edition'],
    tags: raw.op['tags'] ?? [],
  };
}

export const operations: readonly SpecOperation[] = loader.operationsOf(doc).map(toOperation);
