/**
 * The receiver for the platform's integration activation POST, as a Fetch-API handler (Request →
 * Response) with a node:http adapter in @magekit/commerce/node. It never throws into the host: every
 * outcome is a response, and no response or error repeats a secret it received.
 *
 *   405 not a POST                 415 neither form-encoded nor JSON     413 body over maxBodyBytes
 *   400 a field missing or invalid (the body names it)                  403 store not allowed
 *   500 your onActivation threw (no details in the response)            200 accepted
 *
 * The activation POST carries no signature (anyone who knows the callback URL can send one), so the
 * handler insists on an explicit `allowStore`: the origins you expect, a function, or 'any' for a
 * public app that accepts every store (whose token exchange then proves the store issued the keys).
 */
import { ConfigurationError, IncomingBodyTooLarge, readIncomingText } from '@magekit/core';
import { parseActivation, type IntegrationActivation } from './activation.ts';

type Awaitable<T> = T | Promise<T>;

export type StorePolicy = 'any' | readonly string[] | ((storeBaseUrl: URL) => Awaitable<boolean>);

export interface ActivationHandlerOptions {
  /** Which stores may activate: origins such as ['https://shop.example.com'], a predicate, or 'any'. */
  allowStore: StorePolicy;
  /**
   * Called once per accepted activation. Store it, or exchange it right away:
   * `credentials = await exchangeIntegrationTokens(activation)`. The platform waits for this
   * response, and accepts the exchange only for a few minutes (300 s by default) after activation.
   */
  onActivation: (activation: IntegrationActivation) => Awaitable<void>;
  /** Larger bodies get 413. Default 16 KiB (a real activation is under 300 bytes). */
  maxBodyBytes?: number;
  /** Sees errors thrown by onActivation (the platform gets a bare 500). */
  onError?: (error: unknown, activation: IntegrationActivation) => void;
}

export type ActivationHandler = (request: Request) => Promise<Response>;

const DEFAULT_MAX_BODY = 16 * 1024;

function reply(status: number, body: Record<string, string>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function bodyKind(contentType: string | null): 'form' | 'json' | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'application/json') return 'json';
  return undefined;
}

function storeChecker(policy: StorePolicy): (url: URL) => Awaitable<boolean> {
  if (policy === 'any') return () => true;
  if (typeof policy === 'function') return policy;
  if (!Array.isArray(policy) || policy.length === 0) {
    throw new ConfigurationError("createActivationHandler: allowStore must be a list of store origins (['https://shop.example.com']), a function of the store URL, or 'any'.", { service: 'commerce' });
  }
  const origins = new Set(
    policy.map((entry) => {
      try {
        return new URL(entry).origin;
      } catch {
        throw new ConfigurationError(`createActivationHandler: allowStore entry ${JSON.stringify(entry)} is not a URL such as https://shop.example.com.`, { service: 'commerce' });
      }
    }),
  );
  return (url) => origins.has(url.origin);
}

export function createActivationHandler(options: ActivationHandlerOptions): ActivationHandler {
  if (!options || typeof options !== 'object') throw new ConfigurationError('createActivationHandler needs { allowStore, onActivation }.', { service: 'commerce' });
  if (typeof options.onActivation !== 'function') throw new ConfigurationError('createActivationHandler needs onActivation(activation), which stores or exchanges the activation.', { service: 'commerce' });
  if (options.allowStore === undefined) {
    throw new ConfigurationError("createActivationHandler needs allowStore: the activation POST is unsigned, so name the stores you expect (['https://shop.example.com']) or pass 'any' deliberately.", { service: 'commerce' });
  }
  const allowed = storeChecker(options.allowStore);
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (!Number.isInteger(max) || max < 1) throw new ConfigurationError(`maxBodyBytes must be a positive integer, got ${max}.`, { service: 'commerce' });

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return reply(405, { error: 'method not allowed: the activation is a POST' }, { allow: 'POST' });
    const kind = bodyKind(request.headers.get('content-type'));
    if (!kind) return reply(415, { error: 'unsupported content type: send application/x-www-form-urlencoded (what the platform sends) or application/json' });
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > max) return reply(413, { error: 'body too large' });
    let text: string;
    try {
      text = await readIncomingText(request, { maxBytes: max });
    } catch (error) {
      return error instanceof IncomingBodyTooLarge ? reply(413, { error: 'body too large' }) : reply(400, { error: 'unreadable body (not UTF-8)' });
    }
    const parsed = parseActivation(text, kind);
    if (!parsed.ok) return reply(400, { error: parsed.problem });
    const activation = parsed.activation;
    if (!(await allowed(new URL(activation.storeBaseUrl)))) return reply(403, { error: 'this store is not allowed to activate the integration' });
    try {
      await options.onActivation(activation);
      return reply(200, { status: 'ok' });
    } catch (error) {
      try {
        options.onError?.(error, activation);
      } catch {
        // A failing error reporter must not become an exception in the host server.
      }
      return reply(500, { error: 'internal error' });
    }
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch {
      return reply(500, { error: 'internal error' });
    }
  };
}
