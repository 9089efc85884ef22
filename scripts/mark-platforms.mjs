#!/usr/bin/env node
// Writes, into every operation of specs/commerce/paths/*.yaml, where the platform serves it, computed
// from the published schemas (never by hand):
//
//   x-releases: ['2.4.7', '2.4.8', '2.4.9']   the self-hosted releases whose admin schema has it
//                                              ([] for an operation only the cloud service has;
//                                              `extension` for one in no schema, with an x-deviation)
//   x-cloud: true | false | only               in accs-schema.json (Adobe Commerce as a Cloud Service) or not;
//                                              `only` when no self-hosted release has it
//
// and the list of releases compared into openapi.yaml (`info.x-releases`), so the generator knows the
// oldest and newest release the marks speak of. The admin schema of a release lists every route of it
// (customer and guest routes included: admin 2.4.9 is a superset of customer-2.4.9 and guest-2.4.9).
//
//   node scripts/mark-platforms.mjs [--reference DIR] [--check]
//     DIR (default ../shared/reference/commerce) holds admin-schema-<release>.json and accs-schema.json.
//     --check writes nothing and fails when the spec's marks differ from what the schemas say.
//
// An operation is identified by method + path with parameter names blanked and a trailing slash trimmed
// (how the platform's router matches; operationIds differ between releases). The edit is textual: the
// two lines are removed and written again after `x-edition` (else `x-idempotent`), so the rest of each
// file stays as it was written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const refAt = args.indexOf('--reference');
const reference = path.resolve(refAt >= 0 ? args[refAt + 1] : path.join(root, '..', 'shared', 'reference', 'commerce'));
const specDir = path.join(root, 'specs', 'commerce');
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

const shapeOf = (method, p) => `${method.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '{}').replace(/(.)\/$/, '$1')}`;

function shapesOf(file) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const out = new Set();
  for (const [p, item] of Object.entries(doc.paths ?? {})) for (const m of METHODS) if (item[m]) out.add(shapeOf(m, p));
  return out;
}

if (!fs.existsSync(reference)) {
  console.error(`mark-platforms: no reference schemas at ${reference} (pass --reference DIR)`);
  process.exit(2);
}
const byPatch = (a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]);
const releases = fs
  .readdirSync(reference)
  .map((f) => /^admin-schema-(2\.4\.\d+)\.json$/.exec(f)?.[1])
  .filter(Boolean)
  .sort(byPatch);
if (!releases.length || !fs.existsSync(path.join(reference, 'accs-schema.json'))) {
  console.error(`mark-platforms: ${reference} needs admin-schema-2.4.<n>.json files and accs-schema.json`);
  process.exit(2);
}
const releaseShapes = releases.map((r) => [r, shapesOf(path.join(reference, `admin-schema-${r}.json`))]);
const cloudShapes = shapesOf(path.join(reference, 'accs-schema.json'));

/**
 * The two lines of one operation. An operation no schema has is an extension's (the seed catalog's
 * `{provider}-guest-carts` route: Worldpay left core in 2.4.0): it needs an `x-deviation` saying so, and
 * is marked `extension` (no release check, not on the cloud service).
 */
function marksOf(key, opLines) {
  const present = releaseShapes.filter(([, shapes]) => shapes.has(key)).map(([r]) => r);
  const inCloud = cloudShapes.has(key);
  if (!present.length && !inCloud) return opLines.some((l) => l.startsWith('    x-deviation:')) ? { releases: 'extension', cloud: false } : null;
  return { releases: present, cloud: !present.length ? 'only' : inCloud };
}

const releasesLine = (list) => `    x-releases: ${Array.isArray(list) ? `[${list.map((r) => `'${r}'`).join(', ')}]` : list}`;
const cloudLine = (cloud) => `    x-cloud: ${cloud}`;

let changed = 0;
const unknown = [];
const counts = { shared: 0, platformOnly: 0, cloudOnly: 0, extension: 0 };
for (const file of fs.readdirSync(path.join(specDir, 'paths')).filter((f) => f.endsWith('.yaml')).sort()) {
  const full = path.join(specDir, 'paths', file);
  const text = fs.readFileSync(full, 'utf8');
  const lines = text.split('\n');
  const out = [];
  let currentPath = null;
  let op = null; // { key, lines: [] }
  const flush = () => {
    if (!op) return;
    const marks = marksOf(op.key, op.lines);
    const body = op.lines.filter((l) => !/^ {4}x-(releases|cloud):/.test(l));
    if (!marks) {
      unknown.push(`${op.key} (${file})`);
      out.push(...op.lines);
    } else {
      counts[marks.releases === 'extension' ? 'extension' : marks.cloud === 'only' ? 'cloudOnly' : marks.cloud ? 'shared' : 'platformOnly'] += 1;
      let at = body.findIndex((l) => l.startsWith('    x-edition:'));
      if (at < 0) at = body.findIndex((l) => l.startsWith('    x-idempotent:'));
      if (at < 0) throw new Error(`${op.key} in ${file} has neither x-edition nor x-idempotent`);
      body.splice(at + 1, 0, releasesLine(marks.releases), cloudLine(marks.cloud));
      out.push(...body);
    }
    op = null;
  };
  for (const line of lines) {
    const method = /^ {2}(get|post|put|delete|patch):\s*$/.exec(line)?.[1];
    if (/^\S/.test(line) && !line.startsWith('#')) {
      flush();
      currentPath = YAML.parse(line.replace(/:\s*$/, '')) ?? null;
      out.push(line);
    } else if (method) {
      flush();
      op = { key: shapeOf(method, String(currentPath)), lines: [line] };
    } else if (op && (line.startsWith('    ') || line === '')) {
      op.lines.push(line);
    } else {
      flush();
      out.push(line);
    }
  }
  flush();
  const next = out.join('\n');
  if (next !== text) {
    changed += 1;
    if (check) console.error(`${path.relative(root, full)}: marks differ from the reference schemas`);
    else fs.writeFileSync(full, next);
  }
}

// The releases the marks speak of, for the generator (oldest = the default; newest = the current line).
const rootFile = path.join(specDir, 'openapi.yaml');
const rootText = fs.readFileSync(rootFile, 'utf8');
const releasesRoot = `  x-releases: [${releases.map((r) => `'${r}'`).join(', ')}]`;
const withoutOld = rootText.replace(/^ {2}x-releases: .*\n/m, '');
const nextRoot = withoutOld.replace(/^(info:\n(?: {2}.*\n)*?)( {2}version: .*\n)/m, `$1$2${releasesRoot}\n`);
if (nextRoot === withoutOld) throw new Error('openapi.yaml: no `version:` line under info to put x-releases after');
if (nextRoot !== rootText) {
  changed += 1;
  if (check) console.error('specs/commerce/openapi.yaml: info.x-releases differs from the reference schemas');
  else fs.writeFileSync(rootFile, nextRoot);
}

if (unknown.length) {
  console.error(`In no reference schema and no x-deviation saying why (remove them or find their source):\n  ${unknown.join('\n  ')}`);
  process.exit(1);
}
console.log(`releases ${releases.join(', ')}; operations: ${counts.shared} on both, ${counts.platformOnly} self-hosted only, ${counts.cloudOnly} cloud service only, ${counts.extension} an extension's (in no schema)`);
if (check && changed) process.exit(1);
if (!check) console.log(changed ? `${changed} files rewritten; run npm run generate` : 'spec already up to date');
