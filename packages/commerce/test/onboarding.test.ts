/**
 * Integration onboarding: the fake platform activates an integration (POSTs the consumer key, secret,
 * store URL and verifier to the receiver), the receiver's app exchanges them for an access token
 * (request token, then access token, HMAC-SHA256), and the credentials work on real calls. Plus the
 * receiver's bad-input rules, the exchange's failure modes, and the node:http adapter.
 */
import { createServer, type Server } from 'node:http';
import { http, HttpResponse, passthrough } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCommerceClient, integration, isCommerceError } from '../src/index.ts';
import { createActivationHandler, exchangeIntegrationTokens, type IntegrationActivation, type IntegrationCredentials } from '../src/onboarding/index.ts';
import { toNodeListener } from '../src/node/index.ts';
import { createFakeCommerce, startFakeCommerce } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';

const STORE = 'https://shop.onboarding.test';
const CALLBACK = 'https://app.onboarding.test/magento/activate';

function withFake() {
  const fake = createFakeCommerce({ seed: { products: 3 } });
  server.use(...commerceHandlers(fake, { baseUrl: STORE }));
  return fake;
}

/** A receiver that exchanges at once, as most apps do. */
function receiver(onCredentials: (c: IntegrationCredentials) => void, allowStore: readonly string[] | 'any' = [STORE]) {
  const handler = createActivationHandler({ allowStore, onActivation: async (activation) => onCredentials(await exchangeIntegrationTokens(activation)) });
  server.use(http.post(CALLBACK, ({ request }) => handler(request)));
  return handler;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const activationFields = { oauth_consumer_key: 'k'.repeat(32), oauth_consumer_secret: 's'.repeat(32), store_base_url: `${STORE}/`, oauth_verifier: 'v'.repeat(32) };
const post = (body: BodyInit, type = 'application/x-www-form-urlencoded', extra: RequestInit = {}) => new Request(CALLBACK, { method: 'POST', headers: { 'content-type': type }, body, ...extra });

describe('activation end to end against the fake platform', () => {
  it('activates, exchanges the tokens, and the credentials sign real calls', async () => {
    const fake = withFake();
    let credentials: IntegrationCredentials | undefined;
    receiver((c) => (credentials = c));
    const { response, consumerKey } = await fake.activateIntegration({ callbackUrl: CALLBACK, storeBaseUrl: `${STORE}/` });
    expect(response.status).toBe(200);
    expect(credentials).toMatchObject({ consumerKey, storeBaseUrl: STORE });
    expect(fake.activations.counts).toEqual({ request: 1, access: 1 });
    const commerce = createCommerceClient({ baseUrl: credentials!.storeBaseUrl, auth: integration(credentials!) });
    expect((await commerce.products.get({ sku: 'SKU-0002' })).sku).toBe('SKU-0002');
  });

  it('runs over real HTTP: the receiver on node:http (the node adapter), the fake platform on loopback', async () => {
    const running = await startFakeCommerce({ seed: { products: 2 } });
    let credentials: IntegrationCredentials | undefined;
    const app: Server = createServer(toNodeListener(createActivationHandler({ allowStore: [running.url], onActivation: async (a) => void (credentials = await exchangeIntegrationTokens(a)) })));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const callback = `http://127.0.0.1:${(app.address() as { port: number }).port}/activate`;
    server.use(http.all(`${running.url}/*`, () => passthrough()), http.all(`${callback}`, () => passthrough()));
    try {
      const { response } = await running.fake.activateIntegration({ callbackUrl: callback, storeBaseUrl: `${running.url}/` });
      expect(response.status).toBe(200);
      const commerce = createCommerceClient({ baseUrl: credentials!.storeBaseUrl, auth: integration(credentials!) });
      expect((await commerce.products.get({ sku: 'SKU-0001' })).sku).toBe('SKU-0001');
    } finally {
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
      await running.close();
    }
  });

  it('a verifier is single use: a second exchange of the same activation is refused with the fix', async () => {
    const fake = withFake();
    let activation: IntegrationActivation | undefined;
    const handler = createActivationHandler({ allowStore: [STORE], onActivation: (a) => void (activation = a) });
    server.use(http.post(CALLBACK, ({ request }) => handler(request)));
    await fake.activateIntegration({ callbackUrl: CALLBACK, storeBaseUrl: `${STORE}/` });
    await exchangeIntegrationTokens(activation!);
    const again = await exchangeIntegrationTokens(activation!).catch((e: unknown) => e);
    expect(isCommerceError(again) && again.kind).toBe('auth');
    expect((again as Error).message).toMatch(/refused the request token .*Token is already being used.*activate the integration again/);
    expect((again as Error).message).not.toContain(activation!.consumerSecret);
  });

  it('an exchange after the consumer expired (300 s) is refused', async () => {
    let now = Date.UTC(2026, 0, 1);
    const fake = createFakeCommerce({ now: () => now });
    server.use(...commerceHandlers(fake, { baseUrl: STORE }));
    let activation: IntegrationActivation | undefined;
    const handler = createActivationHandler({ allowStore: [STORE], onActivation: (a) => void (activation = a) });
    server.use(http.post(CALLBACK, ({ request }) => handler(request)));
    await fake.activateIntegration({ callbackUrl: CALLBACK, storeBaseUrl: `${STORE}/` });
    now += 301_000;
    await expect(exchangeIntegrationTokens(activation!, { now: () => now })).rejects.toThrow(/Consumer key has expired/);
  });

  it('a wrong consumer secret fails the signature check at the request-token step', async () => {
    const fake = withFake();
    let activation: IntegrationActivation | undefined;
    const handler = createActivationHandler({ allowStore: [STORE], onActivation: (a) => void (activation = a) });
    server.use(http.post(CALLBACK, ({ request }) => handler(request)));
    await fake.activateIntegration({ callbackUrl: CALLBACK, storeBaseUrl: `${STORE}/` });
    await expect(exchangeIntegrationTokens({ ...activation!, consumerSecret: 'x'.repeat(32) })).rejects.toThrow(/request token .*401: Invalid signature/);
    expect(fake.activations.counts.access).toBe(0);
  });
});

describe('the exchange against a misbehaving store', () => {
  const activation: IntegrationActivation = { consumerKey: 'ck', consumerSecret: 'cs-secret-value', storeBaseUrl: `${STORE}/`, verifier: 'verifier-value-1' };

  it('is never retried: a 500 on the access token step is one request, reported with the status', async () => {
    let accessCalls = 0;
    server.use(
      http.post(`${STORE}/oauth/token/request`, () => new HttpResponse('oauth_token=rt&oauth_token_secret=rts')),
      http.post(`${STORE}/oauth/token/access`, () => {
        accessCalls += 1;
        return new HttpResponse('oops', { status: 500 });
      }),
    );
    await expect(exchangeIntegrationTokens(activation)).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(accessCalls).toBe(1);
  });

  it('signs the access-token step with the request token secret and sends the verifier', async () => {
    let header = '';
    server.use(
      http.post(`${STORE}/oauth/token/request`, ({ request }) => {
        expect(request.headers.get('authorization')).not.toMatch(/oauth_token=|oauth_verifier=/);
        return new HttpResponse('oauth_token=rt&oauth_token_secret=rts');
      }),
      http.post(`${STORE}/oauth/token/access`, ({ request }) => {
        header = request.headers.get('authorization') ?? '';
        return new HttpResponse('oauth_token=at&oauth_token_secret=ats');
      }),
    );
    const credentials = await exchangeIntegrationTokens(activation);
    expect(credentials).toEqual({ consumerKey: 'ck', consumerSecret: 'cs-secret-value', accessToken: 'at', accessTokenSecret: 'ats', storeBaseUrl: STORE });
    expect(header).toMatch(/oauth_token="rt"/);
    expect(header).toMatch(/oauth_verifier="verifier-value-1"/);
    expect(header).toMatch(/oauth_signature_method="HMAC-SHA256"/);
  });

  it('reports an HTML page (wrong store URL) and a reset connection as typed errors', async () => {
    server.use(http.post(`${STORE}/oauth/token/request`, () => new HttpResponse('<html>login</html>', { headers: { 'content-type': 'text/html' } })));
    await expect(exchangeIntegrationTokens(activation)).rejects.toMatchObject({ kind: 'response' });
    server.use(http.post(`${STORE}/oauth/token/request`, () => HttpResponse.error()));
    await expect(exchangeIntegrationTokens(activation)).rejects.toMatchObject({ kind: 'network' });
  });

  it('a half answer (a token without its secret) is an error that does not carry the token', async () => {
    server.use(http.post(`${STORE}/oauth/token/request`, () => new HttpResponse('oauth_token=leaked-request-token-77')));
    const error = await exchangeIntegrationTokens(activation).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'response' });
    expect(JSON.stringify(error)).not.toContain('leaked-request-token-77');
    expect((error as { raw: string }).raw).not.toContain('leaked-request-token-77');
  });

  it('refuses a plain-http store before sending anything', async () => {
    await expect(exchangeIntegrationTokens({ ...activation, storeBaseUrl: 'http://shop.example.com/' })).rejects.toThrow(/store_base_url must be an https:\/\/ URL/);
  });
});

describe('the activation receiver refuses bad input clearly', () => {
  const seen: IntegrationActivation[] = [];
  const handler = createActivationHandler({ allowStore: [STORE], maxBodyBytes: 1024, onActivation: (a) => void seen.push(a) });
  /** The error a 4xx names; no answer ever repeats the consumer secret it was sent. */
  const body = async (response: Response) => {
    const text = await response.text();
    expect(text).not.toContain('s'.repeat(32));
    return (JSON.parse(text) as { error?: string }).error;
  };

  it('accepts the platform form body and JSON', async () => {
    expect((await handler(post(form(activationFields)))).status).toBe(200);
    expect((await handler(post(JSON.stringify(activationFields), 'application/json; charset=utf-8'))).status).toBe(200);
    expect(seen.at(-1)).toEqual({ consumerKey: 'k'.repeat(32), consumerSecret: 's'.repeat(32), storeBaseUrl: `${STORE}/`, verifier: 'v'.repeat(32) });
  });

  it('405, 415, 413 and 400 naming the field; never echoes the secret', async () => {
    expect((await handler(new Request(CALLBACK))).status).toBe(405);
    const text = await handler(post('a=b', 'text/plain'));
    expect(text.status).toBe(415);
    expect((await handler(post('x'.repeat(2000)))).status).toBe(413);
    const missing = await handler(post(form({ ...activationFields, oauth_verifier: '' })));
    expect(missing.status).toBe(400);
    expect(await body(missing)).toBe('oauth_verifier is missing');
    const twice = await handler(post(`${form(activationFields)}&oauth_consumer_key=other`));
    expect(await body(twice)).toBe('oauth_consumer_key appears more than once');
    const badUrl = await handler(post(form({ ...activationFields, store_base_url: 'javascript:alert(1)' })));
    expect(await body(badUrl)).toBe('store_base_url must be an https:// URL');
    const json = await handler(post('{"oauth_consumer_key": ', 'application/json'));
    expect(await body(json)).toBe('the body is not valid JSON');
    const typed = await handler(post(JSON.stringify({ ...activationFields, oauth_consumer_secret: 42 }), 'application/json'));
    expect(await body(typed)).toBe('oauth_consumer_secret must be a string');
  });

  it('403 for a store not in allowStore, and no call to onActivation', async () => {
    const before = seen.length;
    const response = await handler(post(form({ ...activationFields, store_base_url: 'https://attacker.example/' })));
    expect(response.status).toBe(403);
    expect(seen.length).toBe(before);
  });

  it('500 without details when onActivation throws; onError hears of it', async () => {
    const errors: unknown[] = [];
    const failing = createActivationHandler({ allowStore: 'any', onActivation: () => Promise.reject(new Error('db down')), onError: (e) => void errors.push(e) });
    const response = await failing(post(form(activationFields)));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('db down');
    expect(errors).toHaveLength(1);
  });

  it('insists on an explicit store policy', () => {
    expect(() => createActivationHandler({ onActivation: () => {} } as never)).toThrow(/needs allowStore: the activation POST is unsigned/);
    expect(() => createActivationHandler({ allowStore: [], onActivation: () => {} })).toThrow(/allowStore must be a list of store origins/);
  });
});
