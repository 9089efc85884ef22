// The seed's endpoint catalog ("### Endpoint catalog by module": `[Module]` lines, then `METHOD /V1/...`
// with `:param` and one `<provider>` placeholder), read from ../shared/seeds next to the repo, as CI has it.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './spec.ts';

interface CatalogRoute {
  module: string;
  method: string;
  /** Spelled as in the spec: `{param}`. */
  path: string;
  key: string;
  line: number;
}

export interface Catalog {
  file: string;
  modules: string[];
  routes: CatalogRoute[];
}

const HEADING = '### Endpoint catalog by module';
const ROUTE = /^(GET|POST|PUT|DELETE|PATCH) (\/V1\/\S*)$/;

export function loadCatalog(): Catalog {
  const dir = path.resolve(repoRoot, '../shared/seeds');
  if (!fs.existsSync(dir)) {
    throw new Error(`The seed catalog is missing: expected the seeds at ${dir} (../shared/seeds next to the repository root). The coverage test needs them; check out the shared folder there.`);
  }
  const file = fs.readdirSync(dir).sort().map((name) => path.join(dir, name)).find((f) => fs.readFileSync(f, 'utf8').includes(HEADING));
  if (!file) throw new Error(`No file in ${dir} has the "${HEADING}" section.`);

  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(HEADING));
  const modules: string[] = [];
  const routes: CatalogRoute[] = [];
  let fenced = false;
  for (let i = start + 1; i < lines.length && !/^#{1,3} /.test(lines[i]!); i++) {
    const text = lines[i]!.trim();
    if (text.startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (!fenced || !text) continue; // prose between the fences
    const header = /^\[([A-Za-z]+)\]$/.exec(text);
    const route = ROUTE.exec(text);
    if (header) modules.push(header[1]!);
    else if (route && modules.length) {
      const routePath = route[2]!.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/<([A-Za-z_]\w*)>/g, '{$1}');
      routes.push({ module: modules.at(-1)!, method: route[1]!, path: routePath, key: `${route[1]} ${routePath}`, line: i + 1 });
    } else {
      // Every line inside the catalog is a module or a route: one the parser cannot read is a failure, not a skip.
      throw new Error(`${file}:${i + 1}: cannot read catalog line "${text}"`);
    }
  }
  return { file, modules, routes };
}
