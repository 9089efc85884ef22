// JSON Schema validation against the bundled spec with ajv's 2020-12 dialect (the one OpenAPI 3.1 uses).
// The spec's components are registered once under one id; each route-level schema is compiled once and
// cached, and its `#/components/...` refs are pointed at that id.
import Ajv2020, { type ValidateFunction } from '@redocly/ajv/dist/2020.js';
import { doc, type JsonSchema } from './spec.ts';

const SPEC_ID = 'https://magekit.test/commerce-spec.json';

const ajv = new Ajv2020({
  // OpenAPI adds keywords JSON Schema does not know (example, discriminator, x-*): ignore them.
  strict: false,
  // The platform's formats are informal ("date-time" that is really "2024-01-01 10:00:00"): do not check them.
  validateFormats: false,
  allErrors: true,
});
ajv.addSchema({ $id: SPEC_ID, components: doc.components });

const cache = new Map<JsonSchema, ValidateFunction>();

function compile(schema: JsonSchema): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    const anchored = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${SPEC_ID}#/components/`)) as JsonSchema;
    fn = ajv.compile(anchored);
    cache.set(schema, fn);
  }
  return fn;
}

/** The problems of `value` against `schema`, one line each; empty when it is valid. */
export function schemaErrors(schema: JsonSchema, value: unknown): string[] {
  const fn = compile(schema);
  if (fn(value)) return [];
  return (fn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
}

/**
 * The problems of a response body against a route's success schema read the way the platform's
 * serializer writes it (../shared/reference/commerce/wire.md §1, §2): a required field is always
 * present but may be null; an integer result (an id) may arrive uncast, as a string of digits; a null
 * result arrives as `[]`.
 */
export function wireSchemaErrors(schema: JsonSchema, value: unknown): string[] {
  return schemaErrors(wireShaped(schema), value);
}

const wireShapes = new Map<JsonSchema, JsonSchema>();

function wireShaped(schema: JsonSchema): JsonSchema {
  let shaped = wireShapes.get(schema);
  if (!shaped) {
    const uncast = schema.type === 'integer' ? [{ type: 'string', pattern: '^[0-9]+$' }] : [];
    // A method that returns null answers `[]` (ServiceOutputProcessor::convertValue).
    shaped = { anyOf: [nullableRequired(schema), ...uncast, { type: 'array', maxItems: 0 }] };
    wireShapes.set(schema, shaped);
  }
  return shaped;
}

/** A schema whose `#/components/...` refs point at a copy of the components with required fields nullable. */
function nullableRequired(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${WIRE_ID}#/components/schemas/`)) as JsonSchema;
}

const WIRE_ID = 'https://magekit.test/commerce-wire.json';

function withNullableRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableRequired);
  if (!node || typeof node !== 'object') return node;
  const object = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withNullableRequired(v)])) as JsonSchema;
  if (object.properties && Array.isArray(object.required)) {
    for (const name of object.required) {
      const property = object.properties[name];
      if (property) object.properties[name] = { anyOf: [property, { type: 'null' }] };
    }
  }
  return object;
}

ajv.addSchema({ $id: WIRE_ID, components: withNullableRequired(doc.components) });
