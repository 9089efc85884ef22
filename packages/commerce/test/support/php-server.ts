// A loopback HTTP server that reads path segments the way the platform's router does (split the raw
// path on "/", then PHP urldecode() each variable: "+" becomes a space), for encoding round trips.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export function phpUrlDecode(segment: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!;
    if (ch === '+') bytes.push(0x20);
    else if (ch === '%' && /^[0-9a-fA-F]{2}$/.test(segment.slice(i + 1, i + 3))) {
      bytes.push(parseInt(segment.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...encoder.encode(ch));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

export async function startLoopback(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
