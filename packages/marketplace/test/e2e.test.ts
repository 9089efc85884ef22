// End to end over real sockets: the fake marketplace on loopback, a real callback receiver on
// loopback, and the client between them: upload → malware-scan callback → submit → status callbacks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { createCallbackHandler, createMalwareScanFeed, createMarketplaceClient, type EqpStatusUpdateEvent, type MalwareScanCompleteEvent } from '../src/index.ts';
import { toNodeListener } from '../src/node.ts';
import { startFakeMarketplace, type RunningFakeMarketplace } from '../src/testing/index.ts';
import { server } from '@magekit/test-support/msw';

let fakeServer: RunningFakeMarketplace | undefined;
let receiver: Server | undefined;
afterEach(async () => {
  await fakeServer?.close();
  await new Promise<void>((r) => (receiver ? (receiver.closeAllConnections(), receiver.close(() => r())) : r()));
});

async function until<T>(probe: () => T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('upload → malware-scan callback → submit → status callbacks, over loopback', async () => {
  // Loopback traffic goes to the real sockets, not to MSW.
  server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  fakeServer = await startFakeMarketplace({ scanDelayMs: 30, reviewDelayMs: 30 });

  const scans: MalwareScanCompleteEvent[] = [];
  const statuses: EqpStatusUpdateEvent[] = [];
  const feed = createMalwareScanFeed();
  const handler = createCallbackHandler({
    username: 'eqp-callbacks',
    password: 'receiver-password-1',
    on: {
      malware_scan_complete: (event) => {
        scans.push(event);
        feed.push(event.update_info);
      },
      eqp_status_update: (event) => void statuses.push(event),
    },
  });
  receiver = createServer(toNodeListener(handler));
  await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/eqp/callbacks`;

  const { fake } = fakeServer;
  const market = createMarketplaceClient({ environment: 'sandbox', baseUrl: fakeServer.url, appId: fake.app.appId, appSecret: fake.app.appSecret });
  await market.users.update({ api_callbacks: [{ name: 'e2e', url: callbackUrl, username: 'eqp-callbacks', password: 'receiver-password-1' }] });

  const uploaded = await market.files.upload([
    { data: new Uint8Array([80, 75, 5, 6]), filename: 'acme-module.zip' },
    { data: '%PDF-1.7 guide', filename: 'user-guide.pdf' },
  ]);
  // A poll interval of a minute: only the callbacks can finish this wait in time.
  const scanned = await market.files.waitForMalwareScan(uploaded.map((u) => u.file_upload_id), { feed, pollInterval: 60_000, maxWait: 5_000 });
  expect(scanned.map((f) => f.malware_status)).toEqual(['pass', 'pass']);
  expect(scans.map((s) => s.update_info.file_upload_id).sort()).toEqual(uploaded.map((u) => u.file_upload_id).sort());

  const result = await market.packages.submit([
    {
      item_id: 'acme-1',
      type: 'extension',
      platform: 'M2',
      name: 'Acme Checkout',
      version: '1.0.0',
      long_description: '<p>Faster checkout</p>',
      release_notes: 'First release',
      version_compatibility: [{ edition: 'CE', versions: ['2.4'] }],
      artifact: { file_upload_id: uploaded[0]!.file_upload_id },
      documentation_artifacts: { user: { file_upload_id: uploaded[1]!.file_upload_id } },
      action: { technical: 'submit', marketing: 'submit' },
    },
  ]);
  const [submitted] = result.throwIfFailed();
  const submissionId = submitted!.value.submission_id!;
  expect(submitted!.value.eqp_status).toEqual({ overall: 'in_progress', technical: 'in_automation', marketing: 'awaiting_marketing_review' });

  const approved = await until(() => statuses.find((s) => s.update_info.submission_id === submissionId && s.update_info.eqp_status?.overall === 'approved'));
  expect(approved.update_info.item_id).toBe('acme-1');
  const flows = statuses.filter((s) => s.update_info.submission_id === submissionId).map((s) => `${s.update_info.eqp_flow}:${s.update_info.current_status}`);
  expect(flows).toEqual(expect.arrayContaining(['technical:in_automation', 'technical:approved', 'marketing:awaiting_marketing_review', 'marketing:in_marketing_review', 'marketing:approved']));
  expect((await market.packages.get({ submission_id: submissionId })).eqp_status?.overall).toBe('approved');
  await fake.settle();
  expect(fake.deliveries.every((d) => d.status === 200)).toBe(true);
  expect(fake.stats.unmatched).toEqual([]);
});
