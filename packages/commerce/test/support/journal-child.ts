// A child process for the journal crash test: imports 30 price updates in chunks of 10, one chunk
// at a time, with a journal, against the base URL it is given. The test kills it with SIGKILL
// while the second chunk's request is in flight.
import { createCommerceClient, none } from '../../src/index.ts';
import { openBulkJournal } from '../../src/node/index.ts';

const [baseUrl, journalPath] = process.argv.slice(2);
const rows = Array.from({ length: 30 }, (_, i) => {
  const sku = `SKU-${String(i + 1).padStart(4, '0')}`;
  return { sku, product: { sku, price: 500 + i } };
});
const journal = await openBulkJournal(journalPath!);
const commerce = createCommerceClient({ baseUrl: baseUrl!, auth: none(), retry: false });
await commerce.bulk.products.update(rows, { chunkSize: 10, concurrency: 1, journal });
await journal.close();
process.stdout.write('done\n');
