/**
 * Swagger 2.0 schema objects → OpenAPI 3.1 schemas, facts only: types, formats, enums, required lists
 * and property names are kept; prose (description, title, summary, example) and XML hints are dropped,
 * because the platform's wording is not ours to republish.
 */
import type { JsonSchema } from './types.ts';

const DROPPED = new Set(['description', 'title', 'summary', 'example', 'xml']);
/** Keywords written first, in this order, so generated YAML reads the same everywhere. */
const LEADING = ['type', 'required', 'properties', 'items'];
const DEFINITION_REF = /^#\/definitions\/(.+)$/;

/** Where a converted `$ref` to definition `name` points. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** The definition a Swagger `$ref` names, or undefined for any other reference. */
function definitionName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? DEFINITION_REF.exec(ref)?.[1] : undefined;
}

/**
 * Converts one schema. `onRef` is told of every definition the schema references (to collect the
 * definitions an operation needs).
 */
export function convertSchema(schema: unknown, onRef: (name: string) => void = () => {}, keepDescriptions = false): JsonSchema {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return {};
  const source = schema as JsonSchema;
  const convert = (sub: unknown) => convertSchema(sub, onRef, keepDescriptions);
  const name = definitionName(source['$ref']);
  if (name !== undefined) {
    onRef(name);
    return { $ref: componentRef(name) };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    // An installation's own descriptions may become its doc comments (`types pull`); the spec keeps none.
    if ((DROPPED.has(key) && !(keepDescriptions && key === 'description' && typeof value === 'string')) || key.startsWith('x-')) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out['properties'] = Object.fromEntries(Object.entries(value).map(([prop, sub]) => [prop, convert(sub)]));
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
      out[key] = convert(value);
    } else if ((key === 'allOf' || key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      out[key] = value.map(convert);
    } else {
      out[key] = value;
    }
  }
  return ordered(out);
}

/**
 * A top-level definition: as convertSchema, plus the platform's open-ended objects. An object with no
 * declared properties is a free-form map, and `*-extension-interface` objects grow with every installed
 * module, so both accept properties the document does not list.
 */
export function convertDefinition(name: string, schema: unknown, onRef?: (name: string) => void, keepDescriptions = false): JsonSchema {
  const out = convertSchema(schema, onRef, keepDescriptions);
  const freeForm = out['type'] === 'object' && out['properties'] === undefined;
  if (freeForm || (name.endsWith('-extension-interface') && out['$ref'] === undefined)) out['additionalProperties'] = true;
  return ordered(out);
}

function ordered(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const key of LEADING) if (key in schema) out[key] = schema[key];
  for (const key of Object.keys(schema)) if (!(key in out)) out[key] = schema[key];
  return out;
}
