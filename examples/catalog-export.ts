/**
 * Catalog export: every enabled product, only the fields the feed needs, to CSV, read as a partitioned
 * export: the products' key range is cut into 4 slices read side by side, each in windows of about a
 * page, so every request counts and reads only its own rows. Every product that exists for the whole
 * export is written exactly once, however busy the shop is meanwhile (offset paging skips and repeats
 * rows on a live store). `fields` keeps each page small; the platform still loads each product whole.
 *
 *   MAGEKIT_BASE_URL=https://shop.example.com MAGEKIT_TOKEN=... npx tsx examples/catalog-export.ts > catalog.csv
 */
import { exportRecords, where, type CommerceClient } from '@magekit/commerce';

const columns = ['sku', 'name', 'price', 'status', 'updated_at'] as const;

export async function exportCatalog(commerce: CommerceClient, write: (line: string) => void, pageSize = 300): Promise<number> {
  write(columns.join(','));
  const { rows } = await exportRecords(
    commerce,
    'GET /V1/products',
    { searchCriteria: where('status', 'eq', 1), fields: ['sku', 'name', 'price', 'status', 'updated_at'] },
    // Pages arrive one at a time (slice by slice, in key order within each); the narrowed type has exactly the selected fields.
    (products) => {
      for (const product of products) write(columns.map((c) => csvCell(product[c])).join(','));
    },
    // Size concurrency to the shop's PHP workers: every request still costs the server its page.
    { pageSize, concurrency: 4 },
  );
  return rows;
}

function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

if (import.meta.main) {
  const { clientFromEnvironment } = await import('./support/target.ts');
  const target = await clientFromEnvironment({ seed: { products: 750 } });
  try {
    const rows = await exportCatalog(target.commerce, (line) => process.stdout.write(`${line}\n`));
    console.error(`${rows} products exported`);
  } finally {
    await target.close();
  }
}
