/**
 * Node-only: runs a Fetch-API handler (Request → Response) under node:http or Express. Kept out of
 * the main entry points so they stay browser- and edge-safe; each package re-exports it from its
 * own `/node` entry (the commerce activation receiver, the marketplace callback receiver).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response>;

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
  return Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
}

/** @public Re-exported by @magekit/commerce/node. */
export function toRequest(req: MaybeParsed): Request {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.originalUrl ?? req.url ?? '/', `http://${host}`);
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
      } catch {
        response = new Response(JSON.stringify({ error: 'internal error' }), { status: 500, headers: { 'content-type': 'application/json' } });
      }
      if (res.headersSent) return;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => (headers[key] = value));
      const payload = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...headers, 'content-length': String(payload.byteLength) });
      res.end(payload);
      // Drain what the handler did not read (a 413 or 401 stops early) so the socket can be reused.
      if (!req.readableEnded) req.resume();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}
