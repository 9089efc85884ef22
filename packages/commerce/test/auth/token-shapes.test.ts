/**
 * A token route that answers an unexpected shape still often carries the token: `{"token": "…"}`
 * where a bare JSON string was expected, the string without its JSON quotes, an IMS answer without
 * its expires_in, an OAuth answer with half its pair. Every such answer fails with a typed error
 * whose `raw` keeps the shape (what the diagnosis needs) and whose every surface (message, raw,
 * String, JSON, util.inspect, the cause chain) is free of the token in every form it travels in.
 */
import { describe, expect, it } from 'vitest';
import { errorSurfaces, findLeaks } from '@magekit/test-support/leaks';
import { adminToken, createCommerceClient, customerToken, ims, isCommerceError, type AuthStrategy } from '../../src/index.ts';
import { exchangeIntegrationTokens } from '../../src/onboarding/index.ts';

const BASE = 'https://shapes.shop.test';
const TOKEN = 'issued/Tk+9 "q\\z=8&w-0c4f2b7e91d3';
const SECRETS = { token: TOKEN };

/** Every request is answered with `body` (200, `type`). */
const answering = (body: string, type = 'application/json') => (async () => new Response(body, { status: 200, headers: { 'content-type': type } })) as typeof fetch;

async function failureOf(auth: AuthStrategy, body: string, type?: string): Promise<Error & { kind?: string; raw?: string }> {
  const client = createCommerceClient({ baseUrl: BASE, auth, fetch: answering(body, type), retry: 0 });
  const error = await client.request('GET /V1/store/storeConfigs').then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isCommerceError(error), String(error)).toBe(true);
  return error as Error & { kind?: string; raw?: string };
}

const json = (value: unknown) => JSON.stringify(value);
const SHAPES: [name: string, body: string, type?: string][] = [
  ['an object holding the token', json({ token: TOKEN })],
  ['an object nesting the token', json({ data: { access: TOKEN, ttl: 3600 } })],
  ['an array holding the token', json([TOKEN])],
  ['the token without its JSON quotes', TOKEN, 'text/plain'],
  ['an HTML page quoting the token', `<html><body>Signed in: ${TOKEN}</body></html>`, 'text/html'],
];

describe('admin and customer token routes answering an unexpected shape', () => {
  for (const [label, strategy] of [
    ['admin', () => adminToken({ username: 'admin', password: 'admin-password-1' })],
    ['customer', () => customerToken({ username: 'c@example.com', password: 'customer-password-1' })],
  ] as const) {
    for (const [name, body, type] of SHAPES) {
      it(`${label}: ${name} fails typed, with the shape and without the token`, async () => {
        const error = await failureOf(strategy(), body, type);
        expect(error.kind).toBe('response');
        expect(error.raw).toMatch(/<(string|text) of \d+ characters>/);
        expect(findLeaks(errorSurfaces(error), SECRETS)).toEqual([]);
      });
    }
  }

  it('the shape names the keys that came, so the cause can be seen', async () => {
    const error = await failureOf(adminToken({ username: 'admin', password: 'admin-password-1' }), json({ token: TOKEN, expires: 3600 }));
    expect(error.raw).toBe(`{"token": <string of ${TOKEN.length} characters>, "expires": <number>}`);
  });
});

describe('Adobe IMS answering 200 without what a token needs', () => {
  const CREDENTIALS = { clientId: 'ims-client-id-1', clientSecret: 'ims-client-secret-1', orgId: 'ORG@AdobeOrg', tokenUrl: 'https://ims.shapes.test/ims/token/v3' };
  for (const [name, body, type] of [
    ['an access_token without expires_in', json({ access_token: TOKEN })],
    ['an expires_in that is not a number', json({ access_token: TOKEN, expires_in: 'soon' })],
    ['a form instead of JSON', `access_token=${encodeURIComponent(TOKEN)}`, 'application/x-www-form-urlencoded'],
    ['the token as bare text', TOKEN, 'text/plain'],
  ] as const) {
    it(`${name} fails typed, without the token`, async () => {
      const auth = ims({ ...CREDENTIALS, fetch: answering(body, type) });
      const error = await failureOf(auth, body, type);
      expect(error.kind).toBe('response');
      expect(findLeaks(errorSurfaces(error), SECRETS)).toEqual([]);
    });
  }
});

describe('the integration token exchange answering an unexpected shape', () => {
  const STORE = 'https://exchange.shapes.test';
  const activation = { consumerKey: 'ck', consumerSecret: 'cs-secret-value', storeBaseUrl: `${STORE}/`, verifier: 'verifier-value-1' };
  for (const [name, body] of [
    ['JSON instead of a form', json({ oauth_token: TOKEN, oauth_token_secret: `${TOKEN}-secret` })],
    ['the pair under other names', `token=${encodeURIComponent(TOKEN)}&secret=${encodeURIComponent(TOKEN)}`],
    ['a bare token', TOKEN],
  ] as const) {
    it(`${name} fails typed, without the token`, async () => {
      const error = (await exchangeIntegrationTokens(activation, { fetch: answering(body, 'text/plain') }).then(
        () => undefined,
        (e: unknown) => e,
      )) as Error & { kind?: string; raw?: string };
      expect(isCommerceError(error)).toBe(true);
      expect(error.kind).toBe('response');
      expect(error.raw).toMatch(/^<(form: .*|text of \d+ characters)>$|^\{/);
      expect(findLeaks(errorSurfaces(error), SECRETS)).toEqual([]);
    });
  }
});
