// One HTTP/1.1 exchange over a raw socket (node:net): the test sends exactly the bytes it means (a
// malformed Host, a header fetch would refuse) and nothing goes through the project's MSW server.
import { connect } from 'node:net';

/** Sends the request line and headers in `head` and returns the whole answer once the server closes. */
export function rawExchange(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
