/**
 * Servers that echo every secret back: the app secret, its Basic value, the session token (ust) and
 * a callback password, each in its raw, percent-, form- and JSON-escaped forms, in a JSON 401 and
 * 400, an HTML 500 that is retried, a text 502, an HTML 200 and a refused session request. No
 * secret may show in any property of the error, its cause chain, or a hook event.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMarketplaceClient } from '../src/index.ts';
import { echoOf, errorSurfaces, eventSurfaces, findLeaks, recordingHooks } from '@magekit/test-support/leaks';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://commercedeveloper-sandbox-api.adobe.com/rest/v1';
const odd = (name: string) => `${name}/Zq+8 x"w=7&k`;
const APP_ID = 'echo-app-id';

type Scenario = 'json401' | 'json400' | 'html500' | 'text502' | 'html200' | 'tokenRefused';
const SCENARIOS: Scenario[] = ['json401', 'json400', 'html500', 'text502', 'html200', 'tokenRefused'];

/** `then: 'users.get'`: the profile update (which registers the callback password) succeeds, the read fails. */
function echoingServer(scenario: Scenario, secrets: Record<string, string>, failing: 'users.update' | 'users.get') {
  let issued = 0;
  const echo = (request: Request, body: string) => `${echoOf(secrets)} | ${request.headers.get('authorization') ?? ''} | ${body} | ${request.url}`;
  server.use(
    http.post(`${BASE}/app/session/token`, async ({ request }) => {
      const body = await request.text();
      if (scenario === 'tokenRefused') return HttpResponse.json({ code: 401, message: `Invalid key ${echo(request, body)}` }, { status: 401 });
      const ust = `ust/${++issued}+Tk "z=${scenario}`;
      secrets[`ust${issued}`] = ust;
      return HttpResponse.json({ mage_id: 'MAG123', ust, expires_in: 3600 });
    }),
    http.all(`${BASE}/*`, async ({ request }) => {
      const body = request.method === 'GET' ? '' : await request.text();
      if (failing === 'users.get' && request.method === 'PUT') return HttpResponse.json({ mage_id: 'MAG123' });
      const said = echo(request, body);
      switch (scenario) {
        case 'json401':
          return HttpResponse.json({ code: 401, message: `Unauthorized: ${said}` }, { status: 401 });
        case 'json400':
          return HttpResponse.json({ code: 400, message: `Bad profile ${said}` }, { status: 400 });
        case 'html500':
        case 'tokenRefused':
          return new HttpResponse(`<html><body><pre>${said}</pre></body></html>`, { status: 500, headers: { 'content-type': 'text/html' } });
        case 'text502':
          return new HttpResponse(`Bad gateway: ${said}`, { status: 502, headers: { 'content-type': 'text/plain' } });
        case 'html200':
          return new HttpResponse(`<html>${said}</html>`, { status: 200, headers: { 'content-type': 'text/html' } });
      }
    }),
  );
}

describe('no secret echoed by a server reaches an error or a hook event', () => {
  for (const scenario of SCENARIOS) {
    for (const call of ['users.update', 'users.get'] as const) {
      it(`session + callback password: ${call}, ${scenario}`, async () => {
        const appSecret = odd('appSecret');
        const callbackPassword = odd('callbackPw');
        const secrets: Record<string, string> = { appSecret, basic: btoa(`${APP_ID}:${appSecret}`) };
        // A client knows a callback password once it has sent it (users.update).
        if (call === 'users.update' || scenario !== 'tokenRefused') secrets['callbackPassword'] = callbackPassword;
        echoingServer(scenario, secrets, call);
        const hook = recordingHooks();
        const market = createMarketplaceClient({ environment: 'sandbox', appId: APP_ID, appSecret, hooks: hook.hooks, retry: { limit: 1, backoffLimit: 1 } });
        const update = () => market.users.update({ api_callbacks: [{ url: 'https://hooks.example.com/eqp', username: 'eqp', password: callbackPassword }] });
        const error = await (call === 'users.update' ? update() : scenario === 'tokenRefused' ? market.users.get() : update().then(() => market.users.get())).then(
          () => new Error('expected the call to fail'),
          (e: unknown) => e,
        );
        const surfaces = { ...errorSurfaces(error), ...eventSurfaces(hook.events) };
        expect(Object.values(surfaces).join('\n')).toContain('[redacted]');
        expect(findLeaks(surfaces, secrets)).toEqual([]);
      });
    }
  }
});
