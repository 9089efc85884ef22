/**
 * `POST /V1/import/csv` (`ImportCsv\Model\StartImport::execute`) and `POST /V1/import/json`: the rows are
 * validated and imported, and the answer is a list of texts, `["Entities Processed: N"]`, or the
 * errors, with status 200 either way. The fake imports products (`catalog_product`) with the `append`
 * behaviour (rows saved by SKU, through the products route) and `delete`; other entities are not
 * modeled (501, the route named).
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity, FakeStore } from '../store.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { objectField, required } from './support.ts';

/** RFC 4180 rows (quoted fields, doubled quotes, commas and newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field !== '' || row.length) row.push(field), rows.push(row);
  return rows.filter((r) => r.some((f) => f !== ''));
}

function decodeBase64(data: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
}

type SaveProduct = (store: FakeStore, sku: string, fields: Entity) => unknown;

function importRows(store: FakeStore, route: string, source: Entity, rows: Entity[], save: SaveProduct): string[] {
  const entity = String(source['entity'] ?? '');
  if (entity !== 'catalog_product') throw new PlatformError(501, MESSAGES.unmodeledCase, { route, case: `the entity ${JSON.stringify(entity)}` });
  if (rows.length === 0) return ['This file is empty. Please try another one.'];
  const missing = rows.findIndex((row) => !row['sku']);
  if (missing >= 0) return ['Data validation failed. Please fix the following errors and upload the file again.', `SKU is empty in row(s): ${missing + 1}`];
  const skus = new Set(rows.map((row) => String(row['sku'])));
  for (const row of rows) {
    if (source['behavior'] === 'delete') store.products.delete(String(row['sku']));
    else {
      const { sku, price, weight, qty: _qty, product_type, attribute_set_code: _set, ...rest } = row;
      void _qty;
      void _set;
      save(store, String(sku), { ...rest, ...(product_type ? { type_id: product_type } : {}), ...(price !== undefined && price !== '' ? { price: Number(price) } : {}), ...(weight !== undefined && weight !== '' ? { weight: Number(weight) } : {}) });
    }
  }
  return [`Entities Processed: ${skus.size}`];
}

export function importHandlers(save: SaveProduct): Record<string, ModeledHandler> {
  return {
    'POST /V1/import/csv': (input, { store }) => {
      const source = objectField(input, 'source');
      if (typeof source['csv_data'] !== 'string') throw required('csv_data');
      // Data that does not decode is the upload's failure, reported in the list (StartImport's catch-all).
      let text: string;
      try {
        text = decodeBase64(source['csv_data']);
      } catch {
        return ['Sorry, but the data is invalid or the file is not uploaded.'];
      }
      const [header, ...lines] = parseCsv(text);
      const rows = lines.map((line) => Object.fromEntries((header ?? []).map((name, i) => [name, line[i] ?? ''])));
      return importRows(store, 'POST /V1/import/csv', source, rows, save);
    },
    'POST /V1/import/json': (input, { store }) => {
      const source = objectField(input, 'source');
      // `items` is a PHP array: a list, or an object whose values are the rows.
      const items = source['items'];
      if (!items || typeof items !== 'object') throw required('items');
      const rows = (Array.isArray(items) ? items : Object.values(items)).filter((row): row is Entity => Boolean(row) && typeof row === 'object');
      return importRows(store, 'POST /V1/import/json', source, rows, save);
    },
  };
}
