// The spec importer (scripts/import-swagger.mjs) against a small hand-edited spec in a temporary folder:
// it adds what is missing, never rewrites what is there, and stops before writing when a name is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { repoRoot } from '../support/spec.ts';

const ROOT = `openapi: 3.1.0
info:
  title: test
  version: '1'
tags:
  - name: Company
    x-edition: b2b
paths:
  /V1/company/{companyId}:
    $ref: paths/company.yaml#/~1V1~1company~1{companyId}
components:
  responses:
    Error:
      description: Error
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/error-response'
  schemas:
    error-response:
      $ref: schemas/framework.yaml#/error-response
    company-data-company-interface:
      $ref: schemas/b2b.yaml#/company-data-company-interface
`;
// Hand-edited: a comment, a description in our words and a key order the importer would not write.
const COMPANY = `# Companies; edited by hand.
/V1/company/{companyId}:
  get:
    operationId: companies.get
    x-idempotent: true
    description: One company, by id (our words).
    tags: [Company]
    x-access: admin
    x-edition: b2b
    x-catalog: false
    parameters:
      - { name: companyId, in: path, required: true, schema: { type: integer } }
    responses:
      '200':
        description: OK
        content:
          application/json:
            schema:
              $ref: ../schemas/b2b.yaml#/company-data-company-interface
      4XX:
        $ref: ../openapi.yaml#/components/responses/Error
      5XX:
        $ref: ../openapi.yaml#/components/responses/Error
`;
const B2B = `company-data-company-interface:
  type: object
  properties:
    id: { type: integer }
    company_name: { type: string }
`;
const FRAMEWORK = `error-response:
  type: object
  properties:
    message: { type: string }
`;

const company = { $ref: '#/definitions/company-data-company-interface' };
const swagger = (extra: Record<string, unknown> = {}) => ({
  swagger: '2.0',
  paths: {
    '/V1/company/{companyId}': {
      get: { parameters: [{ name: 'companyId', in: 'path', type: 'integer', required: true }], responses: { '200': { schema: company } } },
      put: { parameters: [{ name: 'companyId', in: 'path', type: 'string', required: true }, { name: 'b', in: 'body', schema: { type: 'object', required: ['company'], properties: { company } } }], responses: { '200': { schema: company } } },
      delete: { parameters: [{ name: 'companyId', in: 'path', type: 'integer', required: true }], responses: { '200': { schema: { type: 'boolean' } } } },
    },
    '/V1/company/relations': { get: { parameters: [{ name: 'searchCriteria[pageSize]', in: 'query', type: 'integer' }], responses: { '200': { schema: { $ref: '#/definitions/company-relation-data-relation-search-result-interface' } } } } },
    '/V1/sharedCatalog/{sharedCatalogId}': { get: { parameters: [{ name: 'sharedCatalogId', in: 'path', type: 'integer', required: true }], responses: { '200': { schema: { $ref: '#/definitions/shared-catalog-data-shared-catalog-interface' } } } } },
    ...extra,
  },
  definitions: {
    'company-data-company-interface': { type: 'object', properties: { id: { type: 'integer' }, company_name: { type: 'string' } } },
    'company-relation-data-relation-search-result-interface': { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/definitions/company-relation-data-relation-interface' } }, total_count: { type: 'integer' } } },
    'company-relation-data-relation-interface': { type: 'object', properties: { company_id: { type: 'integer' }, parent_id: { type: 'integer' } } },
    'framework-search-criteria-interface': { type: 'object', properties: { page_size: { type: 'integer' } } },
    'shared-catalog-data-shared-catalog-interface': { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string', description: 'prose' } } },
  },
});

let dir: string;
let spec: string;
const read = (rel: string) => fs.readFileSync(path.join(spec, rel), 'utf8');
function runImporter(doc: unknown): { status: number; output: string } {
  const input = path.join(dir, 'admin.json');
  fs.writeFileSync(input, JSON.stringify(doc));
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/import-swagger.mjs'), input, '--spec', spec], { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, output };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, output: e.stdout + e.stderr };
  }
}
/** True when every line of `before` appears in `after`, in order: only additions were made. */
function onlyAdded(before: string, after: string): boolean {
  const lines = after.split('\n');
  let at = 0;
  for (const line of before.split('\n')) {
    while (at < lines.length && lines[at] !== line) at++;
    if (at++ >= lines.length) return false;
  }
  return true;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-swagger-'));
  spec = path.join(dir, 'spec');
  fs.mkdirSync(path.join(spec, 'paths'), { recursive: true });
  fs.mkdirSync(path.join(spec, 'schemas'));
  fs.writeFileSync(path.join(spec, 'openapi.yaml'), ROOT);
  fs.writeFileSync(path.join(spec, 'paths/company.yaml'), COMPANY);
  fs.writeFileSync(path.join(spec, 'schemas/b2b.yaml'), B2B);
  fs.writeFileSync(path.join(spec, 'schemas/framework.yaml'), FRAMEWORK);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('scripts/import-swagger.mjs', () => {
  it('adds the missing operations and leaves every existing line where it was', async () => {
    const { status, output } = runImporter(swagger());
    expect(status, output).toBe(0);
    expect(output).toContain('4 operations added, 4 schemas; 1 already in the spec were left untouched');

    // Existing files only grew; the hand-edited operation is byte for byte intact.
    expect(onlyAdded(COMPANY, read('paths/company.yaml'))).toBe(true);
    expect(read('paths/company.yaml')).toContain(COMPANY.split('\n').slice(0, 23).join('\n'));
    expect(read('schemas/b2b.yaml').startsWith(B2B)).toBe(true);
    expect(onlyAdded(ROOT, read('openapi.yaml'))).toBe(true);

    const paths = YAML.parse(read('paths/company.yaml'));
    expect(paths['/V1/company/{companyId}'].get.description).toBe('One company, by id (our words).');
    expect(paths['/V1/company/{companyId}'].put).toMatchObject({ operationId: 'companies.update', 'x-idempotent': true, tags: ['Company'], 'x-access': 'admin', 'x-edition': 'b2b', 'x-catalog': false });
    expect(paths['/V1/company/{companyId}'].delete).toMatchObject({ operationId: 'companies.delete', 'x-idempotent': true });
    expect(paths['/V1/company/relations'].get.parameters).toEqual([{ name: 'searchCriteria', in: 'query', style: 'deepObject', explode: true, schema: { $ref: '../schemas/framework.yaml#/framework-search-criteria-interface' } }]);
    // Its records' unique key is not on record: walks refuse it with this reason until someone reads the key.
    expect(paths['/V1/company/relations'].get['x-walk-key']).toEqual({ none: expect.stringContaining("imported from an installation's schema") });
    // A module without a file gets a new one, and a new tag with its edition.
    expect(YAML.parse(read('paths/shared-catalog.yaml'))['/V1/sharedCatalog/{sharedCatalogId}'].get.operationId).toBe('sharedCatalogs.get');
    expect(YAML.parse(read('openapi.yaml')).tags).toEqual([{ name: 'Company', 'x-edition': 'b2b' }, { name: 'SharedCatalog', 'x-edition': 'b2b' }]);
    // Prose from the document stays behind; a property named `description` is data and stays.
    expect(YAML.parse(read('schemas/b2b.yaml'))['shared-catalog-data-shared-catalog-interface']).toEqual({ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' } } });

    // The result bundles: every reference the importer wrote resolves.
    const loader = await import(pathToFileURL(path.join(repoRoot, 'scripts/codegen/load-spec.mjs')).href);
    const bundled = await loader.loadSpec(path.join(spec, 'openapi.yaml'));
    expect(Object.keys(bundled.paths).sort()).toEqual(['/V1/company/relations', '/V1/company/{companyId}', '/V1/sharedCatalog/{sharedCatalogId}']);
  }, 60_000);

  it('changes nothing on a second run', () => {
    expect(runImporter(swagger()).status).toBe(0);
    const files = ['openapi.yaml', 'paths/company.yaml', 'paths/shared-catalog.yaml', 'schemas/b2b.yaml', 'schemas/framework.yaml'];
    const first = files.map(read);
    const again = runImporter(swagger());
    expect(again.output).toContain('0 operations added, 0 schemas');
    expect(files.map(read)).toEqual(first);
  }, 60_000);

  it('writes nothing when an operation has no chosen name, and lists it', () => {
    const { status, output } = runImporter(swagger({ '/V1/unheard-of': { get: { responses: { '200': { schema: { type: 'string' } } } } } }));
    expect(status).toBe(1);
    expect(output).toContain('No operationId chosen');
    expect(output).toContain('GET /V1/unheard-of');
    expect(read('paths/company.yaml')).toBe(COMPANY);
    expect(read('openapi.yaml')).toBe(ROOT);
    expect(fs.existsSync(path.join(spec, 'paths/shared-catalog.yaml'))).toBe(false);
  }, 60_000);

  it('needs its input named explicitly', () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/import-swagger.mjs'), '--spec', spec], { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' });
        return { status: 0, stderr: '' };
      } catch (error) {
        return error as { status: number; stderr: string };
      }
    })();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('give exactly one Swagger 2.0 document');
  }, 60_000);
});
