#!/usr/bin/env node
// Verifies the operationIds of the commerce spec:
//  - every operation has one, and each is unique;
//  - dotted camelCase segments, at least two (namespace + verb);
//  - no dotted prefix is both a method and a namespace (e.g. `carts.mine` and `carts.mine.get`).
//
//   node scripts/spec-tools/check-names.mjs [specs/commerce/openapi.yaml]
// Also exported as checkOperationIds(ids) -> string[] (problems) for the bootstrap script.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function checkOperationIds(ids) {
  const problems = [];
  const seen = new Set();
  for (const id of ids) {
    if (!id) { problems.push('operation without operationId'); continue; }
    if (seen.has(id)) problems.push(`duplicate operationId ${id}`);
    seen.add(id);
    const segs = id.split('.');
    if (segs.length < 2) problems.push(`operationId ${id} needs a namespace and a verb`);
    if (!segs.every((s) => /^[a-z][A-Za-z0-9]*$/.test(s))) problems.push(`operationId ${id} has a segment that is not camelCase`);
  }
  const namespaces = new Set();
  for (const id of seen) {
    const segs = id.split('.');
    for (let i = 1; i < segs.length; i++) namespaces.add(segs.slice(0, i).join('.'));
  }
  for (const id of seen) if (namespaces.has(id)) problems.push(`${id} is both a method and a namespace`);
  return problems;
}

async function main() {
  const { default: YAML } = await import('yaml');
  const root = path.resolve(process.argv[2] ?? 'specs/commerce/openapi.yaml');
  const cache = new Map();
  const load = (f) => {
    if (!cache.has(f)) cache.set(f, YAML.parse(fs.readFileSync(f, 'utf8')));
    return cache.get(f);
  };
  const resolve = (node, file) => {
    while (node && node.$ref) {
      const [target, ptr = ''] = node.$ref.split('#');
      file = target ? path.resolve(path.dirname(file), target) : file;
      node = ptr.split('/').filter(Boolean).map((p) => decodeURIComponent(p.replace(/~1/g, '/').replace(/~0/g, '~')))
        .reduce((n, k) => n?.[k], load(file));
    }
    return node;
  };
  const ids = [];
  for (const [key, item] of Object.entries(load(root).paths)) {
    const resolved = resolve(item, root);
    if (!resolved) { console.error(`unresolved path item ${key}`); process.exitCode = 1; continue; }
    for (const m of ['get', 'put', 'post', 'delete', 'patch']) if (resolved[m]) ids.push(resolved[m].operationId);
  }
  const problems = checkOperationIds(ids);
  for (const p of problems) console.error(p);
  console.log(`${ids.length} operations, ${problems.length} naming problems`);
  if (problems.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
