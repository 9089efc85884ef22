/**
 * `magekit-commerce types diff <a> <b>`: what changes for a caller between two schemas. Each side is a
 * platform release the package knows (2.4.6–2.4.9, from its release data), a saved schema file, or a
 * live installation (its URL, with the credentials of `types pull` from the environment). Prints the
 * routes added and removed, parameter and field changes, and which routes they break; `--json` for
 * tools; `--used-by <dir>` limits it to the routes a project's sources call. Exit codes: 0 nothing
 * breaks a caller, 2 something does, 1 the diff could not be made.
 */
import { parseArgs } from 'node:util';
import { schemaAudience, type SchemaAudience } from '../../swagger/audience.ts';
import { compactSchema, type CompactSchema } from '../../swagger/compact.ts';
import { diffSchemas, limitDiff, type SchemaChange, type SchemaDiff } from '../../swagger/diff.ts';
import type { Flags } from '../args.ts';
import { resolveConfig, type Connect } from '../config.ts';
import { CliError } from '../errors.ts';
import { describeError, formatError } from '../format.ts';
import type { CliIO } from '../run.ts';
import { audienceRefusal } from './audience-refusal.ts';
import { audienceMarkers, knownReleases, releaseSchema } from './release-data.ts';
import { readSchemaFile } from './schema-file.ts';
import { routesUsedBy } from './used-routes.ts';

/** Exit codes a CI job gates on. */
const DIFF_EXIT = { compatible: 0, error: 1, breaking: 2 } as const;

const DIFF_USAGE = `Usage: magekit-commerce types diff <a> <b> [options]

What changes for a caller from <a> to <b>. Each side is one of:
  2.4.6 … 2.4.9        A platform release (data shipped with the package)
  <file>.json          A saved schema (GET /rest/all/schema?services=all)
  https://<shop>       A live installation, read with the credentials of
                       \`types pull\` [MAGEKIT_TOKEN, MAGEKIT_ADMIN_*, ...]

Options:
  --used-by <dir>      Only the routes the sources under <dir> call (route
                       strings such as 'GET /V1/products/{sku}' and named
                       methods such as commerce.products.get)
  --audience <who>     customer or guest: compare schemas of that audience
  --json               Print the diff as JSON

Exit codes: 0 no change breaks a caller, 2 some change does, 1 the diff
could not be made (bad input, unreachable installation).
`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'used-by': { type: 'string' },
  audience: { type: 'string' },
  json: { type: 'boolean' },
  store: { type: 'string' },
} as const;

const NO_FLAGS: Flags = { baseUrl: undefined, store: undefined, username: undefined, otp: undefined, maxWait: undefined, stallAfter: undefined, pollInterval: undefined, failures: 0, json: false, quiet: false };

async function readSide(spec: string, audience: SchemaAudience, store: string | undefined, io: CliIO, connect: Connect): Promise<CompactSchema> {
  if (/^\d+\.\d+\.\d+$/.test(spec)) {
    const release = releaseSchema(spec);
    if (!release) throw new CliError(`No data for platform release ${spec}: the package knows ${knownReleases().join(', ')}.`, 'Compare a saved schema of that release (a file) or a live installation (its URL) instead.');
    return release;
  }
  let document: unknown;
  let authMethod: string | undefined;
  if (/^https?:\/\//i.test(spec)) {
    const flags = { ...NO_FLAGS, baseUrl: spec, store };
    const config = resolveConfig(flags, io.env);
    authMethod = config.authMethod;
    document = await connect(flags).schema.get({ services: 'all', storeCode: config.storeCode ?? 'all', signal: io.signal });
  } else {
    document = await readSchemaFile(spec);
  }
  const verdict = schemaAudience(document, audienceMarkers());
  if (verdict.audience !== audience) throw audienceRefusal(verdict, { document, from: spec, authMethod }, audience, 'A diff against it would list every admin route as removed.');
  return compactSchema(document);
}

function line(change: SchemaChange): string {
  const mark = change.breaking ? '  (breaking)' : '';
  const name = change.name ?? '';
  switch (change.kind) {
    case 'route-removed':
      return `${change.route}: removed${mark}`;
    case 'parameter-added':
      return `${change.route}: parameter ${name} added (${change.to})${mark}`;
    case 'parameter-removed':
      return `${change.route}: parameter ${name} removed${mark}`;
    case 'parameter-type':
      return `${change.route}: parameter ${name} ${change.from} → ${change.to}${mark}`;
    case 'parameter-required':
      return `${change.route}: parameter ${name} now required${mark}`;
    case 'parameter-optional':
      return `${change.route}: parameter ${name} now optional${mark}`;
    case 'body-type':
      return `${change.route}: body ${change.from} → ${change.to}${mark}`;
    case 'response-type':
      return `${change.route}: response ${change.from} → ${change.to}${mark}`;
    case 'field-added':
      return `+ ${name}: ${change.to}${mark}`;
    case 'field-removed':
      return `- ${name}: ${change.from}${mark}`;
    case 'field-type':
      return `~ ${name}: ${change.from} → ${change.to}${mark}`;
    case 'field-required':
      return `! ${name}: now required${mark}`;
    case 'field-optional':
      return `? ${name}: now optional${mark}`;
  }
}

function formatDiff(a: string, b: string, diff: SchemaDiff, scope: string | undefined): string {
  const fieldChanges = diff.changes.filter((c) => c.definition !== undefined);
  const routeChanges = diff.changes.filter((c) => c.definition === undefined && c.kind !== 'route-removed');
  let out = `${a} → ${b}${scope ? ` (routes called under ${scope})` : ''}: ${diff.added.length} route(s) added, ${diff.removed.length} removed, ${routeChanges.length} parameter/body/response change(s), ${fieldChanges.length} field change(s).\n`;
  if (diff.removed.length) out += `\nRoutes removed (${diff.removed.length}):\n${diff.removed.map((r) => `  ${r}  (breaking)\n`).join('')}`;
  if (diff.added.length) out += `\nRoutes added (${diff.added.length}):\n${diff.added.map((r) => `  ${r}\n`).join('')}`;
  if (routeChanges.length) out += `\nParameters, bodies and responses (${routeChanges.length}):\n${routeChanges.map((c) => `  ${line(c)}\n`).join('')}`;
  if (fieldChanges.length) {
    out += `\nFields (${fieldChanges.length}):\n`;
    const byDefinition = new Map<string, SchemaChange[]>();
    for (const change of fieldChanges) (byDefinition.get(change.definition!) ?? byDefinition.set(change.definition!, []).get(change.definition!)!).push(change);
    for (const [definition, changes] of byDefinition) {
      const routes = changes[0]!.routes ?? [];
      out += `  ${definition}${routes.length ? ` (used by ${routes.length} route(s))` : ' (used by no route of both)'}\n${changes.map((c) => `    ${line(c)}\n`).join('')}`;
    }
  }
  out += diff.breakingRoutes.length
    ? `\n${diff.breakingRoutes.length} route(s) break a caller:\n${diff.breakingRoutes.map((r) => `  ${r}\n`).join('')}`
    : '\nNo change breaks a caller.\n';
  return out;
}

export async function runTypesDiff(argv: readonly string[], io: CliIO, connect: Connect): Promise<number> {
  const json = argv.includes('--json');
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliError(error instanceof Error ? error.message.split('\n')[0]! : String(error), 'Run `magekit-commerce types diff --help` for usage.');
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.stdout.write(DIFF_USAGE);
      return DIFF_EXIT.compatible;
    }
    if (positionals.length !== 2) throw new CliError(`types diff takes two schemas, got ${positionals.length}.`, 'For example: magekit-commerce types diff 2.4.6 2.4.9');
    const audience = (values.audience ?? 'admin') as SchemaAudience;
    if (!['admin', 'customer', 'guest'].includes(audience)) throw new CliError(`--audience ${audience} is not an audience: use customer or guest (admin is the default).`);
    const [a, b] = positionals as [string, string];
    const started = performance.now();
    const [before, after] = [await readSide(a, audience, values.store, io, connect), await readSide(b, audience, values.store, io, connect)];
    let diff = diffSchemas(before, after);
    let used: Set<string> | undefined;
    if (values['used-by'] !== undefined) {
      used = await routesUsedBy(values['used-by']);
      diff = limitDiff(diff, used);
    }
    const ms = performance.now() - started;
    if (json) {
      io.stdout.write(`${JSON.stringify({ from: a, to: b, ...(used ? { usedBy: values['used-by'], routesCalled: used.size } : {}), added: diff.added, removed: diff.removed, changes: diff.changes, breakingRoutes: diff.breakingRoutes, breaking: diff.breakingRoutes.length > 0 }, null, 2)}\n`);
    } else {
      io.stdout.write(formatDiff(a, b, diff, values['used-by']));
      io.stdout.write(`Compared in ${Math.round(ms)} ms.\n`);
    }
    return diff.breakingRoutes.length ? DIFF_EXIT.breaking : DIFF_EXIT.compatible;
  } catch (error) {
    const described = describeError(error, { bulkUuid: undefined, baseUrl: undefined });
    io.stderr.write(formatError(described));
    if (json) io.stdout.write(`${JSON.stringify({ error: { kind: described.kind, message: described.message } }, null, 2)}\n`);
    return DIFF_EXIT.error;
  }
}
