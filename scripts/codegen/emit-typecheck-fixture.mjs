#!/usr/bin/env node
// Writes a consumer file with N calls (default 200) spread over the whole commerce route table, for
// measuring how the client's types check: `--client magekit` (request(...) and named methods, alternating)
// or `--client openapi-fetch` (the same calls through createClient<paths>() over the same generated
// schema.ts). The selection is deterministic (evenly spaced over the spec's routes, so every module
// contributes) and the inputs are literal objects holding exactly the required fields, as a user writes them.
//
//   node scripts/codegen/emit-typecheck-fixture.mjs --client magekit --out bench/.tmp/magekit-200.ts [--count 200]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSpec, operationsOf, resolve } from './load-spec.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SCHEMA_TS = path.join(root, 'packages/commerce/src/generated/schema.ts');

/** TypeScript source for the smallest valid value of `schema`: required members only, empty lists. */
function literal(doc, schema, depth = 0) {
  const s = resolve(doc, schema) ?? {};
  if (depth > 20) throw new Error('schema nests too deeply for a literal');
  if (s.enum?.length) return JSON.stringify(s.enum[0]);
  if ('const' in s) return JSON.stringify(s.const);
  if (s.oneOf?.length) return literal(doc, s.oneOf[0], depth);
  if (s.anyOf?.length) return literal(doc, s.anyOf[0], depth);
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type ?? (s.properties ? 'object' : 'string')];
  switch (types[0]) {
    case 'string':
      return "'x'";
    case 'integer':
    case 'number':
      return '1';
    case 'boolean':
      return 'true';
    case 'array':
      return '[]';
    case 'object':
      return members(doc, s, (s.required ?? []).filter((name) => s.properties?.[name]), depth);
    default:
      throw new Error(`no literal for type ${JSON.stringify(s.type)}`);
  }
}

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function members(doc, objectSchema, names, depth) {
  if (!names.length) return '{}';
  return `{ ${names.map((name) => `${key(name)}: ${literal(doc, objectSchema.properties[name], depth + 1)}`).join(', ')} }`;
}

/** The parts of one call: path parameters, required query parameters, the body's required members. */
function callParts(doc, o) {
  const path = o.params.filter((p) => p.in === 'path').map((p) => [p.name, literal(doc, p.schema)]);
  const query = o.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, literal(doc, p.schema)]);
  const requestBody = o.op.requestBody ? resolve(doc, o.op.requestBody) : undefined;
  const bodySchema = requestBody ? resolve(doc, requestBody.content['application/json'].schema) : undefined;
  const body = bodySchema ? (bodySchema.required ?? []).map((name) => [name, literal(doc, bodySchema.properties[name], 1)]) : [];
  return { path, query, body, bodyRequired: !!requestBody?.required };
}

const object = (pairs) => `{ ${pairs.map(([name, value]) => `${key(name)}: ${value}`).join(', ')} }`;

function magekitCall(o, parts, index) {
  const input = [...parts.path, ...parts.query, ...parts.body];
  const arg = input.length ? object(input) : '';
  // Alternate the two ways in: the route string and the named method.
  if (index % 2 === 0) return `commerce.request(${JSON.stringify(o.key)}${arg ? `, ${arg}` : ''})`;
  return `commerce.${o.op.operationId}(${arg})`;
}

function openapiFetchCall(o, parts) {
  const init = [];
  const params = [];
  if (parts.path.length) params.push(['path', object(parts.path)]);
  if (parts.query.length) params.push(['query', object(parts.query)]);
  if (params.length) init.push(['params', object(params)]);
  if (parts.body.length || parts.bodyRequired) init.push(['body', parts.body.length ? object(parts.body) : '{}']);
  return `client.${o.method}(${JSON.stringify(o.path)}${init.length ? `, ${object(init)}` : ''})`;
}

export async function emitFixture({ client, out, count = 200 }) {
  if (client !== 'magekit' && client !== 'openapi-fetch') throw new Error(`--client must be magekit or openapi-fetch, got ${client}`);
  const doc = await loadSpec(path.join(root, 'specs/commerce/openapi.yaml'));
  const ops = operationsOf(doc);
  if (count > ops.length) throw new Error(`--count ${count} exceeds the ${ops.length} routes`);
  const picked = Array.from({ length: count }, (_, i) => ops[Math.floor((i * ops.length) / count)]);
  const calls = picked.map((o, i) => {
    const parts = callParts(doc, o);
    return `  const r${i} = await ${client === 'magekit' ? magekitCall(o, parts, i) : openapiFetchCall(o, parts)};`;
  });
  let schemaImport = path.relative(path.dirname(path.resolve(out)), SCHEMA_TS).split(path.sep).join('/');
  if (!schemaImport.startsWith('.')) schemaImport = `./${schemaImport}`;
  const head =
    client === 'magekit'
      ? [`import { createCommerceClient } from '@magekit/commerce';`, '', `const commerce = createCommerceClient({ baseUrl: 'https://shop.example.com' });`]
      : [`import createClient from 'openapi-fetch';`, `import type { paths } from '${schemaImport}';`, '', `const client = createClient<paths>({ baseUrl: 'https://shop.example.com/rest' });`];
  const text = [
    `// Generated by scripts/codegen/emit-typecheck-fixture.mjs (${client}, ${count} calls over ${ops.length} routes). Do not edit.`,
    ...head,
    '',
    'export async function run(): Promise<unknown[]> {',
    ...calls,
    `  return [${picked.map((_, i) => `r${i}`).join(', ')}];`,
    '}',
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, text);
  return { out, calls: count, modules: new Set(picked.map((o) => o.op.tags?.[0])).size };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const out = arg('out');
  if (!out) {
    console.error('usage: emit-typecheck-fixture.mjs --client (or --target) magekit|openapi-fetch --out <file.ts> [--count 200]');
    process.exit(2);
  }
  // --target is the name bench/typecheck.ts uses.
  const result = await emitFixture({ client: arg('client', arg('target', 'magekit')), out, count: Number(arg('count', '200')) });
  console.log(`${result.out}: ${result.calls} calls across ${result.modules} modules`);
}
