/**
 * The callback receiver as a Fetch-API handler (Request → Response), usable as is in workers, Deno,
 * Bun and frameworks with web handlers, and through `toNodeListener` (@magekit/marketplace/node)
 * with node:http or Express. It never throws into the host: every outcome is a response.
 *
 *   401 wrong or missing credentials (with WWW-Authenticate)   413 body over maxBodyBytes
 *   400 body not JSON, or not the shape of a callback           405 not a POST
 *   500 your handler threw (no details in the response)         200 handled, duplicate, or unknown event
 */
import { ConfigurationError } from '@magekit/core';
import { createBasicAuthCheck } from './basic-auth.ts';
import { parseCallbackBody, type CallbackEvent, type EqpStatusUpdateEvent, type MalwareScanCompleteEvent, type UnknownCallbackEvent } from './events.ts';

type Awaitable<T> = T | Promise<T>;

export interface CallbackHandlers {
  malware_scan_complete?: (event: MalwareScanCompleteEvent) => Awaitable<void>;
  eqp_status_update?: (event: EqpStatusUpdateEvent) => Awaitable<void>;
  /** Events this SDK does not know, delivered intact. Without it they are acknowledged and dropped. */
  unknown?: (event: UnknownCallbackEvent) => Awaitable<void>;
}

export interface CallbackHandlerOptions {
  /** The username registered in api_callbacks. */
  username: string;
  /** The password registered in api_callbacks; never logged. */
  password: string;
  on: CallbackHandlers;
  /** Larger bodies get 413. Default 64 KiB (real callbacks are a few hundred bytes). */
  maxBodyBytes?: number;
  /** Return true for an event already handled (the service may redeliver); it is acknowledged, not re-run. */
  isDuplicate?: (event: CallbackEvent | UnknownCallbackEvent) => Awaitable<boolean>;
  /** Sees errors thrown by your handlers (the response to the service stays a bare 500). */
  onError?: (error: unknown, event: CallbackEvent | UnknownCallbackEvent) => void;
}

export type CallbackHandler = (request: Request) => Promise<Response>;

const DEFAULT_MAX_BODY = 64 * 1024;

function reply(status: number, body: Record<string, string>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

class TooLarge extends Error {}

/** Reads at most `max` bytes; a longer body stops the read early instead of buffering it all. */
async function readLimited(request: Request, max: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

export function createCallbackHandler(options: CallbackHandlerOptions): CallbackHandler {
  if (!options || typeof options.username !== 'string' || !options.username || typeof options.password !== 'string' || !options.password) {
    throw new ConfigurationError('createCallbackHandler needs the username and password registered in api_callbacks.', { service: 'marketplace' });
  }
  if (!options.on || typeof options.on !== 'object') {
    throw new ConfigurationError('createCallbackHandler needs `on` with handlers for malware_scan_complete and/or eqp_status_update.', { service: 'marketplace' });
  }
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (!Number.isInteger(max) || max < 1) throw new ConfigurationError(`maxBodyBytes must be a positive integer, got ${max}.`, { service: 'marketplace' });
  const authorized = createBasicAuthCheck(options.username, options.password);

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return reply(405, { error: 'method not allowed' }, { allow: 'POST' });
    if (!(await authorized(request.headers.get('authorization')))) {
      return reply(401, { error: 'unauthorized' }, { 'www-authenticate': 'Basic realm="marketplace-callbacks", charset="UTF-8"' });
    }
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > max) return reply(413, { error: 'body too large' });
    let text: string;
    try {
      text = await readLimited(request, max);
    } catch (error) {
      if (error instanceof TooLarge) return reply(413, { error: 'body too large' });
      return reply(400, { error: 'unreadable body' });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return reply(400, { error: 'body is not JSON' });
    }
    const parsed = parseCallbackBody(body);
    if (!parsed.ok) return reply(400, { error: parsed.problem });
    const event = parsed.event;
    try {
      if (options.isDuplicate && (await options.isDuplicate(event))) return reply(200, { status: 'duplicate' });
      await dispatch(parsed);
      return reply(200, { status: 'ok' });
    } catch (error) {
      try {
        options.onError?.(error, event);
      } catch {
        // A failing error reporter must not turn into an exception in the host server.
      }
      return reply(500, { error: 'internal error' });
    }
  }

  async function dispatch(parsed: Extract<ReturnType<typeof parseCallbackBody>, { ok: true }>): Promise<void> {
    if (!parsed.known) return options.on.unknown?.(parsed.event);
    const event = parsed.event;
    if (event.callback_event === 'malware_scan_complete') return options.on.malware_scan_complete?.(event);
    return options.on.eqp_status_update?.(event);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch {
      return reply(500, { error: 'internal error' });
    }
  };
}
