/**
 * A real HTTP server on loopback (node:http) that misbehaves on request: it resets the connection,
 * stalls or trickles the body, redirects elsewhere, answers 5xx/429 (with Retry-After) and garbage.
 * It records every request it received, so a test can assert how many times a call was sent.
 *
 * Faults are planned per path: `plan('/rest/V1/orders/create', 'reset')` makes the next request
 * to that path (or every request, with `{ times: Infinity }`) misbehave; anything unplanned goes to
 * the `answer` handler (a normal response).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Destroys the socket as soon as the request has arrived: no status line at all. */
  | 'reset'
  /** Sends the headers and half the body, then destroys the socket. */
  | 'reset-mid-body'
  /** Sends the headers and half the body, then nothing, ever. */
  | 'stall-mid-body'
  /** Sends the body one byte every 100 ms (about 5 s in all). */
  | 'trickle'
  /** Answers bytes that are not HTTP. */
  | 'garbage-protocol'
  /** Answers 200 with an HTML page where JSON was expected. */
  | 'garbage-body'
  | { status: number; retryAfter?: string; body?: unknown }
  | { redirect: 301 | 302 | 303 | 307 | 308; to: string };

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Answer = (request: ReceivedRequest) => { status?: number; body?: unknown; headers?: Record<string, string> };

export interface FaultServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly origin: string;
  readonly requests: ReceivedRequest[];
  /** Requests received for a path (query ignored), optionally of one method. */
  count(path: string, method?: string): number;
  /** The next `times` requests to `path` (default 1) get `fault`. */
  plan(path: string, fault: Fault, options?: { times?: number }): void;
  /** Forgets plans and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const JSON_BODY = JSON.stringify({ sku: 'MB01', name: 'A product with a body long enough to cut in half', price: 42 });

export async function startFaultServer(answer: Answer = () => ({ body: JSON.parse(JSON_BODY) })): Promise<FaultServer> {
  const requests: ReceivedRequest[] = [];
  const plans = new Map<string, { fault: Fault; left: number }[]>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function nextFault(path: string): Fault | undefined {
    const queue = plans.get(path);
    const head = queue?.[0];
    if (!head) return undefined;
    head.left -= 1;
    if (head.left <= 0) queue!.shift();
    return head.fault;
  }

  function respond(req: IncomingMessage, res: ServerResponse, received: ReceivedRequest): void {
    const fault = nextFault(received.path);
    if (fault === undefined) {
      const { status = 200, body, headers = {} } = answer(received);
      const text = body === undefined ? '' : JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
      res.end(text);
      return;
    }
    const half = JSON_BODY.slice(0, JSON_BODY.length / 2);
    const jsonHead = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(JSON_BODY) };
    if (fault === 'reset') {
      req.socket.destroy();
    } else if (fault === 'reset-mid-body') {
      res.writeHead(200, jsonHead);
      res.write(half, () => setTimeout(() => req.socket.destroy(), 10));
    } else if (fault === 'stall-mid-body') {
      res.writeHead(200, jsonHead);
      res.write(half);
    } else if (fault === 'trickle') {
      res.writeHead(200, jsonHead);
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= JSON_BODY.length) {
          clearInterval(timer);
          timers.delete(timer);
          if (!res.destroyed) res.end();
          return;
        }
        res.write(JSON_BODY[i++]!);
      }, 100);
      timers.add(timer);
    } else if (fault === 'garbage-protocol') {
      req.socket.end('NOT HTTP AT ALL \u0000\u0001\r\n\r\n');
    } else if (fault === 'garbage-body') {
      const html = '<html><body>Service temporarily unavailable</body></html>';
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) });
      res.end(html);
    } else if ('redirect' in fault) {
      res.writeHead(fault.redirect, { location: fault.to, 'content-length': 0 });
      res.end();
    } else {
      const text = JSON.stringify(fault.body ?? { message: `planned ${fault.status}` });
      res.writeHead(fault.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...(fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }) });
      res.end(text);
    }
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const received: ReceivedRequest = { method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, headers: req.headers, body };
      requests.push(received);
      respond(req, res, received);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    origin: url,
    requests,
    count: (path, method) => requests.filter((r) => r.path === path && (method === undefined || r.method === method)).length,
    plan(path, fault, options = {}) {
      const queue = plans.get(path) ?? [];
      queue.push({ fault, left: options.times ?? 1 });
      plans.set(path, queue);
    },
    reset() {
      plans.clear();
      requests.length = 0;
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening: connections to it are refused before anything is sent. */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
