#!/usr/bin/env node
// One-shot bootstrap of specs/commerce/** from the seed's endpoint catalog and the 2.4.9 reference
// schemas (Swagger 2.0). Takes FACTS only (routes, parameter names, field names, types, required lists);
// never copies description/summary prose. The YAML it writes is the maintained product afterwards:
// re-running this script overwrites hand edits, so only do that deliberately (and diff the result).
//
//   node scripts/spec-tools/bootstrap-commerce.mjs [--shared ../shared] [--dry-run]
//
// The operationId table lives in ./commerce-operation-ids.mjs; names are verified by ./check-names.mjs.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { OPERATION_IDS } from './commerce-operation-ids.mjs';
import { checkOperationIds } from './check-names.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const args = process.argv.slice(2);
const sharedDir = path.resolve(root, args.includes('--shared') ? args[args.indexOf('--shared') + 1] : '../shared');
const dryRun = args.includes('--dry-run');
const outDir = path.join(root, 'specs', 'commerce');

// ---------------------------------------------------------------------------------------------
// Inputs
const seedFile = fs.readdirSync(path.join(sharedDir, 'seeds')).find((f) => f.startsWith('000_'));
const seedText = fs.readFileSync(path.join(sharedDir, 'seeds', seedFile), 'utf8');
const ref = Object.fromEntries(['admin', 'customer', 'guest'].map((n) => [n,
  JSON.parse(fs.readFileSync(path.join(sharedDir, 'reference', 'commerce', `${n}-schema-2.4.9.json`), 'utf8'))]));
const DEFS = ref.admin.definitions;

const COMMERCE_ONLY = new Set(['CustomerBalance', 'GiftCardAccount', 'GiftRegistry', 'GiftWrapping', 'Reward', 'Rma', 'PaymentProvider']);

function seedRoutes() {
  const out = [];
  let module = null;
  for (const line of seedText.split('\n')) {
    const m = line.match(/^\[(\w+)\]$/);
    if (m) { module = m[1]; continue; }
    const r = line.match(/^(GET|POST|PUT|DELETE|PATCH) (\/V1\/\S*)$/);
    if (r && module) out.push({ method: r[1].toLowerCase(), raw: r[2], module });
  }
  return out;
}

const routes = seedRoutes().map((r) => ({
  ...r,
  key: r.raw.replace(/:(\w+)/g, '{$1}').replace('<provider>', '{provider}'),
}));
// Extra routes the seed and facts.md name but the catalog does not list.
const EXTRA = [
  { method: 'post', key: '/V1/tfa/provider/google/authenticate', module: 'TwoFactorAuth', extra: true },
  { method: 'post', key: '/V1/integration/customer/revoke-customer-token', module: 'Integration', extra: true },
];
if (routes.length !== 408) throw new Error(`expected 408 catalog routes, found ${routes.length}`);

// Where the reference keeps a catalog route (same method, same path incl. parameter names).
function refPathFor(key) {
  if (key === '/V1/{provider}-guest-carts/{cartId}/payment-information') return '/V1/guest-carts/{cartId}/payment-information';
  if (key === '/V1/orders/') return '/V1/orders'; // 2.4.9 dropped the trailing slash; the router trims it
  return key;
}

// ---------------------------------------------------------------------------------------------
// Schema areas: reference definition name prefix -> schemas/<area>.yaml
const AREAS = [
  ['asynchronous-operations-', 'asynchronous-operations'],
  ['catalog-inventory-', 'catalog-inventory'],
  ['catalog-data-product-render', 'catalog-product-render'],
  ['msrp-', 'catalog-product-render'],
  ['weee-', 'catalog-product-render'],
  ['catalog-', 'catalog'],
  ['bundle-', 'product-types'],
  ['configurable-product-', 'product-types'],
  ['downloadable-', 'product-types'],
  ['grouped-product-', 'product-types'],
  ['gift-card-account-', 'gift'],
  ['gift-card-', 'product-types'],
  ['cms-', 'cms'],
  ['customer-', 'customer'],
  ['directory-', 'directory'],
  ['eav-', 'eav'],
  ['framework-', 'framework'],
  ['error-', 'framework'],
  ['unstructured-array', 'framework'],
  ['gift-message-', 'gift'],
  ['gift-registry-', 'gift'],
  ['gift-wrapping-', 'gift'],
  ['inventory-', 'inventory'],
  ['checkout-agreements-', 'checkout'],
  ['checkout-', 'checkout'],
  ['payment-', 'checkout'],
  ['quote-', 'quote'],
  ['sales-rule-', 'sales-rule'],
  ['sales-', 'sales'],
  ['tax-', 'tax'],
  ['store-', 'store'],
  ['rma-', 'rma'],
  ['two-factor-auth-', 'misc'],
  ['analytics-', 'misc'],
  ['backend-', 'misc'],
  ['company-', 'b2b'],
  ['negotiable-quote-', 'b2b'],
  ['requisition-list-', 'b2b'],
  ['', 'misc'],
];
const areaOf = (name) => AREAS.find(([p]) => name.startsWith(p))[1];

// ---------------------------------------------------------------------------------------------
// Swagger 2.0 schema -> OpenAPI 3.1 schema (facts only).
// ctx: 'paths' | area name (schemas file) | 'root'
function refTo(name, ctx) {
  const area = areaOf(name);
  if (ctx === 'paths') return `../schemas/${area}.yaml#/${name}`;
  if (ctx === 'root') return `schemas/${area}.yaml#/${name}`;
  return ctx === area ? `#/${name}` : `./${area}.yaml#/${name}`;
}
const used = new Set();
const pending = [];
function useDef(name) {
  if (!used.has(name)) { used.add(name); pending.push(name); }
}

function conv(schema, ctx) {
  if (!schema || typeof schema !== 'object') return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/definitions/', '');
    useDef(name);
    return { $ref: refTo(name, ctx) };
  }
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'description' || k === 'xml' || k === 'title' || k === 'example') continue;
    if (k === 'properties') {
      out.properties = Object.fromEntries(Object.entries(v).map(([pn, ps]) => [pn, conv(ps, ctx)]));
    } else if (k === 'items' || k === 'additionalProperties') {
      out[k] = typeof v === 'object' ? conv(v, ctx) : v;
    } else {
      out[k] = v;
    }
  }
  // property order: type first, then required, properties, rest
  const ordered = {};
  for (const k of ['type', 'required', 'properties', 'items']) if (k in out) ordered[k] = out[k];
  for (const k of Object.keys(out)) if (!(k in ordered)) ordered[k] = out[k];
  return ordered;
}

// Definition-level fixes (facts.md and platform behaviour), applied after conversion.
const NULLABLE = {
  'asynchronous-operations-data-bulk-operations-status-interface': ['user_id'],
  'asynchronous-operations-data-detailed-bulk-operations-status-interface': ['user_id'],
  'asynchronous-operations-data-operation-interface': ['error_code', 'result_serialized_data'],
  'asynchronous-operations-data-summary-operation-status-interface': ['error_code'],
};
function finishDef(name, s) {
  if (s.type === 'object' && !s.properties) s.additionalProperties = true;
  if (/-extension-interface$/.test(name)) s.additionalProperties = true; // installed modules add more
  for (const p of NULLABLE[name] ?? []) {
    const t = s.properties[p].type;
    s.properties[p].type = [t, 'null'];
  }
  if (name === 'framework-attribute-interface') s.properties.value = {}; // mixed: string, number, array...
  return s;
}

// Definitions not in the reference (facts.md: async acceptance), and the error body per facts.md.
const EXTRA_DEFS = {
  'asynchronous-operations-data-async-response-interface': {
    type: 'object',
    required: ['bulk_uuid', 'request_items', 'errors'],
    properties: {
      bulk_uuid: { type: 'string' },
      request_items: { type: 'array', items: { $ref: '#/asynchronous-operations-data-item-status-interface' } },
      errors: { type: 'boolean' },
    },
  },
  'asynchronous-operations-data-item-status-interface': {
    type: 'object',
    required: ['id', 'data_hash', 'status'],
    properties: {
      id: { type: 'integer' },
      data_hash: { type: 'string' },
      status: { type: 'string', enum: ['accepted', 'rejected'] },
      error_message: { type: ['string', 'null'] },
      error_code: { type: ['integer', 'null'] },
    },
  },
};
const ERROR_DEFS = {
  'error-response': {
    type: 'object',
    description: 'Error body. `message` is a template whose %1 / %name placeholders are filled from `parameters`.',
    required: ['message'],
    properties: {
      message: { type: 'string' },
      code: { type: 'integer' },
      parameters: { $ref: '#/error-parameters' },
      errors: { $ref: '#/error-errors' },
      trace: { type: 'string', description: 'Only in developer mode.' },
    },
  },
  'error-errors': { type: 'array', items: { $ref: '#/error-errors-item' } },
  'error-errors-item': {
    type: 'object',
    properties: { message: { type: 'string' }, parameters: { $ref: '#/error-parameters' } },
  },
  'error-parameters': {
    description: 'Positional values (%1, %2...) as an array, or named values as an object.',
    oneOf: [
      { type: 'array', items: {} },
      { type: 'object', additionalProperties: true },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Operations
const errRef = { $ref: '../openapi.yaml#/components/responses/Error' };
const problems = [];

function queryParams(params, ctx) {
  const out = [];
  const groups = new Map();
  for (const p of params) {
    const i = p.name.indexOf('[');
    if (i < 0) {
      const schema = { type: p.type };
      if (p.items) schema.items = { type: p.items.type };
      const q = { name: p.name, in: 'query' };
      if (p.required) q.required = true;
      q.schema = schema;
      if (p.type === 'array') { q.style = 'form'; q.explode = true; }
      out.push(q);
      continue;
    }
    const prefix = p.name.slice(0, i);
    if (!groups.has(prefix)) groups.set(prefix, []);
    groups.get(prefix).push(p);
  }
  for (const [prefix, ps] of groups) {
    let defName;
    if (prefix === 'searchCriteria') {
      defName = ps.some((p) => p.name === 'searchCriteria[requestName]')
        ? 'framework-search-search-criteria-interface' : 'framework-search-criteria-interface';
    } else {
      // flattened object: find the definition with exactly these leaf names
      const leaves = ps.map((p) => p.name.slice(prefix.length + 1, -1)).sort().join(',');
      defName = Object.keys(DEFS).find((d) => Object.keys(DEFS[d].properties ?? {}).sort().join(',') === leaves);
      if (!defName) throw new Error(`no definition for query object ${prefix}`);
    }
    useDef(defName);
    const q = { name: prefix, in: 'query' };
    if (ps.some((p) => p.required)) q.required = true;
    Object.assign(q, { style: 'deepObject', explode: true, schema: { $ref: refTo(defName, ctx) } });
    out.push(q);
  }
  return out;
}

function accessOf(refPath, method) {
  if (ref.guest.paths[refPath]?.[method]) return 'guest';
  if (ref.customer.paths[refPath]?.[method]) return 'customer';
  return 'admin';
}

function buildOperation(r) {
  const refPath = refPathFor(r.key);
  const src = ['admin', 'customer', 'guest'].find((n) => ref[n].paths[refPath]?.[r.method]);
  if (!src) throw new Error(`no reference operation for ${r.method} ${r.key}`);
  const rop = ref[src].paths[refPath][r.method];
  const operationId = OPERATION_IDS[`${r.method.toUpperCase()} ${r.key}`];
  if (!operationId) problems.push(`no operationId for ${r.method.toUpperCase()} ${r.key}`);
  const op = { operationId, tags: [r.module], 'x-access': accessOf(refPath, r.method) };
  if (COMMERCE_ONLY.has(r.module)) op['x-edition'] = 'commerce';
  if (r.extra) op['x-catalog'] = false;

  const params = [];
  if (r.key.includes('{provider}')) params.push({ name: 'provider', in: 'path', required: true, schema: { type: 'string' } });
  const pathNames = [...r.key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  for (const p of (rop.parameters ?? []).filter((x) => x.in === 'path')) {
    params.push({ name: p.name, in: 'path', required: true, schema: { type: p.type } });
  }
  const declared = params.map((p) => p.name).sort().join();
  if (declared !== [...pathNames].sort().join()) problems.push(`path params differ on ${r.key}: ${declared}`);
  params.push(...queryParams((rop.parameters ?? []).filter((x) => x.in === 'query'), 'paths'));
  if (params.length) op.parameters = params;

  const body = (rop.parameters ?? []).find((x) => x.in === 'body');
  if (body) {
    const schema = conv(body.schema, 'paths');
    for (const name of Object.keys(schema.properties ?? {})) {
      if (pathNames.includes(name)) problems.push(`body property equals path parameter: ${r.method} ${r.key} ${name}`);
    }
    op.requestBody = { required: true, content: { 'application/json': { schema } } };
  }
  const ok = rop.responses?.['200'];
  op.responses = ok?.schema
    ? { '200': { description: 'OK', content: { 'application/json': { schema: conv(ok.schema, 'paths') } } } }
    : { '200': { description: 'No content' } };
  if (!ok) op['x-deviation'] = 'The reference declares no success response for this void operation; modelled as 200 without a body.';
  op.responses['4XX'] = errRef;
  op.responses['5XX'] = errRef;
  if (r.key.includes('{provider}')) {
    op['x-deviation'] = 'The 2.4.9 reference has no <provider>-guest-carts route (Worldpay left core in 2.4.0); body and response mirror POST /V1/guest-carts/{cartId}/payment-information.';
  }
  const order = ['operationId', 'tags', 'x-access', 'x-edition', 'x-catalog', 'x-deviation', 'parameters', 'requestBody', 'responses'];
  return Object.fromEntries(order.filter((k) => k in op).map((k) => [k, op[k]]));
}

const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const pathFiles = new Map(); // file -> { key -> item }
const keyOwner = new Map();
const modules = [];
for (const r of [...routes, ...EXTRA]) {
  if (!modules.includes(r.module)) modules.push(r.module);
  const file = `${kebab(r.module)}.yaml`;
  if (keyOwner.has(r.key) && keyOwner.get(r.key) !== file) problems.push(`path ${r.key} is in ${keyOwner.get(r.key)} and ${file}`);
  keyOwner.set(r.key, file);
  if (!pathFiles.has(file)) pathFiles.set(file, {});
  const items = pathFiles.get(file);
  items[r.key] ??= {};
  items[r.key][r.method] = buildOperation(r);
}
// method order inside a path item
for (const items of pathFiles.values()) {
  for (const key of Object.keys(items)) {
    const item = items[key];
    items[key] = Object.fromEntries(['get', 'post', 'put', 'delete', 'patch'].filter((m) => item[m]).map((m) => [m, item[m]]));
  }
}

// ---------------------------------------------------------------------------------------------
// Definitions reachable from the routes (+ error and async acceptance).
for (const n of Object.keys(EXTRA_DEFS)) used.add(n);
for (const n of Object.keys(ERROR_DEFS)) used.add(n);
const schemaFiles = new Map(); // area -> { name -> schema }
const put = (name, schema) => {
  const area = areaOf(name);
  if (!schemaFiles.has(area)) schemaFiles.set(area, {});
  schemaFiles.get(area)[name] = schema;
};
while (pending.length) {
  const name = pending.shift();
  if (ERROR_DEFS[name] || EXTRA_DEFS[name]) continue;
  if (!DEFS[name]) throw new Error(`unknown definition ${name}`);
  put(name, finishDef(name, conv(DEFS[name], areaOf(name))));
}
for (const [n, s] of Object.entries({ ...ERROR_DEFS, ...EXTRA_DEFS })) put(n, s);

// ---------------------------------------------------------------------------------------------
// Root document
const allOps = [...pathFiles.values()].flatMap((items) => Object.values(items).flatMap((it) => Object.values(it)));
problems.push(...checkOperationIds(allOps.map((o) => o.operationId)));

const escape = (k) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const rootDoc = {
  openapi: '3.1.0',
  info: {
    title: 'Commerce platform REST API (magekit)',
    version: '2.4.9',
    description: 'Hand-maintained description of the commerce platform REST API (Magento Open Source / Adobe Commerce 2.4.x) used to generate @magekit/commerce. Schema names follow the platform\'s own /schema endpoint.',
  },
  servers: [{ url: '{baseUrl}/rest/{storeCode}', variables: { baseUrl: { default: 'https://shop.example.com' }, storeCode: { default: 'default' } } }],
  tags: modules.map((m) => (COMMERCE_ONLY.has(m) ? { name: m, 'x-edition': 'commerce' } : { name: m })),
  paths: {},
  components: {
    securitySchemes: {
      adminToken: { type: 'http', scheme: 'bearer' },
      customerToken: { type: 'http', scheme: 'bearer' },
      integration: { type: 'http', scheme: 'OAuth', description: 'OAuth 1.0a, HMAC-SHA256' },
    },
    responses: {
      Error: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/error-response' } } } },
    },
    schemas: {},
  },
};
for (const [file, items] of pathFiles) {
  for (const key of Object.keys(items)) rootDoc.paths[key] = { $ref: `paths/${file}#/${escape(key)}` };
}
for (const area of [...schemaFiles.keys()].sort()) {
  for (const name of Object.keys(schemaFiles.get(area)).sort()) rootDoc.components.schemas[name] = { $ref: refTo(name, 'root') };
}

// ---------------------------------------------------------------------------------------------
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
const dump = (obj) => YAML.stringify(obj, { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true });
const write = (rel, obj, header) => {
  const file = path.join(outDir, rel);
  if (dryRun) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, (header ? `# ${header}\n` : '') + dump(obj));
};
write('openapi.yaml', rootDoc);
for (const [file, items] of pathFiles) write(`paths/${file}`, items, 'Path items; referenced from ../openapi.yaml.');
for (const [area, defs] of schemaFiles) {
  const sorted = Object.fromEntries(Object.keys(defs).sort().map((k) => [k, defs[k]]));
  write(`schemas/${area}.yaml`, sorted, 'Schemas; names as on the platform\'s /schema endpoint.');
}
const counts = {};
for (const o of allOps) counts[o['x-access']] = (counts[o['x-access']] ?? 0) + 1;
console.log(`operations ${allOps.length}, path keys ${Object.keys(rootDoc.paths).length}, schemas ${Object.keys(rootDoc.components.schemas).length}, ` +
  `path files ${pathFiles.size}, schema files ${schemaFiles.size}, access ${JSON.stringify(counts)}`);
