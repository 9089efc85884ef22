/**
 * The callback receiver as a Fetch-API handler (Request → Response), usable as is in workers, Deno,
 * Bun and frameworks with web handlers, and through `toNodeListener` (@magekit/marketplace/node)
 * with node:http or Express. It never throws into the host: every outcome is a response.
 *
 *   200 handled, or already handled (duplicate), or an unknown event without a handler
 *   400 body not UTF-8, not JSON, nested deeper than 32 levels, or not the shape of a callback
 *   401 wrong or missing credentials
 *   405 not a POST                                         408 the body did not arrive in bodyTimeout
 *   413 body over maxBodyBytes                             500 your handler threw (no details)
 *   503 your handler passed handlerTimeout, or another delivery of the same event is being handled
 *       (with Retry-After): the sender retries, and the retry is handled or acknowledged
 *
 * Delivery never loses an event: each delivery claims its key in an IdempotencyStore before the
 * handler runs. Success completes the key, so a redelivery is acknowledged without running the
 * handler again; a throw releases it, so a redelivery is handled. A handler still running at its
 * deadline is answered 503 at once (the host is not held), and its late outcome is still recorded:
 * completed if it succeeded, released if it failed.
 *
 * Only a failure on our side answers 5xx. The service documents no redelivery rule (marketplace
 * facts, "Callbacks": "No documented behaviour for retries, timeouts, ordering, or the response the
 * receiver is expected to send"), so the receiver follows the web's: a 4xx says the request itself is
 * wrong and sending it again cannot help, a 5xx says try again. Input that cannot be a callback
 * (malformed, pathological nesting, bad encoding, too large) is therefore a 4xx, never a 5xx that
 * would have it redelivered forever, and it is rejected before anything recursive touches it.
 */
import { ConfigurationError, IncomingBodyTooLarge, IncomingBodyTooSlow, readIncomingText } from '@magekit/core';
import { createBasicAuthCheck } from './basic-auth.ts';
import { parseCallbackBody, type CallbackEvent, type EqpStatusUpdateEvent, type MalwareScanCompleteEvent, type UnknownCallbackEvent } from './events.ts';
import { checkDuration, createMemoryIdempotencyStore, deliveryKey, type IdempotencyStore } from './idempotency.ts';

type Awaitable<T> = T | Promise<T>;

/** The second argument of every handler. */
export interface DeliveryContext {
  /** Aborted when handlerTimeout passes (the sender has been answered 503 and will retry). */
  signal: AbortSignal;
  /** The delivery's idempotency key (the same for a redelivery of the same update). */
  key: string;
}

export interface CallbackHandlers {
  malware_scan_complete?: (event: MalwareScanCompleteEvent, context: DeliveryContext) => Awaitable<void>;
  eqp_status_update?: (event: EqpStatusUpdateEvent, context: DeliveryContext) => Awaitable<void>;
  /** Events this SDK does not know, delivered intact. Without it they are acknowledged and dropped. */
  unknown?: (event: UnknownCallbackEvent, context: DeliveryContext) => Awaitable<void>;
}

export interface CallbackHandlerOptions {
  /** The username registered in api_callbacks. */
  username: string;
  /** The password registered in api_callbacks; never logged. */
  password: string;
  on: CallbackHandlers;
  /** Larger bodies get 413. Default 64 KiB (real callbacks are a few hundred bytes). */
  maxBodyBytes?: number;
  /**
   * Where deliveries are claimed and completed. Default: an in-memory store (one process, forgotten
   * on restart); `createFileIdempotencyStore(dir)` from `@magekit/marketplace/node` survives restarts;
   * your own (a database table, Redis) implements claim / complete / release. `false` turns it off.
   */
  idempotency?: IdempotencyStore | false | undefined;
  /** The key of a delivery. Default: SHA-256 of its canonical JSON (the same update has the same key). */
  idempotencyKey?: ((event: CallbackEvent | UnknownCallbackEvent) => string) | undefined;
  /** How long your handler may run before the sender is answered 503 (it retries), in ms. Default 10 000. */
  handlerTimeout?: number | undefined;
  /** How long the body may take to arrive before the request is answered 408, in ms. Default 10 000. */
  bodyTimeout?: number | undefined;
  /** How long a claim blocks redeliveries while its handler runs (a crashed handler frees it then), in ms. Default 300 000. */
  claimLease?: number | undefined;
  /**
   * @deprecated Use `idempotency` (an IdempotencyStore): isDuplicate runs before the handler and
   * cannot record success afterwards, so a delivery that failed was acknowledged as a duplicate on
   * redelivery and never handled. Still honoured: true acknowledges the delivery without the handler.
   */
  isDuplicate?: ((event: CallbackEvent | UnknownCallbackEvent) => Awaitable<boolean>) | undefined;
  /** Sees errors thrown by your handlers, also after the deadline (the response stays a bare 500 or 503). */
  onError?: ((error: unknown, event: CallbackEvent | UnknownCallbackEvent) => void) | undefined;
}

export type CallbackHandler = (request: Request) => Promise<Response>;

const DEFAULT_MAX_BODY = 64 * 1024;

function reply(status: number, body: Record<string, string>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Real callbacks nest three levels (`update_info.eqp_status.overall`); anything far deeper is not one. */
const MAX_DEPTH = 32;

/**
 * Past MAX_DEPTH, how deep arrays and objects nest in a JSON text (else 0), counted without parsing (a
 * scan, no recursion), so a 10,000-deep body is refused before JSON.parse, the validators or the key's
 * canonical form could exhaust the stack.
 */
function jsonDepth(text: string): number {
  let depth = 0;
  let inString = false;
  // The character after a backslash in a string (\" among them) is skipped.
  let escaped = false;
  for (const c of text) {
    if (escaped) escaped = false;
    else if (inString) {
      if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return depth;
    } else if (c === '}' || c === ']') depth--;
  }
  return 0;
}


const RETRY_AFTER_SECONDS = '10';

export function createCallbackHandler(options: CallbackHandlerOptions): CallbackHandler {
  if (!options || typeof options.username !== 'string' || !options.username || typeof options.password !== 'string' || !options.password) {
    throw new ConfigurationError('createCallbackHandler needs the username and password registered in api_callbacks.', { service: 'marketplace' });
  }
  if (!options.on || typeof options.on !== 'object') {
    throw new ConfigurationError('createCallbackHandler needs `on` with handlers for malware_scan_complete and/or eqp_status_update.', { service: 'marketplace' });
  }
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (!Number.isInteger(max) || max < 1) throw new ConfigurationError(`maxBodyBytes must be a positive integer, got ${max}.`, { service: 'marketplace' });
  const handlerTimeout = checkDuration(options.handlerTimeout, 'handlerTimeout', 10_000);
  const bodyTimeout = checkDuration(options.bodyTimeout, 'bodyTimeout', 10_000);
  const claimLease = Math.max(checkDuration(options.claimLease, 'claimLease', 300_000), handlerTimeout);
  const store: IdempotencyStore | undefined = options.idempotency === false ? undefined : (options.idempotency ?? createMemoryIdempotencyStore());
  const authorized = createBasicAuthCheck(options.username, options.password);

  function report(error: unknown, event: CallbackEvent | UnknownCallbackEvent): void {
    try {
      // Stryker disable next-line OptionalChaining: without onError the call's TypeError is swallowed by the catch below, as intended
      options.onError?.(error, event);
    } catch {
      // A failing error reporter must not turn into an exception in the host server.
    }
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return reply(405, { error: 'method not allowed' }, { allow: 'POST' });
    if (!(await authorized(request.headers.get('authorization')))) {
      return reply(401, { error: 'unauthorized' }, { 'www-authenticate': 'Basic realm="marketplace-callbacks", charset="UTF-8"' });
    }
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > max) return reply(413, { error: 'body too large' });
    let text: string;
    try {
      text = await readIncomingText(request, { maxBytes: max, deadlineMs: bodyTimeout });
    } catch (error) {
      if (error instanceof IncomingBodyTooLarge) return reply(413, { error: 'body too large' });
      if (error instanceof IncomingBodyTooSlow) return reply(408, { error: 'body not received in time' }, { connection: 'close' });
      return reply(400, { error: 'unreadable body (or not UTF-8)' });
    }
    // jsonDepth is 0 unless the body nests past MAX_DEPTH.
    if (jsonDepth(text) > 0) return reply(400, { error: `body nested deeper than ${MAX_DEPTH} levels` });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return reply(400, { error: 'body is not JSON' });
    }
    // safeParse never throws on what JSON.parse returns, at this depth.
    const parsed = parseCallbackBody(body);
    if (!parsed.ok) return reply(400, { error: parsed.problem });
    const event = parsed.event;

    let key: string;
    // This delivery's claim: a late failure releases only its own claim, never a newer delivery's.
    const owner = crypto.randomUUID();
    try {
      if (options.isDuplicate && (await options.isDuplicate(event))) return reply(200, { status: 'duplicate' });
      key = options.idempotencyKey ? options.idempotencyKey(event) : await deliveryKey(body as { callback_event: string; update_info: unknown });
      if (store) {
        const claim = await store.claim(key, claimLease, owner);
        if (claim === 'completed') return reply(200, { status: 'duplicate' });
        if (claim === 'in-progress') return reply(503, { error: 'this event is being handled; retry later' }, { 'retry-after': RETRY_AFTER_SECONDS });
      }
    } catch (error) {
      // The store is down: nothing was claimed, so the sender's retry is safe.
      report(error, event);
      return reply(503, { error: 'temporarily unavailable' }, { 'retry-after': RETRY_AFTER_SECONDS });
    }
    return run(parsed, key, owner);
  }

  /** Runs the handler against its deadline; settles the claim whenever the handler settles. */
  function run(parsed: Extract<ReturnType<typeof parseCallbackBody>, { ok: true }>, key: string, owner: string): Promise<Response> {
    const event = parsed.event;
    const controller = new AbortController();
    const outcome = (async () => dispatch(parsed, { signal: controller.signal, key }))();
    // The claim follows the handler, not the response: a late success still completes it (the
    // redelivery is acknowledged), a late failure still releases it (the redelivery is handled).
    const settled = outcome.then(
      async () => {
        try {
          await store?.complete(key, owner);
        } catch (error) {
          // Handled but not recorded: the sender gets a 500 and retries; once the lease runs out the
          // retry is handled again (at least once, never lost). Say so to the app.
          report(error, event);
          throw error;
        }
      },
      async (error: unknown) => {
        report(error, event);
        // Stryker disable next-line OptionalChaining: without a store the handler's error is rethrown either way (500, already reported)
        await store?.release(key, owner);
        throw error;
      },
    );
    return new Promise<Response>((resolve) => {
      const timer = setTimeout(() => {
        controller.abort(new Error(`handlerTimeout (${handlerTimeout} ms) passed`));
        resolve(reply(503, { error: 'handler timed out; retry later' }, { 'retry-after': RETRY_AFTER_SECONDS }));
      }, handlerTimeout);
      settled.then(
        () => {
          clearTimeout(timer);
          resolve(reply(200, { status: 'ok' }));
        },
        () => {
          clearTimeout(timer);
          resolve(reply(500, { error: 'internal error' }));
        },
      );
    });
  }

  async function dispatch(parsed: Extract<ReturnType<typeof parseCallbackBody>, { ok: true }>, context: { signal: AbortSignal; key: string }): Promise<void> {
    if (!parsed.known) return options.on.unknown?.(parsed.event, context);
    const event = parsed.event;
    if (event.callback_event === 'malware_scan_complete') return options.on.malware_scan_complete?.(event, context);
    return options.on.eqp_status_update?.(event, context);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch {
      return reply(500, { error: 'internal error' });
    }
  };
}
