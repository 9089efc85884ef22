/**
 * Marketplace release pipeline, as a CI job would run it: upload the package and its user guide,
 * wait until both pass the malware scan, submit for technical and marketing review, and report
 * which submissions were accepted and which were refused (with the reason, per item).
 *
 *   MAGEKIT_EQP_ENV=sandbox MAGEKIT_EQP_APP_ID=... MAGEKIT_EQP_APP_SECRET=... npx tsx examples/marketplace-release.ts
 *
 * Without MAGEKIT_EQP_APP_ID it runs against the embedded fake marketplace.
 *
 * For a CI job you need not write this yourself: `magekit-marketplace release manifest.json` does the
 * same and waits for the reviews (see examples/ci/ and the package README).
 */
import { createMarketplaceClient, type MalwareScanFeed, type MarketplaceClient } from '@magekit/marketplace';

export interface Release {
  itemId: string;
  name: string;
  version: string;
  zip: Uint8Array;
  guide: Uint8Array;
}

export interface ReleaseReport {
  submitted: { itemId: string; submissionId: string }[];
  refused: { itemId: string; code: number; message: string }[];
}

export async function releaseExtensions(market: MarketplaceClient, releases: readonly Release[], feed?: MalwareScanFeed): Promise<ReleaseReport> {
  // One multipart request for every file; the answer is in upload order.
  const uploads = await market.files.upload(
    releases.flatMap((r) => [
      { data: r.zip, filename: `${r.itemId}-${r.version}.zip`, contentType: 'application/zip' },
      { data: r.guide, filename: `${r.itemId}-guide.pdf`, contentType: 'application/pdf' },
    ]),
  );
  // Packages are accepted for review only once all their files passed the scan.
  await market.files.waitForMalwareScan(uploads.map((u) => u.file_upload_id), { ...(feed ? { feed } : {}), pollInterval: 200 });

  const result = await market.packages.submit(
    releases.map((r, i) => ({
      item_id: r.itemId,
      type: 'extension',
      platform: 'M2',
      name: r.name,
      version: r.version,
      long_description: `<p>${r.name}</p>`,
      release_notes: `Release ${r.version}`,
      version_compatibility: [{ edition: 'CE', versions: ['2.4'] }],
      artifact: { file_upload_id: uploads[2 * i]!.file_upload_id },
      documentation_artifacts: { user: { file_upload_id: uploads[2 * i + 1]!.file_upload_id } },
      action: { technical: 'submit', marketing: 'submit' },
    })),
  );
  // A refused item never takes the others down: report both sides, aligned with the input.
  return {
    submitted: result.succeeded.map((s) => ({ itemId: releases[s.index]!.itemId, submissionId: String(s.value.submission_id) })),
    refused: result.failed.map((f) => ({ itemId: releases[f.index]!.itemId, code: f.code, message: f.message })),
  };
}

async function main(): Promise<void> {
  const releases: Release[] = [
    { itemId: 'acme-checkout', name: 'Acme Checkout', version: '1.2.0', zip: new Uint8Array([80, 75, 5, 6]), guide: new TextEncoder().encode('%PDF-1.7') },
    { itemId: 'acme-search', name: 'Acme Search', version: '2.0.1', zip: new Uint8Array([80, 75, 5, 6]), guide: new TextEncoder().encode('%PDF-1.7') },
  ];
  const env = process.env;
  if (env['MAGEKIT_EQP_APP_ID']) {
    const market = createMarketplaceClient({ environment: env['MAGEKIT_EQP_ENV'] === 'production' ? 'production' : 'sandbox', appId: env['MAGEKIT_EQP_APP_ID'], appSecret: env['MAGEKIT_EQP_APP_SECRET'] ?? '' });
    console.log(await releaseExtensions(market, releases));
    return;
  }
  const { startFakeMarketplace } = await import('@magekit/marketplace/testing');
  const running = await startFakeMarketplace();
  try {
    const market = createMarketplaceClient({ environment: 'sandbox', baseUrl: running.url, appId: running.fake.app.appId, appSecret: running.fake.app.appSecret });
    console.log(await releaseExtensions(market, releases));
  } finally {
    await running.close();
  }
}

if (import.meta.main) await main();
