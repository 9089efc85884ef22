// The edge runtime lane (Vercel's edge-runtime, string code generation off): bundled into one script,
// served by the runtime's own fetch event. GET /smoke?loopback=<url> runs the smoke suite; the callback
// handler answers POST /eqp as the runtime's request handler.
import * as commerce from '@magekit/commerce';
import * as commerceTesting from '@magekit/commerce/testing';
import * as marketplace from '@magekit/marketplace';
import * as marketplaceTesting from '@magekit/marketplace/testing';
import { smoke } from '../smoke/smoke.mjs';

let callbacks;

async function runSmoke(url) {
  let codeGeneration;
  try {
    codeGeneration = typeof new Function('return 1');
  } catch (error) {
    codeGeneration = error.name;
  }
  const result = await smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, {
    loopbackUrl: url.searchParams.get('loopback'),
    serveCallbacks(handler) {
      callbacks = handler;
      return (request) => fetch(new Request(new URL('/eqp', url.origin), request));
    },
  });
  return Response.json({ ...result, codeGeneration });
}

addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  event.respondWith(url.pathname === '/eqp' && callbacks ? callbacks(event.request) : url.pathname === '/smoke' ? runSmoke(url) : new Response('not found', { status: 404 }));
});
