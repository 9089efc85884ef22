// The Workers lane's smoke Worker: GET /smoke?loopback=<url> runs the smoke suite; the callback handler
// it passes is served as this Worker's fetch (POST /eqp), reached through a service binding to itself,
// so each delivery goes through workerd.
import * as commerce from '@magekit/commerce';
import * as commerceTesting from '@magekit/commerce/testing';
import * as marketplace from '@magekit/marketplace';
import * as marketplaceTesting from '@magekit/marketplace/testing';
import { smoke } from '../../smoke/smoke.mjs';

let callbacks;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/eqp' && callbacks) return callbacks(request);
    if (url.pathname !== '/smoke') return new Response('not found', { status: 404 });
    const result = await smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, {
      loopbackUrl: url.searchParams.get('loopback'),
      serveCallbacks(handler) {
        callbacks = handler;
        return (delivery) => env.SELF.fetch(new Request('https://smoke.worker/eqp', delivery));
      },
    });
    // Whether OAuth could have signed with node:crypto here (it signs through WebCrypto when it cannot).
    const nodeCrypto = typeof globalThis.process?.getBuiltinModule?.('node:crypto')?.createHmac === 'function';
    return Response.json({ ...result, nodeCrypto });
  },
};
