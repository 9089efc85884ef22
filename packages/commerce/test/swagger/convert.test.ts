import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMagekitError } from '@magekit/core';
import { convertSwagger, toOpenApiDocument } from '../../src/swagger/index.ts';

const doc = {
  swagger: '2.0',
  paths: {
    '/V1/widgets/{widgetId}': {
      get: {
        tags: ['widgets/{widgetId}'],
        description: 'Some prose that must not survive.',
        parameters: [{ name: 'widgetId', in: 'path', type: 'integer', required: true, description: 'Widget id' }],
        responses: { '200': { description: '200 Success.', schema: { $ref: '#/definitions/widget-interface' } } },
      },
      delete: {
        parameters: [{ name: 'widgetId', in: 'path', type: 'integer', required: true }],
        responses: { default: { schema: { $ref: '#/definitions/error-response' } } },
      },
    },
    '/V1/widgets': {
      get: {
        parameters: [
          { name: 'searchCriteria[filterGroups][0][filters][0][field]', in: 'query', type: 'string' },
          { name: 'searchCriteria[pageSize]', in: 'query', type: 'integer' },
          { name: 'skus', in: 'query', type: 'array', items: { type: 'string' }, required: true },
          { name: 'lines[0][sku]', in: 'query', type: 'string' },
          { name: 'lines[0][qty]', in: 'query', type: 'number' },
          { name: 'X-Trace', in: 'header', type: 'string' },
        ],
        responses: { '200': { schema: { type: 'array', items: { type: 'string' } } } },
      },
      post: {
        parameters: [{
          name: 'PostV1WidgetsBody', in: 'body',
          schema: { type: 'object', required: ['widget'], xml: { name: 'request' }, properties: { widget: { $ref: '#/definitions/widget-interface', description: 'The widget' } } },
        }],
        responses: { '200': { schema: { type: 'integer' } } },
      },
    },
  },
  definitions: {
    'widget-interface': {
      type: 'object',
      description: 'A widget, described in the platform\'s words.',
      required: ['name'],
      properties: {
        name: { type: 'string', example: 'w' },
        parts: { type: 'array', items: { $ref: '#/definitions/part-interface' } },
        extension_attributes: { $ref: '#/definitions/widget-extension-interface' },
      },
    },
    'part-interface': { type: 'object', properties: { code: { type: 'string', enum: ['a', 'b'] }, owner: { $ref: '#/definitions/widget-interface' } } },
    'widget-extension-interface': { type: 'object', properties: { colour: { type: 'string' } } },
    'framework-search-criteria-interface': { type: 'object', properties: { page_size: { type: 'integer' } } },
    'unused-interface': { type: 'object', properties: {} },
    'error-response': { type: 'object', properties: { message: { type: 'string' } } },
  },
};

const byKey = (key: string) => convertSwagger(doc).operations.find((op) => op.key === key)!;

describe('convertSwagger', () => {
  it('lists every operation with method, path and key, paths as written', () => {
    expect(convertSwagger(doc).operations.map((op) => op.key)).toEqual(['GET /V1/widgets/{widgetId}', 'DELETE /V1/widgets/{widgetId}', 'GET /V1/widgets', 'POST /V1/widgets']);
  });

  it('converts path parameters in path order and the success response, with refs to components', () => {
    const op = byKey('GET /V1/widgets/{widgetId}');
    expect(op.parameters).toEqual([{ name: 'widgetId', in: 'path', required: true, schema: { type: 'integer' } }]);
    expect(op.response).toEqual({ $ref: '#/components/schemas/widget-interface' });
    expect(op.requestBody).toBeUndefined();
    expect(op.sourceTag).toBe('widgets/{widgetId}');
  });

  it('closes over the definitions an operation reaches, cycles included', () => {
    expect(byKey('GET /V1/widgets/{widgetId}').definitions).toEqual(['part-interface', 'widget-extension-interface', 'widget-interface']);
    const { schemas } = convertSwagger(doc);
    expect(Object.keys(schemas)).not.toContain('unused-interface');
    expect(schemas['part-interface']).toEqual({ type: 'object', properties: { code: { type: 'string', enum: ['a', 'b'] }, owner: { $ref: '#/components/schemas/widget-interface' } } });
  });

  it('marks an operation that answers without a body with a null response', () => {
    expect(byKey('DELETE /V1/widgets/{widgetId}').response).toBeNull();
  });

  it('keeps searchCriteria as its named definition and rebuilds other bracketed objects from their leaves', () => {
    const op = byKey('GET /V1/widgets');
    expect(op.parameters).toEqual([
      { name: 'skus', in: 'query', required: true, style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } },
      { name: 'searchCriteria', in: 'query', style: 'deepObject', explode: true, schema: { $ref: '#/components/schemas/framework-search-criteria-interface' } },
      { name: 'lines', in: 'query', style: 'deepObject', explode: true, schema: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'number' } } } } },
    ]);
    expect(op.definitions).toEqual(['framework-search-criteria-interface']);
  });

  it('reports what it leaves out instead of dropping it silently', () => {
    expect(convertSwagger(doc).problems).toEqual(['GET /V1/widgets: the header parameter "X-Trace" is left out (the SDK sends JSON bodies and its own headers).']);
  });

  it('converts the body, dropping prose and XML hints', () => {
    expect(byKey('POST /V1/widgets').requestBody).toEqual({ type: 'object', required: ['widget'], properties: { widget: { $ref: '#/components/schemas/widget-interface' } } });
    const text = JSON.stringify(convertSwagger(doc));
    expect(text).not.toMatch(/description|example|"xml"|prose/);
  });

  it('leaves extension interfaces and property-less objects open, as installed modules add fields', () => {
    const { schemas } = convertSwagger({ ...doc, definitions: { ...doc.definitions, 'bag-interface': { type: 'object' } }, paths: { '/V1/bag': { get: { responses: { '200': { schema: { $ref: '#/definitions/bag-interface' } } } } }, ...doc.paths } });
    expect(schemas['widget-extension-interface']).toMatchObject({ additionalProperties: true });
    expect(schemas['bag-interface']).toEqual({ type: 'object', additionalProperties: true });
    expect(schemas['widget-interface']).not.toHaveProperty('additionalProperties');
  });

  it('names a missing definition and a path placeholder without a parameter entry', () => {
    const broken = { swagger: '2.0', paths: { '/V1/x/{id}': { get: { responses: { '200': { schema: { $ref: '#/definitions/nowhere' } } } } } } };
    const result = convertSwagger(broken);
    expect(result.operations[0]!.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(result.problems).toEqual([
      'GET /V1/x/{id}: "{id}" has no parameter entry; typed as string.',
      'GET /V1/x/{id}: the definition "nowhere" is referenced but not in the document; typed as unknown.',
    ]);
  });

  it.each([
    [null, 'expected an object, got null'],
    [[], 'expected an object, got an array'],
    [{ openapi: '3.1.0', paths: {} }, 'it is OpenAPI 3.1.0'],
    [{ swagger: '1.2', paths: {} }, '"swagger" is "1.2", expected "2.0"'],
    [{ swagger: '2.0' }, 'no "paths" object'],
  ])('refuses %j with a typed error that says what it found', (input, message) => {
    let caught: unknown;
    try { convertSwagger(input); } catch (error) { caught = error; }
    expect(isMagekitError(caught)).toBe(true);
    expect((caught as Error).message).toContain(message);
    expect((caught as { kind: string }).kind).toBe('input');
  });

  it('builds a self-contained OpenAPI 3.1 document with only the schemas the chosen operations reach', () => {
    const out = toOpenApiDocument(convertSwagger(doc), { include: (op) => op.method === 'DELETE', operationId: () => 'widgets.delete' }) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(out.paths)).toEqual(['/V1/widgets/{widgetId}']);
    expect(out.paths['/V1/widgets/{widgetId}']!['delete']!.operationId).toBe('widgets.delete');
    expect(out.paths['/V1/widgets/{widgetId}']!['delete']!.responses['200']).toEqual({ description: 'No content' });
    expect(Object.keys(out.components.schemas)).toEqual(['error-response']);
  });
});

/** Where a schema keyword carries prose; a property that happens to be named `description` is data. */
function proseKeywords(node: unknown, at = '$', out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => proseKeywords(item, `${at}[${i}]`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (['description', 'summary', 'title', 'example'].includes(key) && typeof value === 'string') out.push(`${at}.${key}`);
      if (key === 'properties' && value && typeof value === 'object') {
        for (const [prop, schema] of Object.entries(value)) proseKeywords(schema, `${at}.properties.${prop}`, out);
      } else proseKeywords(value, `${at}.${key}`, out);
    }
  }
  return out;
}

// The platform's published 2.4.9 admin schema, when the shared reference is beside the repository.
const reference = path.resolve(import.meta.dirname, '../../../../../shared/reference/commerce/admin-schema-2.4.9.json');
describe('convertSwagger on the published 2.4.9 admin schema (../shared beside the repository, as in CI)', () => {
  it('converts all 614 operations, resolves every reference and copies no prose', () => {
    const result = convertSwagger(JSON.parse(fs.readFileSync(reference, 'utf8')));
    expect(result.operations).toHaveLength(614);
    expect(new Set(result.operations.map((op) => op.key)).size).toBe(614);
    for (const op of result.operations) for (const name of op.definitions) expect(result.schemas, name).toHaveProperty([name]);
    expect(proseKeywords(result)).toEqual([]);
    expect(result.problems).toEqual([]);
  });
});
