// The Bun lane: the packages as Bun imports them, the callback handler served by Bun.serve.
import * as commerce from '@magekit/commerce';
import * as commerceTesting from '@magekit/commerce/testing';
import * as marketplace from '@magekit/marketplace';
import * as marketplaceTesting from '@magekit/marketplace/testing';
import { smoke } from '../smoke/smoke.mjs';

const servers = [];
const result = await smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, {
  loopbackUrl: process.argv[2],
  serveCallbacks(handler) {
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handler });
    servers.push(server);
    return (request) => fetch(new Request(new URL('/eqp', server.url), request));
  },
});
for (const server of servers) server.stop(true);
console.log(JSON.stringify(result));
