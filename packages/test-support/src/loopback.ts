// A plain HTTP server on loopback (node:http) whose handler gets the request, the response and the whole
// body as text: for tests that need a real socket (encoding round trips, resets, stalls).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Stops listening and drops the connections a fault left hanging, so close() never waits on them. */
  close(): Promise<void>;
}

export async function startLoopback(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<LoopbackServer> {
  const http = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
