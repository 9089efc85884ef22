// The Deno lane: run without --allow-env and with network only to 127.0.0.1; the callback handler
// served by Deno.serve.
import * as commerce from '@magekit/commerce';
import * as commerceTesting from '@magekit/commerce/testing';
import * as marketplace from '@magekit/marketplace';
import * as marketplaceTesting from '@magekit/marketplace/testing';
import { smoke } from '../smoke/smoke.mjs';

const servers = [];
const result = await smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, {
  loopbackUrl: Deno.args[0],
  serveCallbacks(handler) {
    const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, handler);
    servers.push(server);
    return (request) => fetch(new Request(`http://127.0.0.1:${server.addr.port}/eqp`, request));
  },
});
await Promise.all(servers.map((server) => server.shutdown()));
// The permissions the lane claims to run under, as Deno reports them.
const state = (descriptor) => Deno.permissions.querySync(descriptor).state;
const permissions = { env: state({ name: 'env' }), loopback: state({ name: 'net', host: '127.0.0.1' }), elsewhere: state({ name: 'net', host: 'example.com' }) };
console.log(JSON.stringify({ ...result, permissions }));
