// Deterministic, schema-valid sample values from a JSON schema (the subset the commerce spec uses: type,
// nullable type arrays, properties/required, items, additionalProperties, enum, const, oneOf/anyOf/allOf).
// Values derive from the property name, so the same name gets the same value wherever it appears: a path
// `sku` and the body's `product.sku` agree without extra work.
import type { JsonSchema } from './spec.ts';

export interface SampleOptions {
  /** Follows a `$ref` to its schema. */
  resolve: (schema: JsonSchema) => JsonSchema;
  /**
   * Object nesting from which only required properties are filled and arrays stay empty, so recursive
   * schemas (category trees) end. Default 3.
   */
  maxDepth?: number;
  /** Values for string properties by name, where the platform accepts less than the schema says. */
  values?: Record<string, unknown>;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A string that needs encoding everywhere it goes (path segment, query, JSON): space, / + % ? # & = and a non-ASCII letter. */
export const stringFor = (name: string): string => `${name} ä/+%?#&=1`;
export const integerFor = (name: string): number => 1 + (hash(name) % 997);
export const numberFor = (name: string): number => integerFor(name) + 0.25;
const booleanFor = (name: string): boolean => hash(name) % 2 === 0;

/** A key no schema declares, added to open objects (`additionalProperties: true`) to show they stay open. */
const EXTRA_KEY = 'x_magekit_extra';

export function sample(schema: JsonSchema, options: SampleOptions, name = 'value', depth = 0): unknown {
  const s = options.resolve(schema);
  const maxDepth = options.maxDepth ?? 3;
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.oneOf?.length) return sample(s.oneOf[0]!, options, name, depth);
  if (s.anyOf?.length) return sample(s.anyOf[0]!, options, name, depth);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((part) => sample(part, options, name, depth) as object));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : ['string'];
  // Nullable fields answer null: it is the case the types and the client must let through.
  if (types.includes('null')) return null;
  switch (types[0]) {
    case 'string':
      return options.values && name in options.values ? options.values[name] : stringFor(name);
    case 'integer':
      return integerFor(name);
    case 'number':
      return numberFor(name);
    case 'boolean':
      return booleanFor(name);
    case 'array':
      return depth < maxDepth && s.items ? [sample(s.items, options, name, depth + 1)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (depth < maxDepth || required.has(key)) out[key] = sample(child, options, key, depth + 1);
      }
      if (s.additionalProperties === true && depth < maxDepth) out[EXTRA_KEY] = stringFor(EXTRA_KEY);
      return out;
    }
    default:
      throw new Error(`no sample for type ${JSON.stringify(s.type)} (${name})`);
  }
}
