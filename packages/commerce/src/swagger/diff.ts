/**
 * diffSchemas: what changes for a caller between two schemas in compact form (compact.ts): routes added
 * and removed, parameters and fields added, removed, changed in type or in required-ness, and which of
 * those break a caller. A field's change breaks callers by the side it is on: a definition a route
 * sends (its body, transitively) breaks when a field it must send appears or a field it sends goes away
 * (the platform refuses fields its interfaces do not have); a definition a route answers with breaks
 * when a field it reads goes away or may now be absent. A type change breaks both.
 */
import type { CompactFields, CompactOperation, CompactSchema } from './compact.ts';

type ChangeKind =
  | 'route-removed'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-type'
  | 'parameter-required'
  | 'parameter-optional'
  | 'body-type'
  | 'response-type'
  | 'field-added'
  | 'field-removed'
  | 'field-type'
  | 'field-required'
  | 'field-optional';

export interface SchemaChange {
  kind: ChangeKind;
  /** The route, for a route, parameter, body or response change. */
  route?: string;
  /** The definition, for a field change (`<route> body` for a route's inline body). */
  definition?: string;
  /** The parameter or field. */
  name?: string;
  from?: string;
  to?: string;
  breaking: boolean;
  /** The routes in both schemas that send or answer with the definition (field changes). */
  routes?: string[];
}

export interface SchemaDiff {
  added: string[];
  removed: string[];
  changes: SchemaChange[];
  /** Routes of the first schema a caller of which is broken by some change (removed routes included). */
  breakingRoutes: string[];
}

const REF = /#([A-Za-z0-9_.-]+)/g;
const refsOf = (type: string | undefined): string[] => (type ? [...type.matchAll(REF)].map((m) => m[1]!) : []);
const isRequired = (param: string) => param.endsWith('!');
const typeOfParam = (param: string) => param.replace(/!$/, '');

/** Definitions reached from `types`, through the fields of both schemas' definitions. */
function reach(types: readonly (string | undefined)[], a: CompactSchema, b: CompactSchema): Set<string> {
  const seen = new Set<string>();
  const queue = types.flatMap(refsOf);
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const schema of [a, b]) for (const type of Object.values(schema.defs[name]?.p ?? {})) queue.push(...refsOf(type));
  }
  return seen;
}

function bodyTypes(op: CompactOperation | undefined): (string | undefined)[] {
  if (!op?.b) return [];
  return typeof op.b === 'string' ? [op.b] : Object.values(op.b.p);
}

interface Sides {
  sends: boolean;
  reads: boolean;
}

/** Field changes between two versions of one object; `sides` says how callers use it. */
function fieldChanges(definition: string, before: CompactFields, after: CompactFields, sides: Sides, routes: string[] | undefined): SchemaChange[] {
  const out: SchemaChange[] = [];
  const req = (fields: CompactFields, name: string) => fields.r?.includes(name) ?? false;
  const at = (change: Omit<SchemaChange, 'definition' | 'routes'>): void => void out.push({ definition, ...change, ...(routes ? { routes } : {}) });
  for (const name of Object.keys(after.p)) {
    if (name in before.p) continue;
    at({ kind: 'field-added', name, to: `${after.p[name]}${req(after, name) ? '' : '?'}`, breaking: sides.sends && req(after, name) });
  }
  for (const [name, type] of Object.entries(before.p)) {
    const now = after.p[name];
    if (now === undefined) {
      at({ kind: 'field-removed', name, from: type, breaking: sides.sends || sides.reads });
      continue;
    }
    if (now !== type) at({ kind: 'field-type', name, from: type, to: now, breaking: sides.sends || sides.reads });
    if (!req(before, name) && req(after, name)) at({ kind: 'field-required', name, breaking: sides.sends });
    if (req(before, name) && !req(after, name)) at({ kind: 'field-optional', name, breaking: sides.reads });
  }
  return out;
}

function parameterChanges(route: string, before: CompactOperation, after: CompactOperation): SchemaChange[] {
  const out: SchemaChange[] = [];
  const a = before.q ?? {};
  const b = after.q ?? {};
  for (const [name, param] of Object.entries(b)) {
    if (!(name in a)) out.push({ kind: 'parameter-added', route, name, to: param, breaking: isRequired(param) });
  }
  for (const [name, param] of Object.entries(a)) {
    const now = b[name];
    if (now === undefined) {
      out.push({ kind: 'parameter-removed', route, name, from: param, breaking: true });
      continue;
    }
    if (typeOfParam(now) !== typeOfParam(param)) out.push({ kind: 'parameter-type', route, name, from: typeOfParam(param), to: typeOfParam(now), breaking: true });
    if (!isRequired(param) && isRequired(now)) out.push({ kind: 'parameter-required', route, name, breaking: true });
    if (isRequired(param) && !isRequired(now)) out.push({ kind: 'parameter-optional', route, name, breaking: false });
  }
  return out;
}

export function diffSchemas(a: CompactSchema, b: CompactSchema): SchemaDiff {
  const added = Object.keys(b.ops).filter((key) => !(key in a.ops)).sort();
  const removed = Object.keys(a.ops).filter((key) => !(key in b.ops)).sort();
  const common = Object.keys(a.ops).filter((key) => key in b.ops).sort();
  const changes: SchemaChange[] = removed.map((route) => ({ kind: 'route-removed', route, breaking: true }));

  // Which common routes send and read each definition.
  const senders = new Map<string, string[]>();
  const readers = new Map<string, string[]>();
  const note = (map: Map<string, string[]>, names: Set<string>, route: string) => names.forEach((name) => (map.get(name) ?? map.set(name, []).get(name)!).push(route));
  for (const route of common) {
    const before = a.ops[route]!;
    const after = b.ops[route]!;
    note(senders, reach([...bodyTypes(before), ...bodyTypes(after), ...Object.values(before.q ?? {}), ...Object.values(after.q ?? {})], a, b), route);
    note(readers, reach([before.o, after.o], a, b), route);
    changes.push(...parameterChanges(route, before, after));
    if (before.b !== undefined || after.b !== undefined) {
      if (typeof before.b === 'object' && typeof after.b === 'object') changes.push(...fieldChanges(`${route} body`, before.b, after.b, { sends: true, reads: false }, [route]));
      else if (JSON.stringify(before.b) !== JSON.stringify(after.b)) changes.push({ kind: 'body-type', route, from: describeBody(before.b), to: describeBody(after.b), breaking: true });
    }
    if (before.o !== after.o) changes.push({ kind: 'response-type', route, from: before.o ?? 'none', to: after.o ?? 'none', breaking: true });
  }
  for (const name of Object.keys(a.defs).sort()) {
    const after = b.defs[name];
    if (!after) continue;
    const sends = senders.get(name) ?? [];
    const reads = readers.get(name) ?? [];
    const routes = [...new Set([...sends, ...reads])].sort();
    changes.push(...fieldChanges(name, a.defs[name]!, after, { sends: sends.length > 0, reads: reads.length > 0 }, routes));
  }

  const breaking = new Set<string>(removed);
  for (const change of changes) {
    if (!change.breaking) continue;
    if (change.route) breaking.add(change.route);
    else if (change.definition) {
      const inlineBody = change.definition.endsWith(' body');
      const sends = inlineBody ? (change.routes ?? []) : (senders.get(change.definition) ?? []);
      const reads = inlineBody ? [] : (readers.get(change.definition) ?? []);
      // Only the side the change breaks: a new required field breaks senders, a now-optional one readers.
      const affected = change.kind === 'field-required' || change.kind === 'field-added' ? sends : change.kind === 'field-optional' ? reads : [...sends, ...reads];
      affected.forEach((route) => breaking.add(route));
    }
  }
  return { added, removed, changes, breakingRoutes: [...breaking].sort() };
}

function describeBody(body: CompactOperation['b']): string {
  if (body === undefined) return 'none';
  return typeof body === 'string' ? body : `{${Object.keys(body.p).join(',')}}`;
}

/** The diff limited to some routes (a project's calls): changes that touch none of them are dropped. */
export function limitDiff(diff: SchemaDiff, routes: ReadonlySet<string>): SchemaDiff {
  const changes: SchemaChange[] = [];
  for (const change of diff.changes) {
    if (change.route !== undefined) {
      if (routes.has(change.route)) changes.push(change);
      continue;
    }
    const used = (change.routes ?? []).filter((route) => routes.has(route));
    if (used.length) changes.push({ ...change, routes: used });
  }
  return { added: diff.added.filter((r) => routes.has(r)), removed: diff.removed.filter((r) => routes.has(r)), changes, breakingRoutes: diff.breakingRoutes.filter((r) => routes.has(r)) };
}
