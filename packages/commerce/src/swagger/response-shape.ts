/**
 * Response schemas as the platform's REST serializer writes them, beside the request schemas the
 * platform reads. One implementation for the SDK's generator (scripts/generate.mjs) and for
 * `magekit-commerce types pull`, so an installation's own types follow the same rules.
 *
 * The rule (DataObjectProcessor::buildOutputDataArray, docs/platform-behaviour.md): a getter whose
 * docblock type is not nullable is written even when its value is null, and the published schemas
 * mark exactly those getters `required`. So in a response, `required` means "always present, possibly
 * null": such a property becomes `T | null`. A getter declared nullable is left out when null: those
 * properties stay optional and non-null, as the schemas already say.
 *
 * A schema used by responses gets an output copy, named `<name>.output`, when its response shape
 * differs (it, or a schema it reaches, has a required property); the published name keeps the shape
 * requests send. Pure and deterministic (plain data in, plain data out): the generator runs it under
 * Node's type stripping, so it imports nothing.
 */

type Schema = { [keyword: string]: unknown };

/** `catalog-data-product-interface` → `catalog-data-product-interface.output` (schema names carry no dot). */
export const OUTPUT_SUFFIX = '.output';

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;
/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples', 'required']);
/** Keywords whose values map names to schemas: every entry is a schema, whatever its name (a field may be called `default`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** `node[key]` rewritten by `each`: a schema map entry by entry, data as it is, anything else as a schema. */
function mapChild(key: string, value: unknown, each: (child: unknown) => unknown): unknown {
  if (DATA_KEYWORDS.has(key)) return value;
  if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, each(child)]));
  }
  return each(value);
}
/** Keywords that describe a property rather than shape it: kept on the nullable wrapper, where the emitters read them. */
const ANNOTATIONS = ['description', 'title', 'deprecated'];

export interface ResponseShapes {
  /** The output copies to add beside the published schemas, by name (`<name>.output`). */
  schemas: Record<string, Schema>;
  /** The response schemas given, rewritten: refs to schemas with an output copy point at the copy. */
  responses: (Schema | null)[];
  /** Fields typed `T | null` in responses (published schemas and inline response objects, each counted once). */
  nullableFields: number;
}

/**
 * The output side of a document: `schemas` are its component schemas (refs as
 * `#/components/schemas/<name>`), `responses` the success bodies of its operations (null: no body).
 * `copied`: names that have a response copy elsewhere already (the SDK's own, for `types pull`), so
 * references to them point at `<name>.output` whatever the document says of them.
 */
export function responseShapes(schemas: Readonly<Record<string, Schema>>, responses: readonly (Schema | null)[], copied: ReadonlySet<string> = new Set()): ResponseShapes {
  for (const name of Object.keys(schemas)) {
    if (name.endsWith(OUTPUT_SUFFIX)) throw new Error(`The schema "${name}" ends with "${OUTPUT_SUFFIX}", the suffix of response copies; rename it.`);
  }
  const reached = reachableFrom(responses, schemas);
  const differs = differing(reached, schemas, copied);
  const counter = { nullable: 0 };
  const out: Record<string, Schema> = {};
  for (const name of [...differs].sort()) out[name + OUTPUT_SUFFIX] = asOutput(schemas[name]!, differs, counter) as Schema;
  const rewritten = responses.map((schema) => (schema ? (asOutput(schema, differs, counter) as Schema) : null));
  return { schemas: out, responses: rewritten, nullableFields: counter.nullable };
}

function refName(node: Schema): string | undefined {
  return typeof node['$ref'] === 'string' ? COMPONENT_REF.exec(node['$ref'])?.[1] : undefined;
}

/** Calls `visit` on every schema object inside `node` (itself included), skipping data keywords. */
function walk(node: unknown, visit: (schema: Schema) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  visit(node as Schema);
  for (const [key, value] of Object.entries(node)) mapChild(key, value, (child) => walk(child, visit));
}

function reachableFrom(roots: readonly unknown[], schemas: Readonly<Record<string, Schema>>): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    walk(queue.pop(), (schema) => {
      const name = refName(schema);
      if (name === undefined || seen.has(name) || !schemas[name]) return;
      seen.add(name);
      queue.push(schemas[name]);
    });
  }
  return seen;
}

/** A required property that is not already nullable. */
function hasNonNullableRequired(schema: Schema): boolean {
  let found = false;
  walk(schema, (node) => {
    const properties = node['properties'] as Record<string, unknown> | undefined;
    if (!found && properties && Array.isArray(node['required'])) found = node['required'].some((name) => name in properties && widensToNull(properties[name]));
  });
  return found;
}

/** The reached schemas whose response shape differs from the published one (fixed point over refs). */
function differing(reached: Set<string>, schemas: Readonly<Record<string, Schema>>, copied: ReadonlySet<string>): Set<string> {
  const differs = new Set([...reached].filter((name) => copied.has(name) || hasNonNullableRequired(schemas[name]!)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of reached) {
      if (differs.has(name)) continue;
      let refersToChanged = false;
      walk(schemas[name], (node) => {
        const target = refName(node);
        if (target !== undefined && differs.has(target)) refersToChanged = true;
      });
      if (refersToChanged) {
        differs.add(name);
        grew = true;
      }
    }
  }
  return differs;
}

function asOutput(node: unknown, differs: Set<string>, counter: { nullable: number }): unknown {
  if (Array.isArray(node)) return node.map((item) => asOutput(item, differs, counter));
  if (!node || typeof node !== 'object') return node;
  const schema = node as Schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = mapChild(key, value, (child) => asOutput(child, differs, counter));
  const name = refName(schema);
  if (name !== undefined && differs.has(name)) copy['$ref'] = `#/components/schemas/${name}${OUTPUT_SUFFIX}`;
  const properties = copy['properties'] as Record<string, unknown> | undefined;
  if (properties && Array.isArray(schema['required'])) {
    const widened: Record<string, unknown> = {};
    for (const [property, child] of Object.entries(properties)) {
      const nullable = schema['required'].includes(property) && widensToNull(child);
      if (nullable) counter.nullable += 1;
      widened[property] = nullable ? orNull(child as Schema) : child;
    }
    copy['properties'] = widened;
  }
  return copy;
}

/** Whether `T | null` says more than the schema does: false when it already admits null, or anything. */
function widensToNull(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Schema;
  const types = Array.isArray(s['type']) ? s['type'] : [s['type']];
  if (types.includes('null') || s['nullable'] === true) return false;
  for (const keyword of ['anyOf', 'oneOf']) {
    const parts = s[keyword];
    if (Array.isArray(parts) && parts.some((part) => !widensToNull(part))) return false;
  }
  const shaped = typeof s['type'] === 'string' || Array.isArray(s['type']) || typeof s['$ref'] === 'string' || ['allOf', 'anyOf', 'oneOf', 'enum', 'const', 'properties'].some((k) => k in s);
  return shaped;
}

/** `T` → `T | null`: a plain type gains `null` in its type list; anything else is wrapped in anyOf. */
function orNull(schema: Schema): Schema {
  const plain = (typeof schema['type'] === 'string' || Array.isArray(schema['type'])) && !('enum' in schema) && !('const' in schema) && !('$ref' in schema) && !['allOf', 'anyOf', 'oneOf'].some((k) => k in schema);
  if (plain) return { ...schema, type: [...(Array.isArray(schema['type']) ? schema['type'] : [schema['type']]), 'null'] };
  const wrapper: Schema = {};
  const inner: Schema = { ...schema };
  for (const key of ANNOTATIONS) {
    if (!(key in inner)) continue;
    wrapper[key] = inner[key];
    delete inner[key];
  }
  return { ...wrapper, anyOf: [inner, { type: 'null' }] };
}

/**
 * The route-table flag that tells the runtime how to read a route's result (platform/wire-result.ts):
 * `l` a list (`[]` is an empty list), `i` a number (the platform sends scalar results uncast: `"81668"`),
 * `e` a record with no required field (`[]` is the empty record), none for any other result (`[]`
 * there is how the platform answers a method that returned null).
 */
export function resultFlag(response: Schema | null, schemas: Readonly<Record<string, Schema>>): string {
  if (!response) return '';
  const schema = dereferenced(response, schemas);
  // `T | null` (a result the spec says may be null): read T.
  const alternatives = [schema['anyOf'], schema['oneOf']].find(Array.isArray) as Schema[] | undefined;
  if (alternatives) {
    const value = alternatives.find((part) => !typesOf(dereferenced(part, schemas)).includes('null'));
    return value ? resultFlag(value, schemas) : '';
  }
  const types = typesOf(schema);
  if (types.includes('array')) return 'l';
  if (types.includes('integer') || types.includes('number')) return 'i';
  if (types.includes('object')) return Array.isArray(schema['required']) && schema['required'].length ? '' : 'e';
  return '';
}

function dereferenced(schema: Schema, schemas: Readonly<Record<string, Schema>>): Schema {
  let node = schema;
  for (let hops = 0; refName(node) !== undefined; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(node['$ref'])}`);
    node = schemas[refName(node)!] ?? {};
  }
  return node;
}

function typesOf(schema: Schema): string[] {
  const types = (Array.isArray(schema['type']) ? schema['type'] : [schema['type']]).filter((t): t is string => typeof t === 'string');
  return !types.length && schema['properties'] ? ['object'] : types;
}
