/**
 * Receiving marketplace callbacks on node:http (the same listener works as an Express route:
 * `app.post('/eqp', toNodeListener(handler))`). The marketplace calls it with the Basic credentials
 * you registered in your profile's api_callbacks.
 *
 * Each event is handled once however often the service delivers it: handled deliveries are kept in
 * a directory (EQP_IDEMPOTENCY_DIR), so a restart does not handle them again, and a delivery whose
 * handler failed or timed out is handled when the service retries it.
 *
 *   EQP_CALLBACK_USER=eqp EQP_CALLBACK_PASSWORD=... EQP_IDEMPOTENCY_DIR=./.eqp-handled PORT=8080 npx tsx examples/callback-receiver-node.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCallbackHandler, type CallbackEvent, type UnknownCallbackEvent } from '@magekit/marketplace';

/** A documented event, or one the service added since (delivered intact). */
export type ReceivedEvent = CallbackEvent | UnknownCallbackEvent;
import { createFileIdempotencyStore, toNodeListener } from '@magekit/marketplace/node';

export interface Receiver {
  url: string;
  close(): Promise<void>;
}

export async function startCallbackReceiver(options: {
  port?: number;
  username: string;
  password: string;
  onEvent: (event: ReceivedEvent) => void | Promise<void>;
  /** Remember handled deliveries here (survives restarts); default: in memory. */
  idempotencyDir?: string;
}): Promise<Receiver> {
  const handler = createCallbackHandler({
    username: options.username,
    password: options.password,
    maxBodyBytes: 64 * 1024,
    // A redelivery of a handled event is acknowledged without running onEvent again; one whose
    // handler failed (or passed handlerTimeout) is run again. The default store is in memory.
    ...(options.idempotencyDir ? { idempotency: createFileIdempotencyStore(options.idempotencyDir) } : {}),
    handlerTimeout: 10_000,
    on: {
      malware_scan_complete: (event) => options.onEvent(event),
      eqp_status_update: (event) => options.onEvent(event),
      unknown: (event) => options.onEvent(event),
    },
  });
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/eqp`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

if (import.meta.main) {
  const receiver = await startCallbackReceiver({
    port: Number(process.env['PORT'] ?? 8080),
    username: process.env['EQP_CALLBACK_USER'] ?? 'eqp',
    password: process.env['EQP_CALLBACK_PASSWORD'] ?? 'change-me-please',
    onEvent: (event) => console.log(new Date().toISOString(), event.callback_event, JSON.stringify(event.update_info)),
    ...(process.env['EQP_IDEMPOTENCY_DIR'] ? { idempotencyDir: process.env['EQP_IDEMPOTENCY_DIR'] } : {}),
  });
  console.log(`listening on ${receiver.url}`);
}
