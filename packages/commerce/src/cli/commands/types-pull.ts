/**
 * `magekit-commerce types pull`: reads the installation's live schema (GET /rest/all/schema?services=all
 * with the usual connection flags and environment, or `--from schema.json`) and writes the
 * declaration file that types the installation's own routes and extension attributes, plus the
 * runtime file that registers those routes. `--check` writes nothing and exits 1 when the committed
 * files differ from what the schema produces (for CI).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCommerceClient } from '../../client.ts';
import { builtinExtensionProperties, builtinSchemaNames } from '../../generated/builtin-schemas.ts';
import { isCommerceError } from '../../errors.ts';
import { routes } from '../../routes/table.ts';
import type { Flags } from '../args.ts';
import { resolveConfig } from '../config.ts';
import { CliError } from '../errors.ts';
import { describeError, formatError } from '../format.ts';
import type { CliIO } from '../run.ts';
import { buildInstallationTypes, type InstallationTypes } from './types-emit.ts';

const TYPES_USAGE = `Usage: magekit-commerce types pull [options]

Reads the installation's live schema and writes a declaration file that types
its own REST routes (in request(), async.request(), bulk.request(), paginate())
and the extension attributes its modules add, plus a runtime file that
registers those routes. Commit both; import the runtime file once at start-up.

Source (one of):
  --base-url <url> and the connection/auth flags of \`bulk\` (see --help),
                       [MAGEKIT_BASE_URL, MAGEKIT_TOKEN, MAGEKIT_ADMIN_*, ...]
  --from <file>        A saved schema (GET /rest/all/schema?services=all)

Output:
  --out <file>         Declaration file (default magekit-env.d.ts)
  --runtime <file>     Runtime file (default magekit-routes.ts)
  --check              Write nothing; exit 1 when the files differ from the schema
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
  json: { type: 'boolean' },
} as const;

interface TypesArgs {
  from: string | undefined;
  out: string;
  runtime: string;
  check: boolean;
  json: boolean;
  flags: Flags;
}

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
  if (command !== 'pull') throw new CliError(command === undefined ? 'types needs a command: pull.' : `Unknown types command "${command}": the command is \`types pull\`.`, 'Run `magekit-commerce types --help` for usage.');
  if (extra.length) throw new CliError(`Unexpected argument "${extra[0]}".`);
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
  return { from: values.from, out: values.out ?? 'magekit-env.d.ts', runtime: values.runtime ?? 'magekit-routes.ts', check: values.check ?? false, json: values.json ?? false, flags };
}

async function readSchema(args: TypesArgs, io: CliIO): Promise<unknown> {
  if (args.from !== undefined) {
    let text: string;
    try {
      text = await readFile(args.from, 'utf8');
    } catch (error) {
      throw new CliError(`Cannot read --from ${args.from}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new CliError(`--from ${args.from} is not JSON: save the schema with GET /rest/all/schema?services=all (it answers JSON).`);
    }
  }
  const config = resolveConfig(args.flags, io.env);
  const commerce = createCommerceClient({ baseUrl: config.baseUrl, auth: config.auth, fetch: io.fetch });
  return commerce.schema.get({ services: 'all', storeCode: config.storeCode ?? 'all', signal: io.signal });
}

/** The installation types for a schema document, against the SDK's own surface. */
function installationTypesFor(document: unknown): InstallationTypes {
  return buildInstallationTypes(document, { routeKeys: routes.map((r) => r.key), schemaNames: builtinSchemaNames, extensionProperties: builtinExtensionProperties });
}

async function current(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function report(types: InstallationTypes, ms: number): string {
  let out = '';
  out += types.routes.length ? `Added ${types.routes.length} route(s):\n${types.routes.map((r) => `  ${r.key}\n`).join('')}` : 'No routes beyond the SDK\'s own.\n';
  out += types.extensions.length
    ? `Added extension attributes:\n${types.extensions.map((e) => `  ${e.definition}: ${e.fields.join(', ')}\n`).join('')}`
    : 'No extension attributes beyond the SDK\'s own.\n';
  if (types.notTyped.length) out += `Could not type (${types.notTyped.length}):\n${types.notTyped.map((n) => `  ${n.what}: ${n.why}\n`).join('')}`;
  out += `${types.builtinRoutes} route(s) of the schema are already typed by the SDK. Converted in ${Math.round(ms)} ms.\n`;
  return out;
}

export async function runTypes(argv: readonly string[], io: CliIO): Promise<number> {
  let json = argv.includes('--json');
  try {
    const args = parse(argv);
    if (args === 'help') {
      io.stdout.write(TYPES_USAGE);
      return 0;
    }
    json = args.json;
    const document = await readSchema(args, io);
    const started = performance.now();
    const types = installationTypesFor(document);
    const ms = performance.now() - started;
    const files = [
      { file: args.out, text: types.declaration },
      { file: args.runtime, text: types.runtime },
    ];
    if (args.check) {
      const stale: string[] = [];
      for (const { file, text } of files) if ((await current(file)) !== text) stale.push(file);
      if (json) io.stdout.write(`${JSON.stringify({ upToDate: stale.length === 0, stale }, null, 2)}\n`);
      else if (stale.length) io.stderr.write(`magekit-commerce: ${stale.join(' and ')} ${stale.length === 1 ? 'is' : 'are'} out of date with the installation's schema.\nhint: run \`magekit-commerce types pull\` and commit the result.\n`);
      else io.stdout.write(`${files.map((f) => f.file).join(' and ')} match the installation's schema.\n`);
      return stale.length ? 1 : 0;
    }
    for (const { file, text } of files) {
      await mkdir(path.dirname(path.resolve(file)), { recursive: true });
      await writeFile(file, text);
    }
    if (json) {
      io.stdout.write(`${JSON.stringify({ routes: types.routes, extensions: types.extensions, notTyped: types.notTyped, builtinRoutes: types.builtinRoutes, files: files.map((f) => f.file) }, null, 2)}\n`);
    } else {
      io.stdout.write(report(types, ms));
      io.stdout.write(`Wrote ${args.out} and ${args.runtime}.\n`);
    }
    return 0;
  } catch (error) {
    const described =
      isCommerceError(error) && error.status === 404
        ? { ...describeError(error, { bulkUuid: undefined, baseUrl: undefined }), message: `The schema endpoint was not found (${error.message}).`, hint: "Check --base-url: it is the installation's address; the CLI reads /rest/all/schema?services=all." }
        : describeError(error, { bulkUuid: undefined, baseUrl: undefined });
    io.stderr.write(formatError(described));
    if (json) io.stdout.write(`${JSON.stringify({ error: { kind: described.kind, message: described.message } }, null, 2)}\n`);
    return 1;
  }
}
