// Bundles a multi-file OpenAPI spec into one document (refs to other files become components),
// so openapi-typescript and the route-table emitter read the same thing.
import { bundle, createConfig } from '@redocly/openapi-core';

export async function loadSpec(file) {
  const config = await createConfig({});
  const { bundle: doc, problems } = await bundle({ ref: file, config, dereference: false });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    throw new Error(`${file} does not bundle:\n` + errors.map((p) => `  ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`).join('\n'));
  }
  return doc.parsed;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** Every operation of a bundled document, with its path-level parameters merged in. */
export function operationsOf(doc) {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(doc, p));
      out.push({ path, method: method.toUpperCase(), op, params, key: `${method.toUpperCase()} ${path}` });
    }
  }
  return out;
}

export function resolve(doc, node) {
  let seen = 0;
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (++seen > 20) throw new Error(`$ref loop at ${node.$ref}`);
    node = node.$ref.replace(/^#\//, '').split('/').reduce((n, part) => n?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}
