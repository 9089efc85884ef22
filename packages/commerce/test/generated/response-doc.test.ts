// The document the generator types (scripts/codegen/response-doc.mjs): responses by the REST
// serializer's rules, the request side exactly as published. Checked on the whole commerce spec.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OUTPUT_SUFFIX } from '../../src/swagger/response-shape.ts';
import { doc, repoRoot } from '../support/spec.ts';

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>; components: { schemas: Record<string, unknown> } };
// Plain JS without declarations, imported by URL (as support/spec.ts imports load-spec.mjs).
const { withResponseShapes } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/codegen/response-doc.mjs')).href)) as {
  withResponseShapes(doc: unknown): { doc: Doc; nullableFields: number; outputSchemas: number };
};

const published = doc as unknown as Doc;
const shaped = withResponseShapes(doc);
const refsIn = (node: unknown): string[] => JSON.stringify(node ?? null).match(/"\$ref":"[^"]+"/g) ?? [];

describe('the generator\'s response document', () => {
  it('keeps every published schema, request body and parameter as it was', () => {
    for (const [name, schema] of Object.entries(published.components.schemas)) expect(shaped.doc.components.schemas[name], name).toEqual(schema);
    for (const [route, item] of Object.entries(published.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const after = shaped.doc.paths[route]![method]!;
        expect(after.requestBody, `${method} ${route}`).toEqual(op.requestBody);
        expect(after.parameters, `${method} ${route}`).toEqual(op.parameters);
        expect(refsIn(after.requestBody).filter((ref) => ref.includes(OUTPUT_SUFFIX))).toEqual([]);
      }
    }
  });

  it('points success bodies at the response copies, and no published schema at a copy', () => {
    const successRefs = Object.values(shaped.doc.paths).flatMap((item) => Object.values(item).flatMap((op) => refsIn(op.responses?.['200']?.content?.['application/json']?.schema)));
    expect(successRefs.some((ref) => ref.endsWith(`${OUTPUT_SUFFIX}"`))).toBe(true);
    for (const [name, schema] of Object.entries(shaped.doc.components.schemas)) {
      if (!name.endsWith(OUTPUT_SUFFIX)) expect(refsIn(schema).filter((ref) => ref.includes(OUTPUT_SUFFIX)), name).toEqual([]);
    }
  });

  it('makes the required fields of the response copies nullable, and counts them', () => {
    const stock = shaped.doc.components.schemas[`catalog-inventory-data-stock-item-interface${OUTPUT_SUFFIX}`] as { properties: Record<string, unknown> };
    expect(stock.properties['qty']).toEqual({ type: ['number', 'null'] });
    expect(stock.properties['item_id']).toEqual({ type: 'integer' });
    expect(shaped.outputSchemas).toBe(Object.keys(shaped.doc.components.schemas).filter((n) => n.endsWith(OUTPUT_SUFFIX)).length);
    expect(shaped.nullableFields).toBeGreaterThan(1000);
  });
});
