#!/usr/bin/env node
// Safe importer: adds to specs/commerce the operations of a Swagger 2.0 document (the platform's own
// schema format) that the spec does not have yet. It never rewrites what is there: new path items are
// appended at the end of their module's file (or written as a new module file), a new method of an
// existing path item is inserted after that item's last line, new schemas are appended to their area's
// file, and openapi.yaml gets new lines only (tags, path refs, schema refs). Hand edits survive any rerun.
//
//   node --import tsx scripts/import-swagger.mjs ADMIN.json [--customer CUSTOMER.json] [--guest GUEST.json] [--dry-run] [--spec DIR]
//   npm run spec:import -- ../shared/reference/commerce/admin-schema-2.4.9.json \
//     --customer ../shared/reference/commerce/customer-schema-2.4.9.json --guest ../shared/reference/commerce/guest-schema-2.4.9.json
//
// The customer and guest documents only decide x-access (see placement.mjs). Every added operation needs
// a hand-chosen operationId in import-swagger/operation-ids.mjs; the importer stops, listing those that
// have none, before writing anything. Shapes come from convertSwagger (packages/commerce/src/swagger):
// facts only, no prose. Review the diff afterwards as you would a colleague's.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { convertSwagger } from '../packages/commerce/src/swagger/index.ts';
import { OPERATION_IDS } from './import-swagger/operation-ids.mjs';
import { accessOf, areaOf, idempotentOf, moduleOf } from './import-swagger/placement.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let specDir = path.join(root, 'specs', 'commerce');

function parseArgs(argv) {
  const args = { inputs: [], customer: undefined, guest: undefined, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dry-run') args.dryRun = true;
    else if (a === '--customer' || a === '--guest') args[a.slice(2)] = argv[++i];
    else if (a === '--spec') specDir = path.resolve(process.cwd(), argv[++i]); // another spec folder (tests)
    else if (a.startsWith('--')) fail(`unknown option ${a}`);
    else args.inputs.push(a);
  }
  if (!fs.existsSync(path.join(specDir, 'openapi.yaml'))) fail(`no openapi.yaml in ${specDir}`);
  if (args.inputs.length !== 1) fail('give exactly one Swagger 2.0 document (the admin schema) as the first argument');
  return args;
}

function fail(message) {
  console.error(`import-swagger: ${message}\nusage: node --import tsx scripts/import-swagger.mjs ADMIN.json [--customer FILE] [--guest FILE] [--dry-run]`);
  process.exit(2);
}

function readJson(file) {
  const full = path.resolve(process.cwd(), file);
  if (!fs.existsSync(full)) fail(`no file at ${full}`);
  try {
    return JSON.parse(fs.readFileSync(full, 'utf8'));
  } catch (error) {
    fail(`${full} is not JSON: ${error.message}`);
  }
}

const dump = (obj) => YAML.stringify(obj, { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true });
const escapePointer = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** Method + path with parameter names blanked and a trailing slash trimmed: how the router matches. */
const shapeOf = (method, p) => `${method} ${p.replace(/\{[^}]+\}/g, '{}').replace(/(.)\/$/, '$1')}`;

// ----------------------------------------------------------------------------------------------------
// What the spec has now
function readSpec() {
  const rootFile = path.join(specDir, 'openapi.yaml');
  const rootText = fs.readFileSync(rootFile, 'utf8');
  const rootDoc = YAML.parse(rootText);
  const fileOfPath = new Map(); // path key -> paths/<file>
  const shapes = new Set();
  const ids = new Set();
  for (const [key, ref] of Object.entries(rootDoc.paths ?? {})) {
    const file = ref.$ref?.split('#')[0];
    if (file) fileOfPath.set(key, file.replace(/^paths\//, ''));
  }
  for (const file of new Set(fileOfPath.values())) {
    const doc = YAML.parse(fs.readFileSync(path.join(specDir, 'paths', file), 'utf8')) ?? {};
    for (const [key, item] of Object.entries(doc)) {
      for (const [method, op] of Object.entries(item ?? {})) {
        shapes.add(shapeOf(method.toUpperCase(), key));
        if (op?.operationId) ids.add(op.operationId);
      }
    }
  }
  const schemaArea = new Map(Object.entries(rootDoc.components?.schemas ?? {}).map(([name, ref]) => [name, ref.$ref.split('#')[0].replace(/^schemas\//, '').replace(/\.yaml$/, '')]));
  const tags = new Set((rootDoc.tags ?? []).map((t) => t.name));
  return { rootText, fileOfPath, shapes, ids, schemaArea, tags };
}

// ----------------------------------------------------------------------------------------------------
/** Rewrites `#/components/schemas/X` for the file the schema is written into. */
function relink(node, where, areaFor) {
  if (Array.isArray(node)) return node.map((n) => relink(n, where, areaFor));
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    const match = k === '$ref' && typeof v === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(v) : null;
    if (!match) {
      out[k] = relink(v, where, areaFor);
      continue;
    }
    const area = areaFor(match[1]);
    out[k] = where === 'paths' ? `../schemas/${area}.yaml#/${match[1]}` : area === where ? `#/${match[1]}` : `./${area}.yaml#/${match[1]}`;
  }
  return out;
}

function operationObject(op, meta, areaFor) {
  const out = {
    operationId: meta.id,
    'x-idempotent': meta.idempotent,
    tags: [meta.tag],
    'x-access': meta.access,
    'x-edition': meta.edition,
    'x-catalog': false,
  };
  // A search route needs its records' unique key for exact walks (scripts/codegen/emit-walk-keys.mjs); an
  // imported one has none on record until someone reads it from the module's source.
  if (op.parameters.some((p) => p.name === 'searchCriteria')) out['x-walk-key'] = { none: "imported from an installation's schema: its unique key has not been read from the module's source; pass { key }" };
  if (op.parameters.length) {
    out.parameters = op.parameters.map((p) => ({ name: p.name, in: p.in, ...(p.required ? { required: true } : {}), ...(p.style ? { style: p.style, explode: true } : {}), schema: relink(p.schema, 'paths', areaFor) }));
  }
  if (op.requestBody) out.requestBody = { required: true, content: { 'application/json': { schema: relink(op.requestBody, 'paths', areaFor) } } };
  const error = { $ref: '../openapi.yaml#/components/responses/Error' };
  out.responses = {
    '200': op.response ? { description: 'OK', content: { 'application/json': { schema: relink(op.response, 'paths', areaFor) } } } : { description: 'No content' },
    '4XX': error,
    '5XX': error,
  };
  return out;
}

/** Text to append to a file so it stays valid YAML whatever its last byte is. */
const appendText = (current, addition) => (current === '' || current.endsWith('\n') ? '' : '\n') + addition;

/** Inserts `lines` after the last line of top-level item `key` in a YAML map file. */
function insertIntoItem(text, key, addition) {
  const lines = text.split('\n');
  const head = lines.findIndex((line) => line === `${key}:` || line === `'${key}':` || line === `"${key}":`);
  if (head < 0) throw new Error(`cannot find the path item ${key} at the top level; add it by hand`);
  let end = head + 1;
  while (end < lines.length && (lines[end].startsWith(' ') || lines[end] === '')) end++;
  while (end > head + 1 && lines[end - 1] === '') end--;
  lines.splice(end, 0, ...addition.replace(/\n$/, '').split('\n'));
  return lines.join('\n');
}

// ----------------------------------------------------------------------------------------------------
function main() {
  const args = parseArgs(process.argv.slice(2));
  const admin = convertSwagger(readJson(args.inputs[0]));
  const others = { customer: args.customer && convertSwagger(readJson(args.customer)), guest: args.guest && convertSwagger(readJson(args.guest)) };
  const spec = readSpec();
  const problems = [...admin.problems];

  // The admin document is a superset in 2.4.9, but take any operation only the others list too.
  const candidates = new Map();
  for (const conversion of [admin, others.customer, others.guest].filter(Boolean)) {
    for (const op of conversion.operations) if (!candidates.has(op.key)) candidates.set(op.key, { op, schemas: conversion.schemas });
  }
  const inDoc = (which, key) => !!others[which]?.operations.some((o) => o.key === key);

  const missing = [...candidates.values()].filter(({ op }) => !spec.shapes.has(shapeOf(op.method, op.path)));
  const unnamed = missing.filter(({ op }) => !OPERATION_IDS[op.key]).map(({ op }) => op.key);
  const unplaced = missing.filter(({ op }) => !spec.fileOfPath.has(op.path) && !moduleOf(op.path)).map(({ op }) => op.key);
  if (unnamed.length || unplaced.length) {
    if (unnamed.length) console.error(`No operationId chosen (add them to scripts/import-swagger/operation-ids.mjs):\n  ${unnamed.join('\n  ')}`);
    if (unplaced.length) console.error(`No module for (add a rule to scripts/import-swagger/placement.mjs):\n  ${unplaced.join('\n  ')}`);
    process.exit(1);
  }
  const clash = missing.filter(({ op }) => spec.ids.has(OPERATION_IDS[op.key])).map(({ op }) => `${op.key}: ${OPERATION_IDS[op.key]} is taken`);
  if (clash.length) {
    console.error(`operationIds already in the spec:\n  ${clash.join('\n  ')}`);
    process.exit(1);
  }

  // Schemas the new operations need that the spec does not have.
  const newSchemas = new Map(); // name -> converted schema
  for (const { op, schemas } of missing) {
    for (const name of op.definitions) if (!spec.schemaArea.has(name) && !newSchemas.has(name)) newSchemas.set(name, schemas[name]);
  }
  const areaFor = (name) => spec.schemaArea.get(name) ?? areaOf(name);

  // Path items per file: appended items, and methods for items the file already has.
  const appended = new Map(); // file -> { path -> item }
  const inserted = new Map(); // file -> { path -> item }
  const newTags = new Map();
  for (const { op } of missing) {
    const module = moduleOf(op.path);
    const existingFile = spec.fileOfPath.get(op.path);
    const file = existingFile ?? module.file;
    const meta = {
      id: OPERATION_IDS[op.key],
      idempotent: idempotentOf(op.key),
      tag: module?.tag ?? 'Misc',
      access: accessOf({ guest: inDoc('guest', op.key), customer: inDoc('customer', op.key) }, op.path),
      edition: module?.edition ?? 'open-source',
    };
    if (!spec.tags.has(meta.tag)) newTags.set(meta.tag, meta.edition);
    const target = existingFile ? inserted : appended;
    if (!target.has(file)) target.set(file, {});
    (target.get(file)[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, meta, areaFor);
  }

  // Write (or, with --dry-run, say what would be written).
  const writes = [];
  const pathsDir = path.join(specDir, 'paths');
  for (const [file, items] of appended) {
    const full = path.join(pathsDir, file);
    const exists = fs.existsSync(full);
    const current = exists ? fs.readFileSync(full, 'utf8') : '';
    const addition = dump(items);
    writes.push([full, exists ? current + appendText(current, addition) : `# Path items; referenced from ../openapi.yaml.\n${addition}`, `${Object.keys(items).length} path items`]);
  }
  for (const [file, items] of inserted) {
    const full = path.join(pathsDir, file);
    let text = writes.find(([f]) => f === full)?.[1] ?? fs.readFileSync(full, 'utf8');
    for (const [key, methods] of Object.entries(items)) {
      const block = dump(methods).split('\n').map((line) => (line ? `  ${line}` : line)).join('\n');
      text = insertIntoItem(text, key, block);
    }
    const index = writes.findIndex(([f]) => f === full);
    if (index >= 0) {
      writes[index][1] = text;
      writes[index][2] += ` and ${Object.keys(items).length} methods on existing path items`;
    } else writes.push([full, text, `${Object.keys(items).length} methods on existing path items`]);
  }
  const byArea = new Map();
  for (const [name, schema] of [...newSchemas].sort(([a], [b]) => a.localeCompare(b))) {
    const area = areaFor(name);
    if (!byArea.has(area)) byArea.set(area, {});
    byArea.get(area)[name] = relink(schema, area, areaFor);
  }
  for (const [area, defs] of byArea) {
    const full = path.join(specDir, 'schemas', `${area}.yaml`);
    const exists = fs.existsSync(full);
    const current = exists ? fs.readFileSync(full, 'utf8') : '';
    const addition = dump(defs);
    writes.push([full, exists ? current + appendText(current, addition) : `# Schemas; names as on the platform's /schema endpoint.\n${addition}`, `${Object.keys(defs).length} schemas`]);
  }
  // openapi.yaml: new lines only, each in its section.
  let rootText = spec.rootText;
  const indented = (obj, depth) => dump(obj).replace(/\n$/, '').split('\n').map((l) => ' '.repeat(depth) + l).join('\n');
  const insertBefore = (text, marker, block) => {
    const at = text.indexOf(`\n${marker}\n`);
    if (at < 0) throw new Error(`openapi.yaml has no top-level "${marker}" line`);
    return `${text.slice(0, at + 1)}${block}\n${text.slice(at + 1)}`;
  };
  if (newTags.size) rootText = insertBefore(rootText, 'paths:', indented([...newTags].map(([name, edition]) => ({ name, 'x-edition': edition })), 2));
  const newPathRefs = {};
  for (const [file, items] of appended) for (const key of Object.keys(items)) newPathRefs[key] = { $ref: `paths/${file}#/${escapePointer(key)}` };
  if (Object.keys(newPathRefs).length) rootText = insertBefore(rootText, 'components:', indented(newPathRefs, 2));
  const newSchemaRefs = Object.fromEntries([...newSchemas.keys()].sort().map((name) => [name, { $ref: `schemas/${areaFor(name)}.yaml#/${name}` }]));
  if (Object.keys(newSchemaRefs).length) rootText += appendText(rootText, `${indented(newSchemaRefs, 4)}\n`);
  if (rootText !== spec.rootText) writes.push([path.join(specDir, 'openapi.yaml'), rootText, `${newTags.size} tags, ${Object.keys(newPathRefs).length} path refs, ${newSchemas.size} schema refs`]);

  for (const [file, text, what] of writes) {
    console.log(`${args.dryRun ? 'would write' : 'wrote'} ${path.relative(root, file)} (+${what})`);
    if (!args.dryRun) fs.writeFileSync(file, text);
  }
  for (const p of problems) console.warn(`note: ${p}`);
  console.log(`${missing.length} operations ${args.dryRun ? 'to add' : 'added'}, ${newSchemas.size} schemas; ${candidates.size - missing.length} already in the spec were left untouched`);
}

main();
