/**
 * `magekit-commerce types pull`: reads the installation's live schema (GET /rest/all/schema?services=all
 * with the usual connection flags and environment, or `--from schema.json`) and writes the
 * declaration file that types the installation's own routes and extension attributes, plus the
 * route module a client takes (JavaScript and its declarations). `--check` writes nothing and exits 1
 * when the committed files differ from what the schema produces (for CI). A schema answered for an
 * anonymous or customer caller is refused (see swagger/audience.ts), and files that type more routes
 * than the schema gives are kept unless `--force`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { builtinExtensionProperties, builtinSchemaNames } from '../../generated/builtin-schemas.ts';
import { isCommerceError } from '../../platform/errors.ts';
import { routes } from '../../routes/table.ts';
import type { Flags } from '../args.ts';
import { resolveConfig, type Connect } from '../config.ts';
import { CliError } from '../errors.ts';
import { describeError, formatError } from '../format.ts';
import type { CliIO } from '../run.ts';
import { schemaAudience, type SchemaAudience } from '../../swagger/audience.ts';
import { AUDIENCE_NAME, audienceRefusal, type SchemaSource } from './audience-refusal.ts';
import { audienceMarkers } from './release-data.ts';
import { projectPath, runtimeFormatOf, runtimeTypesFile } from './runtime-file.ts';
import { readSchemaFile } from './schema-file.ts';
import { buildInstallationTypes, type InstallationTypes } from './types-emit.ts';
import { runTypesDiff } from './types-diff.ts';

const TYPES_USAGE = `Usage: magekit-commerce types pull [options]
       magekit-commerce types diff <a> <b> [options]   (see \`types diff --help\`)

Reads the installation's live schema and writes a declaration file that types
its own REST routes (in request(), async.request(), bulk.request(), paginate())
and the extension attributes its modules add, plus a route module the client
takes (routes: [installationRoutes]). Commit all three files.

Source (one of):
  --base-url <url> and the connection/auth flags of \`bulk\` (see --help),
                       [MAGEKIT_BASE_URL, MAGEKIT_TOKEN, MAGEKIT_ADMIN_*, ...]
  --from <file>        A saved schema (GET /rest/all/schema?services=all)

Output:
  --out <file>         Declaration file (default magekit-env.d.ts)
  --runtime <file>     Route module, JavaScript: .js (ESM or CJS as the nearest
                       package.json's "type" says), .mjs or .cjs; its declarations
                       are written beside it (default magekit-routes.js beside --out)
  --check              Write nothing; exit 1 when the files differ from the schema
  --force              Replace files that type more routes than the schema gives
  --audience <who>     customer or guest: type what that audience sees on purpose
                       (otherwise such a schema is refused: it means the
                       credentials were not an admin's or an integration's)
  --json               Print the report as JSON
`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  store: { type: 'string' },
  username: { type: 'string' },
  otp: { type: 'string' },
  from: { type: 'string' },
  out: { type: 'string' },
  runtime: { type: 'string' },
  check: { type: 'boolean' },
  force: { type: 'boolean' },
  audience: { type: 'string' },
  json: { type: 'boolean' },
} as const;

interface TypesArgs {
  from: string | undefined;
  out: string;
  runtime: string;
  check: boolean;
  force: boolean;
  audience: SchemaAudience;
  json: boolean;
  flags: Flags;
}

const AUDIENCES: readonly SchemaAudience[] = ['admin', 'customer', 'guest'];

function parse(argv: readonly string[]): TypesArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message.split('\n')[0]! : String(error), 'Run `magekit-commerce types --help` for usage.');
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [command, ...extra] = positionals;
  if (command !== 'pull') throw new CliError(command === undefined ? 'types needs a command: pull or diff.' : `Unknown types command "${command}": the commands are \`types pull\` and \`types diff\`.`, 'Run `magekit-commerce types --help` for usage.');
  if (extra.length) throw new CliError(`Unexpected argument "${extra[0]}".`);
  const audience = values.audience ?? 'admin';
  if (!AUDIENCES.includes(audience as SchemaAudience)) throw new CliError(`--audience ${audience} is not an audience: use customer or guest (admin is the default).`);
  const flags: Flags = {
    baseUrl: values['base-url'],
    store: values.store,
    username: values.username,
    otp: values.otp,
    maxWait: undefined,
    stallAfter: undefined,
    pollInterval: undefined,
    failures: 0,
    json: values.json ?? false,
    quiet: false,
  };
  const out = values.out ?? 'magekit-env.d.ts';
  const runtime = values.runtime ?? path.join(path.dirname(out), 'magekit-routes.js');
  if (!/\.(c|m)?js$/.test(runtime)) {
    throw new CliError(`--runtime ${runtime}: the route module is JavaScript (with its declarations beside it), so it loads under every compiler setting and in Node's type stripping.`, 'Name it .js, .mjs or .cjs, e.g. --runtime src/magekit-routes.js.');
  }
  return { from: values.from, out, runtime, check: values.check ?? false, force: values.force ?? false, audience: audience as SchemaAudience, json: values.json ?? false, flags };
}

async function readSchema(args: TypesArgs, io: CliIO, connect: Connect): Promise<SchemaSource> {
  if (args.from !== undefined) return { document: await readSchemaFile(args.from), from: args.from, authMethod: undefined };
  const config = resolveConfig(args.flags, io.env);
  const commerce = connect(args.flags);
  const document = await commerce.schema.get({ services: 'all', storeCode: config.storeCode ?? 'all', signal: io.signal });
  return { document, from: config.baseUrl, authMethod: config.authMethod };
}

/** The installation types for a schema document, against the SDK's own surface. */
function installationTypesFor(document: unknown, args: TypesArgs): InstallationTypes {
  return buildInstallationTypes(document, { routeKeys: routes.map((r) => r.key), schemaNames: builtinSchemaNames, extensionProperties: builtinExtensionProperties }, {
    runtimeFormat: runtimeFormatOf(args.runtime),
    runtimeSource: projectPath(args.runtime),
  });
}

async function current(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The route keys a declaration file written by `types pull` types (its InstallationRoutes entries). */
function typedRouteKeys(declaration: string): string[] {
  return [...declaration.matchAll(/^ {4}"((?:GET|POST|PUT|DELETE|PATCH) \/[^"]*)": \{ id:/gm)].map((m) => m[1]!);
}

function report(types: InstallationTypes, ms: number): string {
  let out = '';
  out += types.routes.length ? `Added ${types.routes.length} route(s):\n${types.routes.map((r) => `  ${r.key}\n`).join('')}` : 'No routes beyond the SDK\'s own.\n';
  out += types.extensions.length
    ? `Added extension attributes:\n${types.extensions.map((e) => `  ${e.definition}: ${e.fields.join(', ')}\n`).join('')}`
    : 'No extension attributes beyond the SDK\'s own.\n';
  if (types.notTyped.length) out += `Could not type (${types.notTyped.length}):\n${types.notTyped.map((n) => `  ${n.what}: ${n.why}\n`).join('')}`;
  if (types.nullableFields) out += `${types.nullableFields} response field(s) typed \`T | null\`: the schema marks them required, which the platform sends even when null.\n`;
  out += `${types.builtinRoutes} route(s) of the schema are already typed by the SDK. Converted in ${Math.round(ms)} ms.\n`;
  return out;
}

export async function runTypes(argv: readonly string[], io: CliIO, connect: Connect): Promise<number> {
  if (argv[0] === 'diff') return runTypesDiff(argv.slice(1), io, connect);
  let json = argv.includes('--json');
  try {
    const args = parse(argv);
    if (args === 'help') {
      io.stdout.write(TYPES_USAGE);
      return 0;
    }
    json = args.json;
    const source = await readSchema(args, io, connect);
    const verdict = schemaAudience(source.document, audienceMarkers());
    const started = performance.now();
    const types = installationTypesFor(source.document, args);
    const ms = performance.now() - started;
    const files = [
      { file: args.out, text: types.declaration },
      { file: args.runtime, text: types.runtime },
      { file: runtimeTypesFile(args.runtime), text: types.runtimeTypes },
    ];
    if (verdict.audience !== args.audience) {
      const refusal = audienceRefusal(verdict, source, args.audience);
      // --check cannot say whether the files are current: it says which audience answered instead.
      if (args.check && json) io.stdout.write(`${JSON.stringify({ upToDate: null, audience: verdict.audience, operations: verdict.operations, error: refusal.message }, null, 2)}\n`);
      throw refusal;
    }
    if (args.check) {
      const stale: string[] = [];
      for (const { file, text } of files) if ((await current(file)) !== text) stale.push(file);
      if (json) io.stdout.write(`${JSON.stringify({ upToDate: stale.length === 0, audience: verdict.audience, stale }, null, 2)}\n`);
      else if (stale.length) io.stderr.write(`magekit-commerce: ${stale.join(', ')} ${stale.length === 1 ? 'is' : 'are'} out of date with the installation's schema (${AUDIENCE_NAME[verdict.audience]}).\nhint: run \`magekit-commerce types pull\` and commit the result.\n`);
      else io.stdout.write(`${files.map((f) => f.file).join(', ')} match the installation's schema (${AUDIENCE_NAME[verdict.audience]}).\n`);
      return stale.length ? 1 : 0;
    }
    const existing = await current(args.out);
    if (existing !== undefined && !args.force) {
      const kept = new Set(types.routes.map((r) => r.key));
      const lost = typedRouteKeys(existing).filter((key) => !kept.has(key));
      if (lost.length) {
        throw new CliError(
          `${args.out} types ${lost.length} route(s) the schema from ${source.from} no longer has (${lost.slice(0, 5).join(', ')}${lost.length > 5 ? ', …' : ''}). Nothing was written.`,
          'If the modules were removed on purpose, pass --force to replace the files; otherwise check the credentials see those routes.',
        );
      }
    }
    for (const { file, text } of files) {
      await mkdir(path.dirname(path.resolve(file)), { recursive: true });
      await writeFile(file, text);
    }
    if (json) {
      io.stdout.write(`${JSON.stringify({ audience: verdict.audience, routes: types.routes, extensions: types.extensions, notTyped: types.notTyped, builtinRoutes: types.builtinRoutes, nullableFields: types.nullableFields, files: files.map((f) => f.file) }, null, 2)}\n`);
    } else {
      io.stdout.write(report(types, ms));
      io.stdout.write(`Wrote ${files.map((f) => f.file).join(', ')}.\n`);
    }
    return 0;
  } catch (error) {
    const described =
      isCommerceError(error) && error.status === 404
        ? { ...describeError(error, { bulkUuid: undefined, baseUrl: undefined }), message: `The schema endpoint was not found (${error.message}).`, hint: "Check --base-url: it is the installation's address; the CLI reads /rest/all/schema?services=all." }
        : describeError(error, { bulkUuid: undefined, baseUrl: undefined });
    io.stderr.write(formatError(described));
    if (json && !argv.includes('--check')) io.stdout.write(`${JSON.stringify({ error: { kind: described.kind, message: described.message } }, null, 2)}\n`);
    return 1;
  }
}
