/**
 * Receiving marketplace callbacks on a Fetch-style server (Cloudflare Workers, Deno, Bun, Hono):
 * the handler is just `(request: Request) => Promise<Response>`.
 *
 *   deno serve examples/callback-receiver-fetch.ts      bun examples/callback-receiver-fetch.ts
 */
import { createCallbackHandler, type CallbackEvent, type UnknownCallbackEvent } from '@magekit/marketplace';

/** A documented event, or one the service added since (delivered intact). */
export type ReceivedEvent = CallbackEvent | UnknownCallbackEvent;

export function createReceiver(credentials: { username: string; password: string }, record: (event: ReceivedEvent) => void | Promise<void>) {
  return createCallbackHandler({
    ...credentials,
    on: {
      eqp_status_update: async (event) => {
        // update_info carries ids only: read the package for details when the status matters.
        await record(event);
      },
      malware_scan_complete: (event) => record(event),
      unknown: (event) => record(event),
    },
  });
}

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
export default {
  fetch: createReceiver({ username: env['EQP_CALLBACK_USER'] ?? 'eqp', password: env['EQP_CALLBACK_PASSWORD'] ?? 'change-me-please' }, (event) =>
    console.log(event.callback_event, JSON.stringify(event.update_info)),
  ),
};
