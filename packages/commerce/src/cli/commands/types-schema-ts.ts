/**
 * OpenAPI 3.1 schemas (as the Swagger converter writes them) → TypeScript type text, for the
 * declaration file `types pull` writes. References to schemas the SDK already has become
 * `components['schemas'][name]` (so they carry the installation's extension fields too); others
 * become local type aliases, emitted once each. What cannot be expressed becomes `unknown`, and
 * the reason is recorded for the report.
 */
import type { JsonSchema } from '../../swagger/index.ts';
import { OUTPUT_SUFFIX } from '../../swagger/response-shape.ts';

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface TypeContext {
  /** Component schema names the SDK's own spec defines. */
  builtin: ReadonlySet<string>;
  /** The converted live definitions. */
  schemas: Readonly<Record<string, JsonSchema>>;
  /** Local alias per live definition referenced so far (filled as types are written). */
  aliases: Map<string, string>;
  /** Problems found while writing types, one sentence each. */
  problems: string[];
  /** What is being typed (a route key, a definition), to name it in a problem. */
  at?: string;
}

function problem(context: TypeContext, text: string): void {
  context.problems.push(context.at ? `${context.at}: ${text}` : text);
}

export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** `acme-warranty-data-claim-interface` → `AcmeWarrantyDataClaimInterface`, unique within the file. */
function aliasFor(name: string, context: TypeContext): string {
  const existing = context.aliases.get(name);
  if (existing) return existing;
  const base = name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase()).replace(/^(\d)/, '_$1') || 'Definition';
  const taken = new Set(context.aliases.values());
  let alias = base;
  for (let n = 2; taken.has(alias); n++) alias = `${base}${n}`;
  context.aliases.set(name, alias);
  return alias;
}

function referenceType(name: string, context: TypeContext): string {
  if (context.builtin.has(name)) return `components["schemas"][${JSON.stringify(name)}]`;
  // A response copy the SDK does not have: the SDK's response shape of that schema is the published one.
  const published = name.endsWith(OUTPUT_SUFFIX) ? name.slice(0, -OUTPUT_SUFFIX.length) : undefined;
  if (published !== undefined && context.builtin.has(published)) return `components["schemas"][${JSON.stringify(published)}]`;
  // The converter reports a missing definition once per route that reaches it.
  if (!context.schemas[name]) return 'unknown';
  return aliasFor(name, context);
}

export function typeOf(schema: unknown, context: TypeContext): string {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return 'unknown';
  const s = schema as JsonSchema;
  if (typeof s['$ref'] === 'string') {
    const name = COMPONENT_REF.exec(s['$ref'])?.[1];
    if (name === undefined) {
      problem(context, `the reference ${s['$ref']} does not point at a definition: typed as unknown.`);
      return 'unknown';
    }
    return referenceType(name, context);
  }
  for (const [keyword, joiner] of [['allOf', ' & '], ['oneOf', ' | '], ['anyOf', ' | ']] as const) {
    const parts = s[keyword];
    if (Array.isArray(parts) && parts.length) return parts.map((part) => wrap(typeOf(part, context))).join(joiner);
  }
  if (Array.isArray(s['enum']) && s['enum'].length) return s['enum'].map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s['const']);
  const types = (Array.isArray(s['type']) ? s['type'] : [s['type']]).filter((t): t is string => typeof t === 'string');
  if (types.length === 0) return s['properties'] ? objectType(s, context) : 'unknown';
  return types.map((type) => scalarOrStructure(type, s, context)).join(' | ');
}

function scalarOrStructure(type: string, s: JsonSchema, context: TypeContext): string {
  switch (type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `${wrap(typeOf(s['items'] ?? {}, context))}[]`;
    case 'object':
      return objectType(s, context);
    default:
      problem(context, `the schema type "${type}" is not a JSON Schema type: typed as unknown.`);
      return 'unknown';
  }
}

function objectType(s: JsonSchema, context: TypeContext): string {
  const properties = (s['properties'] ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s['required']) ? (s['required'] as string[]) : []);
  const members = Object.entries(properties).map(([name, child]) => `${memberComment(child)}${propertyName(name)}${required.has(name) ? '' : '?'}: ${typeOf(child, context)}`);
  const extra = s['additionalProperties'];
  if (extra === true) members.push('[key: string]: unknown');
  else if (extra && typeof extra === 'object' && Object.keys(extra).length) {
    if (!members.length) return `Record<string, ${typeOf(extra, context)}>`;
    members.push('[key: string]: unknown');
  } else if (!members.length) return 'Record<string, unknown>';
  return `{ ${members.join('; ')} }`;
}

/** A description as doc comment text: no comment terminator, no trailing spaces. */
export function commentText(description: string): string {
  return description.trim().replace(/\*\//g, '*\\/').replace(/[ \t]+$/gm, '');
}

/** `/** description *\/ ` before an object member (one line), or nothing. */
export function memberComment(schema: unknown): string {
  const description = schema && typeof schema === 'object' ? (schema as JsonSchema)['description'] : undefined;
  return typeof description === 'string' && description.trim() ? `/** ${commentText(description).replace(/\s*\n\s*/g, ' ')} */ ` : '';
}

function wrap(type: string): string {
  return /[|&]/.test(type) && !/^\{.*\}$/.test(type) ? `(${type})` : type;
}
