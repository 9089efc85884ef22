// `@magekit/commerce/modules` is the generator's own entry: it names every route module of the route
// table, and the package's export map points at it (source and built).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as generated from '../../src/generated/routes.ts';

const packageDir = path.resolve(import.meta.dirname, '../..');
const exportsMap = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).exports['./modules'];

describe('@magekit/commerce/modules', () => {
  it('exports every generated route module by name, and nothing else', async () => {
    const entry = await import(pathToFileURL(path.join(packageDir, exportsMap['@magekit/source'])).href);
    expect(Object.keys(entry).sort()).toEqual(Object.keys(generated).sort());
    expect(Object.keys(entry).filter((name) => name.endsWith('Routes')).length).toBeGreaterThan(60);
  });

  it('every module holds only its own routes, parsed from its packed text', () => {
    for (const [name, module] of Object.entries(generated)) {
      if (!name.endsWith('Routes')) continue;
      const { name: moduleName, rows } = module as generated.RouteModule;
      expect(rows.length, name).toBeGreaterThan(0);
      for (const [id, method, routePath, query, flags] of rows) {
        expect(id.startsWith(`${moduleName}.`), id).toBe(true);
        expect(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).toContain(method);
        expect(routePath, id).toMatch(/^\/V\d+\/\S+$/);
        expect(query, id).toMatch(/^([A-Za-z_][\w[\]]*(,[A-Za-z_][\w[\]]*)*)?$/);
        expect(flags, id).toMatch(/^[a-z+\-0-9]*$/);
      }
    }
  });
});
