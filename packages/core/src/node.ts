/**
 * Node-only: runs a Fetch-API handler (Request → Response) under node:http or Express. Kept out of
 * the main entry points so they stay browser- and edge-safe; each package re-exports it from its
 * own `/node` entry (the commerce activation receiver, the marketplace callback receiver), so both
 * answer a malformed Host with 400 and close a connection whose body they did not read. The running
 * fakes (`startFakeCommerce`, `startFakeMarketplace`) serve through the same bridge (serveOnLoopback).
 */
// Types only: nothing here imports a node: module, so the entries built on this file (the /node
// entries, the running fakes of /testing) load and bundle in runtimes that have none (workerd without
// nodejs_compat, the edge, browsers); node:http is looked up only when a server is started.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FetchHandler = (request: Request) => Promise<Response>;

/** A Node built-in, looked up when first needed (process.getBuiltinModule: Node 22.3+, Bun, Deno), never imported. */
function nodeBuiltin<T>(id: string): T {
  const module = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process?.getBuiltinModule?.(id);
  if (!module) throw new Error(`${id} is not in this runtime: the Node adapters and the fakes' loopback servers need Node 22.3+, Bun or Deno. Elsewhere, serve the Fetch handler itself, or call a fake in-process (createFakeCommerce() / createFakeMarketplace(), then handle(request)).`);
  return module as T;
}

/** Express puts a parsed body on req.body when a body parser ran first. */
type MaybeParsed = IncomingMessage & { body?: unknown; originalUrl?: string };

function bodyOf(req: MaybeParsed): BodyInit | null {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  // A body parser already consumed the stream: rebuild the bytes from what it left.
  if (req.body !== undefined && (req.readableEnded || req.complete)) {
    if (req.body instanceof Uint8Array) return new Uint8Array(req.body);
    if (typeof req.body === 'string') return req.body;
    // express.urlencoded() leaves an object: re-encode it the way it arrived.
    if (/^application\/x-www-form-urlencoded\b/i.test(String(req.headers['content-type'] ?? '')) && req.body && typeof req.body === 'object') {
      return new URLSearchParams(req.body as Record<string, string>).toString();
    }
    return JSON.stringify(req.body);
  }
  return nodeBuiltin<typeof import('node:stream')>('node:stream').Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
}

/** A Host header that is not a host[:port] (spaces, a path, user info...): the request is answered 400. */
class MalformedHostError extends Error {}

// host, IPv4 or a bracketed IPv6 literal, optionally with a port: nothing that could change the URL's meaning.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** @public Re-exported by @magekit/commerce/node. */
export function toRequest(req: MaybeParsed): Request {
  const host = req.headers.host ?? 'localhost';
  if (!HOST.test(host)) throw new MalformedHostError('malformed Host header');
  let url: URL;
  try {
    url = new URL(req.originalUrl ?? req.url ?? '/', `http://${host}`);
  } catch {
    throw new MalformedHostError('malformed request target');
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = bodyOf(req);
  const init: RequestInit & { duplex?: 'half' } = { method: req.method ?? 'GET', headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request(url, init);
}

/** `(req, res) => void` for http.createServer(listener) or app.post('/callbacks', listener). Never throws. */
export function toNodeListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let response: Response;
      try {
        response = await handler(toRequest(req));
      } catch (error) {
        response =
          error instanceof MalformedHostError
            ? new Response(JSON.stringify({ error: error.message }), { status: 400, headers: { 'content-type': 'application/json', connection: 'close' } })
            : new Response(JSON.stringify({ error: 'internal error' }), { status: 500, headers: { 'content-type': 'application/json' } });
      }
      if (res.headersSent) return;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => (headers[key] = value));
      const payload = new Uint8Array(await response.arrayBuffer());
      // A body the handler did not read to the end (401, 413, a 408 for a stalled sender): close the
      // connection after answering instead of waiting for the rest, which a slow sender may never send.
      const unread = !req.readableEnded && !req.complete;
      if (unread) headers['connection'] = 'close';
      res.writeHead(response.status, { ...headers, 'content-length': String(payload.byteLength) });
      res.end(payload, () => {
        if (unread) req.socket?.destroy();
      });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Runs `onClose`, drops open connections and stops listening. */
  close(): Promise<void>;
}

/** A Fetch-API handler on a real HTTP server bound to 127.0.0.1 (port 0: any free port), through toNodeListener. */
export async function serveOnLoopback(handler: FetchHandler, options: { port?: number | undefined; onClose?: (() => void) | undefined } = {}): Promise<LoopbackServer> {
  const server = nodeBuiltin<typeof import('node:http')>('node:http').createServer(toNodeListener(handler));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        options.onClose?.();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
