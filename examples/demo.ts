/**
 * `npm run demo`: the main jobs end to end against the embedded fakes on loopback: an admin session, a
 * 2,000-product bulk price update with live progress (failures injected, then the retryable ones
 * resubmitted), a partial-response read, a paginated search; then the marketplace: a session, an
 * upload and its malware-scan callback, a batch submission split into succeeded and failed, and a
 * status callback.
 *
 * Point it at a real installation with MAGEKIT_BASE_URL (+ MAGEKIT_ADMIN_USERNAME/PASSWORD, MAGEKIT_TOKEN
 * or integration keys) and at the real marketplace with MAGEKIT_EQP_APP_ID/SECRET (+ MAGEKIT_EQP_ENV).
 * The bulk step writes prices: against a real store, set MAGEKIT_DEMO_SKUS to a comma-separated list
 * of test SKUs you are happy to reprice.
 */
import { where } from '@magekit/commerce';
import { createMarketplaceClient, createMalwareScanFeed, type MarketplaceClient } from '@magekit/marketplace';
import { startCallbackReceiver, type ReceivedEvent } from './callback-receiver-node.ts';
import { progressBar } from './support/progress.ts';
import { clientFromEnvironment } from './support/target.ts';

const started = performance.now();
const step = (title: string) => console.log(`\n▶ ${title}`);
const note = (text: string) => console.log(`  ${text}`);
const env = process.env;

async function commerceTour(): Promise<void> {
  const target = await clientFromEnvironment({
    seed: { products: 2000, customers: 50, orders: 50 },
    // A healthy queue consumer that works one operation at a time, with a few failures of each kind.
    consumer: { delayMs: 1, failures: { bySku: { 'SKU-0007': { status: 3, message: 'The "price" value must be a number. Verify the value and try again.' } }, rate: 0.01, rateStatus: [2, 2, 3] } },
  });
  const { commerce } = target;
  try {
    console.log(`Commerce platform: ${target.fake ? `embedded fake at ${target.baseUrl}` : target.baseUrl}`);

    step('Admin session');
    const modules = await commerce.modules.list();
    note(`signed in (token fetched on first use, renewed before expiry); ${modules.length} modules enabled`);

    step('Bulk price update: 2,000 products through the async queue');
    const skus = env['MAGEKIT_DEMO_SKUS']?.split(',').filter(Boolean) ?? Array.from({ length: 2000 }, (_, i) => `SKU-${String(i + 1).padStart(4, '0')}`);
    const rows = skus.map((sku, i) => ({ sku, product: { sku, price: Math.round((19.99 + (i % 40)) * 100) / 100 } }));
    const job = await commerce.bulk.products.update(rows, { chunkSize: 500 });
    note(`accepted in ${job.bulkUuids.length} request(s): ${job.bulkUuids.join(', ')}`);
    const bar = progressBar('  progress');
    const outcome = await commerce.waitForBulk(job, {
      minDelay: 100,
      maxDelay: 1000,
      onProgress: (e) => bar.update(e.total - e.open, e.total, `open ${e.open}`),
    });
    bar.done();
    const { counts } = outcome;
    note(`complete ${counts.complete}, failed ${counts.failed}, rejected ${counts.rejected} (of ${counts.total})`);
    for (const failure of outcome.failures().slice(0, 4)) {
      note(`  #${failure.position} ${rows[failure.position]!.sku}: status ${failure.status} ${failure.resultMessage}`);
    }
    const retry = await commerce.bulk.resubmitRetryable(outcome);
    if (retry) {
      const second = await commerce.waitForBulk(retry, { minDelay: 100, maxDelay: 1000 });
      note(`resubmitted ${second.operations.length} retryable operation(s): ${second.counts.complete} now complete, ${second.counts.failed} still failing`);
    }
    const needsChange = outcome.failures().filter((f) => f.status === 3);
    note(`${needsChange.length} operation(s) need a change to the input before a retry (status 3)`);

    step('Partial response: only the fields we need');
    const product = await commerce.products.get({ sku: skus[0]!, fields: ['sku', 'price', { extension_attributes: ['website_ids'] }] });
    note(JSON.stringify(product));

    step('Paginated search: products over 50.00, newest first, 250 per page');
    let seen = 0;
    let pages = 0;
    for await (const page of commerce.paginate('GET /V1/products', { searchCriteria: where('price', 'gt', 50).sortBy('created_at', 'DESC'), fields: ['sku', 'price'] }, { pageSize: 250 }).pages()) {
      pages += 1;
      seen += page.items.length;
    }
    note(`${seen} products in ${pages} page(s), walked by key after the sort: each product once, whatever ties or writes between pages`);
  } finally {
    await target.close();
  }
}

async function marketplaceTour(): Promise<void> {
  let market: MarketplaceClient;
  let stop = async () => {};
  let fakeSettle = async () => {};
  let fail: ((itemId: string) => void) | undefined;
  if (env['MAGEKIT_EQP_APP_ID']) {
    market = createMarketplaceClient({ environment: env['MAGEKIT_EQP_ENV'] === 'production' ? 'production' : 'sandbox', appId: env['MAGEKIT_EQP_APP_ID'], appSecret: env['MAGEKIT_EQP_APP_SECRET'] ?? '' });
    console.log('\nMarketplace: the real service');
  } else {
    const { startFakeMarketplace } = await import('@magekit/marketplace/testing');
    const running = await startFakeMarketplace({ reviewDelayMs: 30, scanDelayMs: 30 });
    market = createMarketplaceClient({ environment: 'sandbox', baseUrl: running.url, appId: running.fake.app.appId, appSecret: running.fake.app.appSecret });
    stop = () => running.close();
    fakeSettle = () => running.fake.settle();
    fail = (itemId) => running.fake.failItems((item) => (item['item_id'] === itemId ? 1210 : undefined));
    console.log(`\nMarketplace: embedded fake at ${running.url}`);
  }
  const events: ReceivedEvent[] = [];
  const feed = createMalwareScanFeed();
  const receiver = await startCallbackReceiver({
    username: 'eqp-demo',
    password: 'demo-callback-secret',
    onEvent: (event) => {
      events.push(event);
      if (event.callback_event === 'malware_scan_complete') feed.push(event.update_info as never);
    },
  });
  try {
    step('Session and callback registration');
    const me = await market.users.get();
    // The receiver listens on loopback over plain http: only the embedded fake can call it (the real
    // service sends callbacks over HTTPS to a public address, and the SDK refuses anything else).
    if (!env['MAGEKIT_EQP_APP_ID']) await market.users.update({ api_callbacks: [{ name: 'demo', url: receiver.url, username: 'eqp-demo', password: 'demo-callback-secret' }] });
    note(`signed in as ${me.mage_id}; callbacks go to ${receiver.url} (the password is write-only)`);

    step('Upload and malware scan');
    const uploads = await market.files.upload([
      { data: new Uint8Array([80, 75, 5, 6]), filename: 'acme-checkout-1.2.0.zip', contentType: 'application/zip' },
      { data: new TextEncoder().encode('%PDF-1.7 guide'), filename: 'acme-checkout-guide.pdf', contentType: 'application/pdf' },
    ]);
    const scanned = await market.files.waitForMalwareScan(uploads.map((u) => u.file_upload_id), { feed, pollInterval: 500 });
    note(`${scanned.map((f) => `${f.filename}: ${f.malware_status}`).join(', ')}`);
    note(`${events.filter((e) => e.callback_event === 'malware_scan_complete').length} malware_scan_complete callback(s) received`);

    step('Batch submission: three packages, one refused');
    fail?.('acme-bad-sku');
    const draft = (itemId: string, name: string) => ({
      item_id: itemId, type: 'extension' as const, platform: 'M2' as const, name, version: '1.2.0',
      long_description: `<p>${name}</p>`, release_notes: 'Faster checkout', version_compatibility: [{ edition: 'CE' as const, versions: ['2.4'] }],
      artifact: { file_upload_id: uploads[0]!.file_upload_id }, documentation_artifacts: { user: { file_upload_id: uploads[1]!.file_upload_id } },
      action: { technical: 'submit' as const, marketing: 'submit' as const },
    });
    const result = await market.packages.submit([draft('acme-checkout', 'Acme Checkout'), draft('acme-bad-sku', 'Acme Broken'), draft('acme-search', 'Acme Search')]);
    for (const ok of result.succeeded) note(`✓ #${ok.index} ${ok.input.item_id} → submission ${ok.value.submission_id}`);
    for (const bad of result.failed) note(`✗ #${bad.index} ${bad.input.item_id}: ${bad.code} ${bad.message}`);

    step('Status callbacks');
    await fakeSettle();
    const deadline = Date.now() + 10_000;
    while (!events.some((e) => e.callback_event === 'eqp_status_update') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const e of events.filter((x) => x.callback_event === 'eqp_status_update').slice(0, 4)) {
      const info = e.update_info as { submission_id?: string; eqp_flow?: string; current_status?: string };
      note(`${info.submission_id}: ${info.eqp_flow} → ${info.current_status}`);
    }
  } finally {
    await receiver.close();
    await stop();
  }
}

await commerceTour();
await marketplaceTour();
console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
