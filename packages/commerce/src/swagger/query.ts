/**
 * Query parameters. The platform's documents flatten object parameters into one entry per leaf
 * (`searchCriteria[filterGroups][0][filters][0][field]`, `skuRequests[0][sku]`); OpenAPI 3.1 states
 * them as one `deepObject` parameter whose schema is the object. searchCriteria keeps its named
 * definition (the SDK's search builder types it); any other object is rebuilt from its leaves, with
 * the key spelling the wire needs (camelCase, as the platform's query parser reads it).
 */
import { componentRef } from './schema.ts';
import type { ConvertedParameter, JsonSchema, SwaggerParameter } from './types.ts';

const SEARCH_CRITERIA = 'framework-search-criteria-interface';
const SEARCH_REQUEST_CRITERIA = 'framework-search-search-criteria-interface';

function scalarSchema(param: SwaggerParameter): JsonSchema {
  const schema: JsonSchema = { type: param.type ?? 'string' };
  if (param.type === 'array') schema['items'] = { type: (param.items?.['type'] as string | undefined) ?? 'string' };
  return schema;
}

/** `a[b][0][c]` → `['b', 0, 'c']` under prefix `a`; undefined when the name is not bracketed. */
function splitBrackets(name: string): { prefix: string; path: (string | number)[] } | undefined {
  const open = name.indexOf('[');
  if (open <= 0 || !name.endsWith(']')) return undefined;
  const inner = name.slice(open + 1, -1).split('][');
  return { prefix: name.slice(0, open), path: inner.map((part) => (/^\d+$/.test(part) ? Number(part) : part)) };
}

type Node = { leaf: JsonSchema } | { object: Map<string, Node> } | { array: Node | undefined };

function insert(node: Node | undefined, path: (string | number)[], leaf: JsonSchema): Node {
  if (path.length === 0) return { leaf };
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const current = node && 'array' in node ? node.array : undefined;
    return { array: insert(current, rest, leaf) };
  }
  const object = node && 'object' in node ? node.object : new Map<string, Node>();
  object.set(head!, insert(object.get(head!), rest, leaf));
  return { object };
}

function toSchema(node: Node | undefined): JsonSchema {
  if (!node) return {};
  if ('leaf' in node) return node.leaf;
  if ('array' in node) return { type: 'array', items: toSchema(node.array) };
  return { type: 'object', properties: Object.fromEntries([...node.object].map(([key, child]) => [key, toSchema(child)])) };
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array']);

/**
 * Converts the query parameters of one operation; `onRef` hears of the definitions used, `onSkip` of a
 * parameter left out. A query parameter must have a scalar `type` in Swagger 2.0; a module whose GET
 * takes a data object with extension attributes makes the platform write one without (a `$ref` or an
 * object: magento/magento2#24116, #24626), which no query string can carry as such.
 */
export function convertQueryParameters(params: SwaggerParameter[], onRef: (name: string) => void, onSkip: (name: string, why: string) => void = () => {}): ConvertedParameter[] {
  const out: ConvertedParameter[] = [];
  const objects = new Map<string, { node: Node | undefined; required: boolean; names: string[] }>();
  for (const param of params) {
    if (param.schema !== undefined || (param.type !== undefined && !SCALAR_TYPES.has(param.type))) {
      onSkip(param.name, param.schema !== undefined ? 'it has a schema (an object) instead of a scalar type' : `its type is ${JSON.stringify(param.type ?? null)}, not a scalar`);
      continue;
    }
    const split = splitBrackets(param.name);
    if (!split) {
      const converted: ConvertedParameter = { name: param.name, in: 'query', schema: scalarSchema(param) };
      if (param.required) converted.required = true;
      if (param.type === 'array') Object.assign(converted, { style: 'form', explode: true });
      out.push(converted);
      continue;
    }
    const entry = objects.get(split.prefix) ?? { node: undefined, required: false, names: [] };
    entry.node = insert(entry.node, split.path, scalarSchema(param));
    entry.required ||= !!param.required;
    entry.names.push(param.name);
    objects.set(split.prefix, entry);
  }
  for (const [prefix, entry] of objects) {
    let schema: JsonSchema;
    if (prefix === 'searchCriteria') {
      const definition = entry.names.includes('searchCriteria[requestName]') ? SEARCH_REQUEST_CRITERIA : SEARCH_CRITERIA;
      onRef(definition);
      schema = { $ref: componentRef(definition) };
    } else {
      schema = toSchema(entry.node);
    }
    const converted: ConvertedParameter = { name: prefix, in: 'query', style: 'deepObject', explode: true, schema };
    if (entry.required) converted.required = true;
    out.push(converted);
  }
  return out;
}
