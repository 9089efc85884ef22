/**
 * The routes a project's sources call, for `types diff --used-by <dir>`: route strings
 * (`'GET /V1/products/{sku}'`, also inside async/bulk calls) and the SDK's named methods
 * (`commerce.products.get(`), read from .ts/.js files (node_modules, dist and dot-directories skipped).
 * A textual scan: a route named in a comment counts as called, which errs on the side of reporting.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { routes } from '../../routes/table.ts';
import { routeKeyOf } from '../../swagger/route-key.ts';
import { CliError } from '../errors.ts';

const SOURCE = /\.(m|c)?(t|j)sx?$/;
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'coverage']);
const ROUTE_STRING = /\b(GET|POST|PUT|DELETE|PATCH) (\/V\d+\/[^'"`\s]*)/g;
const CALL = /[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+(?=\s*\()/g;

async function sourceFiles(dir: string, out: string[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await sourceFiles(full, out);
    else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
}

export async function routesUsedBy(dir: string): Promise<Set<string>> {
  const files: string[] = [];
  try {
    await sourceFiles(dir, files);
  } catch (error) {
    throw new CliError(`--used-by ${dir}: cannot list its sources (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, 'Pass the directory of the project\'s sources, e.g. --used-by src.');
  }
  const byId = new Map(routes.map((route) => [route.id, routeKeyOf(route.key)]));
  const used = new Set<string>();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(ROUTE_STRING)) used.add(routeKeyOf(`${m[1]} ${m[2]}`));
    for (const m of text.matchAll(CALL)) {
      const parts = m[0].replace(/\?\./g, '.').split('.');
      // `commerce.products.get` → `products.get`: the longest tail that is a route id.
      for (let from = 0; from < parts.length - 1; from++) {
        const key = byId.get(parts.slice(from).join('.'));
        if (key) {
          used.add(key);
          break;
        }
      }
    }
  }
  return used;
}
