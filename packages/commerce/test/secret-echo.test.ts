/**
 * Servers that echo every secret back, for every auth strategy: each secret (passwords, issued
 * tokens, the four OAuth 1.0a values, the IMS client secret and x-api-key) in its raw, percent-,
 * form- and JSON-escaped forms, in a JSON 401 and 400, an HTML 500 that is retried, a text 502 and
 * an HTML 200. No secret may show in any property of the error, its cause chain, or a hook event.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminToken, bearer, customerToken, ims, integration, type AuthStrategy } from '../src/auth/index.ts';
import { createCommerceClient } from '../src/client.ts';
import { echoOf, errorSurfaces, eventSurfaces, findLeaks, recordingHooks } from '@magekit/test-support/leaks';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://echo.shop.test';
const IMS_URL = 'https://ims.echo.test/ims/token/v3';

// Characters that make the raw, percent-, form- and JSON-escaped forms differ.
const odd = (name: string) => `${name}/Zq+8 x"w=7&k`;

interface Strategy {
  name: string;
  secrets: Record<string, string>;
  auth: () => AuthStrategy;
}

const STRATEGIES: Strategy[] = [
  { name: 'adminToken', secrets: { password: odd('adminPw') }, auth: () => adminToken({ username: 'admin', password: odd('adminPw') }) },
  { name: 'customerToken', secrets: { password: odd('custPw') }, auth: () => customerToken({ username: 'roni@example.com', password: odd('custPw') }) },
  {
    name: 'integration',
    secrets: { consumerKey: odd('ckey'), consumerSecret: odd('csecret'), accessToken: odd('atoken'), accessTokenSecret: odd('asecret') },
    auth: () => integration({ consumerKey: odd('ckey'), consumerSecret: odd('csecret'), accessToken: odd('atoken'), accessTokenSecret: odd('asecret') }),
  },
  // Since 2.4.4 an integration's access token may be sent as a bearer token.
  { name: 'bearer', secrets: { token: odd('bearerTok') }, auth: () => bearer(odd('bearerTok')) },
  {
    name: 'ims',
    secrets: { clientSecret: odd('imsSecret'), clientId: 'ims-client-id-4f2a9c' },
    auth: () => ims({ clientId: 'ims-client-id-4f2a9c', clientSecret: odd('imsSecret'), orgId: 'ORG1@AdobeOrg', tokenUrl: IMS_URL }),
  },
];

type Scenario = 'json401' | 'json400' | 'html500' | 'text502' | 'html200' | 'tokenRefused';
const SCENARIOS: Scenario[] = ['json401', 'json400', 'html500', 'text502', 'html200', 'tokenRefused'];

/** Installs the echoing server; issued tokens join `secrets` so they are looked for too. */
function echoingServer(scenario: Scenario, secrets: Record<string, string>) {
  let issued = 0;
  const issue = () => {
    const token = `issued/${++issued}+Tk "z=${scenario}`;
    secrets[`issuedToken${issued}`] = token;
    return token;
  };
  const echo = (request: Request, body: string) => `${echoOf(secrets)} | ${request.headers.get('authorization') ?? ''} | ${request.headers.get('x-api-key') ?? ''} | ${body} | ${request.url}`;
  server.use(
    http.post(IMS_URL, async ({ request }) => {
      const body = await request.text();
      if (scenario === 'tokenRefused') return HttpResponse.json({ error: 'invalid_client', error_description: echo(request, body) }, { status: 400 });
      return HttpResponse.json({ access_token: issue(), token_type: 'bearer', expires_in: 86_399 });
    }),
    http.all(`${BASE}/*`, async ({ request }) => {
      const body = request.method === 'GET' ? '' : await request.text();
      if (/\/token$/.test(new URL(request.url).pathname)) {
        if (scenario === 'tokenRefused') return HttpResponse.json({ message: 'Refused %1', parameters: [echo(request, body)] }, { status: 401 });
        return HttpResponse.json(issue());
      }
      const said = echo(request, body);
      switch (scenario) {
        case 'json401':
          return HttpResponse.json({ message: "The consumer isn't authorized to access %resources. %2", parameters: { resources: said, 2: said }, trace: said }, { status: 401 });
        case 'json400':
          return HttpResponse.json({ message: 'Invalid %1', parameters: [said], errors: [{ message: 'Field %1', parameters: [said] }], trace: said }, { status: 400 });
        case 'html500':
        case 'tokenRefused':
          return new HttpResponse(`<html><body><h1>Fatal</h1><pre>${said}</pre></body></html>`, { status: 500, headers: { 'content-type': 'text/html' } });
        case 'text502':
          return new HttpResponse(`Bad gateway: ${said}`, { status: 502, headers: { 'content-type': 'text/plain' } });
        case 'html200':
          return new HttpResponse(`<html>${said}</html>`, { status: 200, headers: { 'content-type': 'text/html' } });
      }
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('no secret echoed by a server reaches an error or a hook event', () => {
  for (const strategy of STRATEGIES) {
    for (const scenario of SCENARIOS) {
      if (scenario === 'tokenRefused' && (strategy.name === 'integration' || strategy.name === 'bearer')) continue;
      it(`${strategy.name}: ${scenario}`, async () => {
        const secrets = { ...strategy.secrets };
        echoingServer(scenario, secrets);
        const hook = recordingHooks();
        const client = createCommerceClient({ baseUrl: BASE, auth: strategy.auth(), hooks: hook.hooks, retry: { limit: 1, backoffLimit: 1 } });
        const call =
          scenario === 'json400' || scenario === 'text502'
            ? client.request('PUT /V1/products/{sku}', { sku: 'MB01', product: { sku: 'MB01', name: echoOf(secrets) } } as never)
            : client.request('GET /V1/products/{sku}', { sku: 'MB01' });
        const error = await failure(call);
        const surfaces = { ...errorSurfaces(error), ...eventSurfaces(hook.events) };
        // The echo really reached the error: the check can fail.
        expect(Object.values(surfaces).join('\n')).toContain('[redacted]');
        expect(findLeaks(surfaces, secrets)).toEqual([]);
      });
    }
  }
});
