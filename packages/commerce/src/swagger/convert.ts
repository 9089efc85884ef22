/**
 * convertSwagger: a Swagger 2.0 document (the platform's own schema format) → OpenAPI 3.1 operations
 * and schemas in the conventions of `specs/commerce`. Pure: no file or network access, so the spec
 * importer (scripts/import-swagger.mjs) and `magekit-commerce types pull` share it.
 *
 *   const { operations, schemas, problems } = convertSwagger(JSON.parse(text));
 *   for (const op of operations) op.key;            // 'GET /V1/company/{companyId}'
 *   op.parameters; op.requestBody; op.response;     // OpenAPI 3.1, refs to '#/components/schemas/<name>'
 *   op.definitions;                                 // the schemas it needs, all present in `schemas`
 *
 * What it keeps: routes, parameter names and types, body and response shapes, required lists, enums,
 * formats. What it drops: every description, summary, title and example (the platform's prose), XML
 * hints, and the document's operationIds (they change between releases; the SDK names operations itself).
 */
import { InputError } from '@magekit/core';
import { convertQueryParameters } from './query.ts';
import { convertDefinition, convertSchema } from './schema.ts';
import type { ConvertedMethod, ConvertedOperation, ConvertedParameter, JsonSchema, SwaggerConversion, SwaggerDocument, SwaggerOperation, SwaggerParameter } from './types.ts';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Throws InputError unless `doc` looks like a Swagger 2.0 document; says what was found instead. */
function assertSwaggerDocument(doc: unknown): asserts doc is SwaggerDocument {
  const fail = (what: string): never => {
    throw new InputError(`Not a Swagger 2.0 document: ${what}. Pass the parsed JSON of the platform's schema (GET /rest/all/schema?services=all, or a *-schema-2.4.9.json file).`, { service: 'commerce' });
  };
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) fail(`expected an object, got ${Array.isArray(doc) ? 'an array' : doc === null ? 'null' : typeof doc}`);
  const record = doc as Record<string, unknown>;
  if (typeof record['openapi'] === 'string') fail(`it is OpenAPI ${record['openapi']}, and the platform's schema endpoint answers Swagger 2.0 (an OpenAPI file is a conversion, e.g. from Adobe's documentation site)`);
  if (record['swagger'] !== '2.0') fail(`"swagger" is ${JSON.stringify(record['swagger'])}, expected "2.0"`);
  if (!record['paths'] || typeof record['paths'] !== 'object') fail('it has no "paths" object');
  if (record['definitions'] !== undefined && (typeof record['definitions'] !== 'object' || record['definitions'] === null)) fail('"definitions" is not an object');
}

export interface ConvertOptions {
  /** Keep the document's descriptions (schemas, properties, operations): `types pull` makes them doc comments. */
  descriptions?: boolean;
}

/** Definitions the query converter names for searchCriteria; the SDK defines them itself, so a document without them is complete. */
const BUILT_IN_DEFINITIONS = new Set(['framework-search-criteria-interface', 'framework-search-search-criteria-interface']);

/** Converts every operation of `doc`, and every definition they reach. */
export function convertSwagger(doc: unknown, options: ConvertOptions = {}): SwaggerConversion {
  assertSwaggerDocument(doc);
  const keep = options.descriptions ?? false;
  const definitions = doc.definitions ?? {};
  const problems: string[] = [];
  const schemas: Record<string, JsonSchema> = {};
  // Converting a definition reveals the definitions it references: close over them once, for everyone.
  const reach = new Map<string, Set<string>>();
  const directRefs = (name: string): Set<string> => {
    let refs = reach.get(name);
    if (refs) return refs;
    refs = new Set<string>();
    reach.set(name, refs);
    // A dangling reference is reported once per operation that reaches it (below).
    if (!(name in definitions)) return refs;
    schemas[name] = convertDefinition(name, definitions[name], (ref) => refs!.add(ref), keep);
    return refs;
  };
  const closure = (roots: Iterable<string>): string[] => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length) {
      const name = queue.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      queue.push(...directRefs(name));
    }
    return [...seen].sort();
  };

  const operations: ConvertedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!item || typeof item !== 'object') continue;
    const shared = Array.isArray(item['parameters']) ? (item['parameters'] as SwaggerParameter[]) : [];
    for (const method of METHODS) {
      const op = item[method] as SwaggerOperation | undefined;
      if (!op || typeof op !== 'object') continue;
      const roots = new Set<string>();
      const onRef = (name: string) => roots.add(name);
      const key = `${method.toUpperCase()} ${path}`;
      const params = mergeParameters(shared, op.parameters ?? []);
      const skipQuery = (name: string, why: string) => problems.push(`${key}: the query parameter "${name}" is left out: ${why}.`);
      const parameters = [...pathParameters(path, params, key, problems), ...convertQueryParameters(params.filter((p) => p.in === 'query'), onRef, skipQuery)];
      for (const p of params) {
        if (p.in === 'header' || p.in === 'formData') problems.push(`${key}: the ${p.in} parameter "${p.name}" is left out (the SDK sends JSON bodies and its own headers).`);
      }
      const body = params.find((p) => p.in === 'body');
      const requestBody = body ? convertSchema(body.schema ?? {}, onRef, keep) : undefined;
      const success = op.responses?.['200'] ?? op.responses?.['201'] ?? op.responses?.['202'];
      // Every platform operation declares its responses (Generator::generateMethodResponses); a document
      // without them says nothing of the answer, which is then unknown rather than empty.
      const declaresResponses = !!op.responses && typeof op.responses === 'object';
      if (!declaresResponses) problems.push(`${key}: the operation declares no responses; its answer is typed unknown.`);
      const response = success?.schema ? convertSchema(success.schema, onRef, keep) : declaresResponses ? null : {};
      const reached = closure(roots);
      for (const name of reached) {
        if (!(name in definitions) && !BUILT_IN_DEFINITIONS.has(name)) problems.push(`${key}: the definition "${name}" is referenced but not in the document; typed as unknown.`);
      }
      const description = keep ? [op.summary, op.description].find((text): text is string => typeof text === 'string' && text.trim() !== '') : undefined;
      operations.push({
        ...(description ? { description } : {}),
        method: method.toUpperCase() as ConvertedMethod,
        path,
        key,
        sourceTag: op.tags?.[0],
        parameters,
        requestBody,
        response,
        definitions: reached,
      });
    }
  }
  return { operations, schemas: sortedByName(schemas), problems };
}

/** Operation parameters override path-level ones of the same name and place. */
function mergeParameters(shared: SwaggerParameter[], own: SwaggerParameter[]): SwaggerParameter[] {
  const key = (p: SwaggerParameter) => `${p.in}:${p.name}`;
  const ownKeys = new Set(own.map(key));
  return [...shared.filter((p) => !ownKeys.has(key(p))), ...own];
}

/** One parameter per `{name}` of the path, in path order; a template name the document forgot is typed string. */
function pathParameters(path: string, params: SwaggerParameter[], key: string, problems: string[]): ConvertedParameter[] {
  const declared = new Map(params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  for (const name of declared.keys()) {
    if (!names.includes(name)) problems.push(`${key}: the path parameter "${name}" is not in the path template and is left out.`);
  }
  return names.map((name) => {
    const param = declared.get(name);
    if (!param) problems.push(`${key}: "{${name}}" has no parameter entry; typed as string.`);
    return { name, in: 'path', required: true, schema: { type: param?.type ?? 'string' } };
  });
}

function sortedByName<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]!]));
}
