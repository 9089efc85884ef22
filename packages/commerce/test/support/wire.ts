// Both ends of the contract test's wire: the valid call planned from the spec (flat input plus what
// should arrive), and the server-side reading of a captured request back into typed values the way the
// platform reads it (PHP: urldecode per path segment, bracketed query keys into nested arrays).
import { phpUrlDecode } from '@magekit/test-support/php-urldecode';
import { integerFor, numberFor, sample, stringFor, type SampleOptions } from './samples.ts';
import { deref, type JsonSchema, type Parameter, type SpecOperation } from './spec.ts';

export interface PlannedCall {
  /** The flat input handed to the client: path, query and body fields side by side. */
  input: Record<string, unknown>;
  pathValues: Record<string, string | number>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

const typesOf = (schema: JsonSchema): string[] => {
  const s = deref(schema);
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
};

function pathValue(param: Parameter): string | number {
  const [type] = typesOf(param.schema);
  if (type === 'integer') return integerFor(param.name);
  if (type === 'number') return numberFor(param.name);
  return stringFor(param.name);
}

/**
 * A valid call names one record once: where the body repeats a path id (`customer.id` for
 * `{customerId}`, `entity.sku` for `{sku}`), it carries the path's value, as the client insists
 * (route-variable conflicts). The places mirror the platform's rule, not the client's code. A string
 * path id that the body holds as an integer (`{id}` of categories) becomes that integer's digits.
 */
function alignIds(body: Record<string, unknown>, schema: JsonSchema, pathValues: Record<string, string | number>): void {
  const props = deref(schema).properties ?? {};
  for (const name of Object.keys(pathValues)) {
    const places: { record: Record<string, unknown>; key: string; types: string[] }[] = [];
    const add = (record: Record<string, unknown>, key: string, propSchema: JsonSchema | undefined) => {
      if (record[key] !== null && record[key] !== undefined) places.push({ record, key, types: propSchema ? typesOf(propSchema) : ['string'] });
    };
    if (name in body) add(body, name, props[name]);
    for (const [key, entity] of Object.entries(body)) {
      if (!entity || typeof entity !== 'object' || Array.isArray(entity) || !props[key]) continue;
      const inner = deref(props[key]!).properties ?? {};
      const record = entity as Record<string, unknown>;
      if (name in record) add(record, name, inner[name]);
      if ((name === 'id' || name === `${key}Id` || name === `${key}_id`) && 'id' in record) add(record, 'id', inner['id']);
    }
    if (typeof pathValues[name] === 'string' && places.some((p) => !p.types.includes('string'))) pathValues[name] = String(integerFor(name));
    const value = pathValues[name]!;
    for (const { record, key, types } of places) record[key] = types.includes('string') ? String(value) : Number(value);
  }
}

/**
 * Strings the spec leaves free but the platform (and so the client) restricts: searchCriteria's
 * condition types and sort directions.
 */
const PLATFORM_VALUES: Record<string, unknown> = { condition_type: 'like', direction: 'DESC' };
const options: SampleOptions = { resolve: deref, values: PLATFORM_VALUES };

export function planCall(op: SpecOperation): PlannedCall {
  const pathValues = Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p)]));
  // Every declared query parameter, optional ones too, so each serializer path runs (searchCriteria, arrays, booleans).
  const query = Object.fromEntries(op.queryParams.map((p) => [p.name, sample(p.schema, { ...options, maxDepth: 6 }, p.name)]));
  let body: Record<string, unknown> | undefined;
  if (op.body) {
    body = sample(op.body.schema, options, 'body') as Record<string, unknown>;
    alignIds(body, op.body.schema, pathValues);
  }
  return { input: { ...pathValues, ...query, ...body }, pathValues, query, body };
}

/** The decoded path parameters when `pathname` is the route's template filled in, else undefined. */
export function readPath(template: string, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name: string | undefined) => {
    if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, phpUrlDecode(match[i + 1]!)]));
}

type Raw = string | Raw[] | { [key: string]: Raw };

/** `a[b][0]=x` → { a: { b: { 0: 'x' } } }; a repeated plain key becomes a list (form style, explode). */
function nest(entries: [string, string][]): Record<string, Raw> {
  const out: Record<string, Raw> = {};
  for (const [key, value] of entries) {
    const [base, ...rest] = [key.replace(/\[.*$/, ''), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    if (rest.length === 0) {
      const prior = out[base!];
      out[base!] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior as string, value];
      continue;
    }
    let node = (out[base!] ??= {}) as Record<string, Raw>;
    rest.forEach((segment, i) => {
      if (i === rest.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Record<string, Raw>;
    });
  }
  return out;
}

/** Reads a query value as the platform would, typed by the parameter's schema (booleans as 1/0 or true/false). */
function typed(raw: Raw, schema: JsonSchema): unknown {
  const s = deref(schema);
  const types = typesOf(s);
  if (types.includes('null') && raw === '') return null;
  if (types.includes('array') && s.items) {
    const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : Object.keys(raw).sort((a, b) => Number(a) - Number(b)).map((k) => raw[k]!);
    return list.map((item) => typed(item, s.items!));
  }
  if (types.includes('object') && typeof raw === 'object' && !Array.isArray(raw)) {
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, s.properties?.[k] ? typed(v, s.properties[k]!) : v]));
  }
  if (typeof raw !== 'string') return raw;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (types.includes('boolean') && /^(1|0|true|false)$/.test(raw)) return raw === '1' || raw === 'true';
  return raw;
}

/** The query string read back per declared parameter; keys whose base name the route does not declare are listed apart. */
export function readQuery(op: SpecOperation, params: URLSearchParams): { values: Record<string, unknown>; undeclared: string[] } {
  const nested = nest([...params.entries()]);
  const values: Record<string, unknown> = {};
  const undeclared: string[] = [];
  for (const [name, raw] of Object.entries(nested)) {
    const param = op.queryParams.find((p) => p.name === name);
    if (param) values[name] = typed(raw, param.schema);
    else undeclared.push(name);
  }
  return { values, undeclared };
}
