/**
 * compactSchema: a platform schema document → the facts `types diff` compares, in a small stable form:
 * per operation its parameters (type, required) and the type of its body and response, per definition
 * its fields (type, required). Types are written as short strings (`string`, `#catalog-data-product-interface`,
 * `integer[]`, `{a:string,b:#x}`), so two releases compare field by field with string equality.
 *
 * The same function makes the release data shipped with the package (scripts/release-data.mjs) and
 * compacts a live or saved schema at run time, so both sides of a diff are always in the same form.
 */
import { convertSwagger } from './convert.ts';
import { routeKeyOf } from './route-key.ts';
import type { JsonSchema } from './types.ts';

/** Fields of an object: `p` field → type, `r` the required ones (omitted when none). */
export interface CompactFields {
  p: Record<string, string>;
  r?: string[];
}

/** `q`: path and query parameters (type, `!` appended when required); `b`: body; `o`: response type (absent: no body). */
export interface CompactOperation {
  q?: Record<string, string>;
  b?: CompactFields | string;
  o?: string;
}

export interface CompactSchema {
  /** By route key, trailing slash trimmed (`POST /V1/orders/` and `POST /V1/orders` are one route). */
  ops: Record<string, CompactOperation>;
  /** By definition name. */
  defs: Record<string, CompactFields>;
}

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** The type of a converted schema as a short string (see the module comment). */
function compactType(schema: unknown): string {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return 'any';
  const s = schema as JsonSchema;
  if (typeof s['$ref'] === 'string') return `#${COMPONENT_REF.exec(s['$ref'])?.[1] ?? s['$ref']}`;
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = s[keyword];
    if (Array.isArray(parts) && parts.length) return parts.map(compactType).join(keyword === 'allOf' ? '&' : '|');
  }
  const type = Array.isArray(s['type']) ? (s['type'] as unknown[]).join('|') : s['type'];
  if (type === 'array') return `${compactType(s['items'])}[]`;
  if (s['properties'] && typeof s['properties'] === 'object') {
    const fields = compactFields(s);
    return `{${Object.entries(fields.p).map(([k, v]) => `${k}${fields.r?.includes(k) ? '' : '?'}:${v}`).join(',')}}`;
  }
  return typeof type === 'string' ? type : 'any';
}

/** The fields of an object schema, sorted by name. */
function compactFields(s: JsonSchema): CompactFields {
  const properties = (s['properties'] ?? {}) as Record<string, unknown>;
  const p: Record<string, string> = {};
  for (const name of Object.keys(properties).sort()) p[name] = compactType(properties[name]);
  const required = Array.isArray(s['required']) ? (s['required'] as string[]).filter((n) => n in p).sort() : [];
  return required.length ? { p, r: required } : { p };
}

/** Compacts a Swagger 2.0 document (throws InputError, as convertSwagger, when it is not one). */
export function compactSchema(document: unknown): CompactSchema {
  const conversion = convertSwagger(document);
  const ops: Record<string, CompactOperation> = {};
  for (const op of [...conversion.operations].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const compact: CompactOperation = {};
    if (op.parameters.length) compact.q = Object.fromEntries(op.parameters.map((p) => [p.name, `${compactType(p.schema)}${p.required ? '!' : ''}`]));
    if (op.requestBody) {
      const body = op.requestBody;
      compact.b = body['properties'] && typeof body['$ref'] !== 'string' ? compactFields(body) : compactType(body);
    }
    if (op.response) compact.o = compactType(op.response);
    // The first spelling wins when a document lists a route twice (with and without its trailing slash).
    ops[routeKeyOf(op.key)] ??= compact;
  }
  const defs: Record<string, CompactFields> = {};
  for (const [name, schema] of Object.entries(conversion.schemas)) defs[name] = compactFields(schema);
  return { ops, defs };
}
