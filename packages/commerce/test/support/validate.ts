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
