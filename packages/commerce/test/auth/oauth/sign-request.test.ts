/**
 * OAuth 1.0a HMAC-SHA256 signing: published vectors, a second implementation (node:crypto, used
 * only here) on random inputs, and end to end against the fake platform's independent verifier.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { integration, signRequest, signatureBaseString, type OAuthCredentials } from '../../../src/auth/index.ts';
import { queryParameters, queryParametersOf } from '../../../src/auth/oauth/base-string.ts';
import { createCommerceClient } from '../../../src/client.ts';
import { buildQuery } from '../../../src/query/query.ts';
import { createFakeAuth } from '../../../src/testing/auth.ts';
import { BASE, installFakePlatform } from '../../auth-harness.ts';

afterEach(() => vi.useRealTimers());

// ---------------------------------------------------------------------------------------------
// A reference signer, independent of src/: node:crypto, Buffer-based encoding, manual query parsing.
const UNRESERVED = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~');
function refEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => (UNRESERVED.has(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}
function refDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}
function refParseQuery(query: string): [string, string][] {
  return query.split('&').filter(Boolean).map((pair) => {
    const [name, ...rest] = pair.split('=');
    return [refDecode(name!), refDecode(rest.join('='))];
  });
}
function refBaseString(method: string, rawUrl: string, oauth: Record<string, string>, body: [string, string][] = []): string {
  const match = /^(\w+):\/\/([^/?#]+)([^?#]*)(?:\?([^#]*))?/.exec(rawUrl)!;
  const [, scheme, authority, path, query = ''] = match;
  const host = authority!.toLowerCase().replace(scheme === 'https' ? /:443$/ : /:80$/, '');
  const params = [...refParseQuery(query), ...body, ...Object.entries(oauth)].map(([k, v]) => [refEncode(k), refEncode(v)]);
  params.sort((a, b) => (a[0] === b[0] ? (a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0) : a[0]! < b[0]! ? -1 : 1));
  const normalized = params.map(([k, v]) => `${k}=${v}`).join('&');
  return `${method.toUpperCase()}&${refEncode(`${scheme!.toLowerCase()}://${host}${path || '/'}`)}&${refEncode(normalized)}`;
}
function refSign(baseString: string, consumerSecret: string, tokenSecret: string): string {
  return createHmac('sha256', `${refEncode(consumerSecret)}&${refEncode(tokenSecret)}`).update(baseString).digest('base64');
}
function headerParams(authorization: string): Record<string, string> {
  return Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, decodeURIComponent(m[2]!)]));
}
// ---------------------------------------------------------------------------------------------

describe('published vectors', () => {
  it('RFC 5849 section 1.2 (photos), recomputed with HMAC-SHA256', async () => {
    // The RFC's base string with the method name changed; its HMAC-SHA1 form reproduces the RFC's
    // signature MdpQcU8iPSUjWoN/UDMsK2sui9I= (checked below), so the literal is the RFC's own.
    const rfcSha1Base =
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal';
    expect(createHmac('sha1', 'kd94hf93k423kf44&pfkkdhi9sl3r4s00').update(rfcSha1Base).digest('base64')).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');

    const credentials: OAuthCredentials = { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', accessToken: 'nnch734d00sl2jdk', accessTokenSecret: 'pfkkdhi9sl3r4s00' };
    const request = new Request('http://photos.example.net/photos?file=vacation.jpg&size=original');
    // oauth_version is optional in the RFC example; the SDK always sends it, so compare without it.
    const url = new URL(request.url);
    const base = signatureBaseString('GET', url, [
      ...url.searchParams,
      ['oauth_consumer_key', credentials.consumerKey],
      ['oauth_nonce', 'chapoH'],
      ['oauth_signature_method', 'HMAC-SHA256'],
      ['oauth_timestamp', '137131202'],
      ['oauth_token', credentials.accessToken],
    ]);
    expect(base).toBe(rfcSha1Base.replace('HMAC-SHA1', 'HMAC-SHA256'));
    // A value published by another OAuth library for this same input, and node:crypto's.
    expect(createHmac('sha256', 'kd94hf93k423kf44&pfkkdhi9sl3r4s00').update(base).digest('base64')).toBe('HtMwoX2zenlFjgGg/SNEoKEQmL7CzxYFEKzs7er044Y=');

    const signed = await signRequest(request, credentials, { nonce: 'chapoH', timestamp: 137131202 });
    const { oauth_signature: _sent, ...protocol } = headerParams(signed.authorization);
    expect(signed.baseString).toBe(refBaseString('GET', request.url, protocol));
    expect(signed.signature).toBe(refSign(signed.baseString, credentials.consumerSecret, credentials.accessTokenSecret));
  });

  it('RFC 5849 section 3.4.1 worked example (query, form body, repeated and empty parameters)', async () => {
    const rfcBase =
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7';
    // With secrets j49sk3j29djd / dh893hdasih9, the SHA-1 form gives the signature other
    // implementations publish for this example, which pins the literal above.
    expect(createHmac('sha1', 'j49sk3j29djd&dh893hdasih9').update(rfcBase).digest('base64')).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');

    const credentials: OAuthCredentials = { consumerKey: '9djdj82h48djs9d2', consumerSecret: 'j49sk3j29djd', accessToken: 'kkk9d7dh3k39sjv7', accessTokenSecret: 'dh893hdasih9' };
    const request = new Request('http://EXAMPLE.COM:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'c2&a3=2+q',
    });
    const signed = await signRequest(request, credentials, { nonce: '7d8f3e4a', timestamp: 137131201 });
    const expectedBase = rfcBase.replace('HMAC-SHA1', 'HMAC-SHA256').replace('%26oauth_token%3Dkkk9d7dh3k39sjv7', '%26oauth_token%3Dkkk9d7dh3k39sjv7%26oauth_version%3D1.0');
    expect(signed.baseString).toBe(expectedBase);
    expect(signed.signature).toBe(createHmac('sha256', 'j49sk3j29djd&dh893hdasih9').update(expectedBase).digest('base64'));
  });

  it('the header carries every protocol parameter, percent-encoded, HMAC-SHA256 and version 1.0', async () => {
    const credentials: OAuthCredentials = { consumerKey: 'ck', consumerSecret: 'cs', accessToken: 'at', accessTokenSecret: 'as' };
    const signed = await signRequest(new Request(`${BASE}/rest/V1/store/storeViews`), credentials, { nonce: 'n', timestamp: 1 });
    expect(signed.authorization.startsWith('OAuth ')).toBe(true);
    expect(Object.keys(headerParams(signed.authorization)).sort()).toEqual(['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_token', 'oauth_version']);
    expect(headerParams(signed.authorization)).toMatchObject({ oauth_signature_method: 'HMAC-SHA256', oauth_version: '1.0', oauth_signature: signed.signature });
    expect(signed.authorization).toContain(`oauth_signature="${encodeURIComponent(signed.signature)}"`);
  });
});

describe('characters encodeURIComponent leaves alone', () => {
  it("a bare * ! ' ( or ) in a key, token or nonce is encoded on a request with nothing else to sign", async () => {
    for (const c of ['*', '!', "'", '(', ')']) {
      const credentials: OAuthCredentials = { consumerKey: c, consumerSecret: `s${c}`, accessToken: `${c}${c}`, accessTokenSecret: c };
      const request = new Request(`${BASE}/rest/V1/store/storeViews`);
      const signed = await signRequest(request, credentials, { nonce: c, timestamp: 1 });
      const oauth = { oauth_consumer_key: c, oauth_nonce: c, oauth_signature_method: 'HMAC-SHA256', oauth_timestamp: '1', oauth_token: `${c}${c}`, oauth_version: '1.0' };
      expect(signed.baseString).toBe(refBaseString('GET', request.url, oauth));
      expect(signed.signature).toBe(refSign(signed.baseString, credentials.consumerSecret, credentials.accessTokenSecret));
      expect(headerParams(signed.authorization)).toMatchObject({ oauth_consumer_key: c, oauth_nonce: c, oauth_token: `${c}${c}` });
      expect(signed.authorization).not.toContain(`"${c}`);
    }
  });
});

describe('the parameters a request carries', () => {
  it('the query is read up to a fragment, each pair decoded once; a URL without a query has none', () => {
    expect(queryParametersOf('https://x.test/a?b=1&c=%2B+2#part?d=3')).toEqual([['b', '1'], ['c', '+ 2']]);
    expect(queryParametersOf('https://x.test/a?b=12')).toEqual([['b', '12']]);
    expect(queryParametersOf('https://x.test/a#b=1')).toEqual([]);
    expect(queryParameters(new URL('https://x.test/a?b=1&b=2'))).toEqual([['b', '1'], ['b', '2']]);
  });

  it('parameters are sorted by name, then by value, in byte order, whatever order they come in', () => {
    // A name that begins another ("a" and "a-") sorts first; one name's values sort as text ("10" before "2").
    const base = signatureBaseString('GET', 'https://x.test/p', [['b', ''], ['a-', '0'], ['a', '2'], ['a', '10'], ['a', '1'], ['A', 'z']]);
    expect(base).toBe(`GET&${encodeURIComponent('https://x.test/p')}&${encodeURIComponent('A=z&a=1&a=10&a=2&a-=0&b=')}`);
  });

  it('a body is signed only under the form content type itself, not a type that names it in a parameter', async () => {
    const credentials: OAuthCredentials = { consumerKey: 'ck', consumerSecret: 'cs', accessToken: 'at', accessTokenSecret: 'as' };
    const post = (type: string) => new Request(`${BASE}/rest/V1/x`, { method: 'POST', headers: { 'content-type': type }, body: 'a=1' });
    expect((await signRequest(post('application/x-www-form-urlencoded; charset=UTF-8'), credentials, { nonce: 'n', timestamp: 1 })).baseString).toContain('a%3D1');
    expect((await signRequest(post('application/json; profile="application/x-www-form-urlencoded"'), credentials, { nonce: 'n', timestamp: 1 })).baseString).not.toContain('a%3D1');
    // Bytes sent with no content type at all are not a form either.
    const untyped = new Request(`${BASE}/rest/V1/x`, { method: 'POST', body: new TextEncoder().encode('a=1') });
    expect(untyped.headers.get('content-type')).toBeNull();
    expect((await signRequest(untyped, credentials, { nonce: 'n', timestamp: 1 })).baseString).not.toContain('a%3D1');
  });
});

describe('against a second implementation, on random inputs', () => {
  const text = fc.string({ unit: 'binary', maxLength: 12 });
  const sku = fc.oneof(text, fc.constantFrom('MB/01', 'a+b', 'with space', 'Ünïcødé-✓', '100%', 'a&b=c', '24-MB01/blue+xl', '~._-', "it's(*)!"));
  const bracketKey = fc.constantFrom(
    'searchCriteria[filter_groups][0][filters][0][field]',
    'searchCriteria[filter_groups][0][filters][0][value]',
    'searchCriteria[filter_groups][0][filters][0][condition_type]',
    'searchCriteria[sort_orders][0][direction]',
    'searchCriteria[pageSize]',
    'fields',
  );
  const queryEntry = fc.tuple(fc.oneof(bracketKey, text.filter((s) => s.length > 0)), fc.oneof(text, sku));
  const credentials = fc.record({ consumerKey: text, consumerSecret: text, accessToken: text, accessTokenSecret: text });

  it('base string and signature match the reference for any SKU path and query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), sku, fc.array(queryEntry, { maxLength: 6 }), credentials, fc.integer({ min: 0, max: 2 ** 31 }), async (method, skuValue, entries, creds, timestamp) => {
        const query = new URLSearchParams(entries).toString();
        const url = `https://Shop.Example.com:443/rest/default/V1/products/${encodeURIComponent(skuValue)}${query ? `?${query}` : ''}`;
        const nonce = randomBytes(8).toString('hex');
        const signed = await signRequest(new Request(url, { method }), creds, { nonce, timestamp });
        const { oauth_signature: sent, ...oauth } = headerParams(signed.authorization);
        expect(oauth).toEqual({ oauth_consumer_key: creds.consumerKey, oauth_nonce: nonce, oauth_signature_method: 'HMAC-SHA256', oauth_timestamp: String(timestamp), oauth_token: creds.accessToken, oauth_version: '1.0' });
        expect(signed.baseString).toBe(refBaseString(method, new Request(url).url, oauth));
        expect(sent).toBe(refSign(signed.baseString, creds.consumerSecret, creds.accessTokenSecret));
      }),
      { numRuns: 300 },
    );
  });

  it('searchCriteria built by the client is encoded exactly once in the base string', async () => {
    const query = buildQuery({ searchCriteria: { filter_groups: [{ filters: [{ field: 'sku', value: 'MB/01 +x', condition_type: 'like' }] }], page_size: 10 } });
    const signed = await signRequest(new Request(`${BASE}/rest/V1/products${query}`), { consumerKey: 'k', consumerSecret: 's', accessToken: 't', accessTokenSecret: 'u' }, { nonce: 'n', timestamp: 1 });
    // Bracket once-encoded as a parameter (%5B), then once more as part of the base string (%255B); never %25255B.
    expect(signed.baseString).toContain('searchCriteria%255Bfilter_groups%255D%255B0%255D%255Bfilters%255D%255B0%255D%255Bvalue%255D%3DMB%252F01%2520%252Bx');
    expect(signed.baseString).not.toContain('%25255B');
  });
});

describe('end to end against the fake platform verifier', () => {
  const creds = { consumerKey: 'ck0000000000000000000000000000aa', consumerSecret: 'cs0000000000000000000000000000bb', accessToken: 'at0000000000000000000000000000cc', accessTokenSecret: 'as0000000000000000000000000000dd' };

  function setup(fakeNowOffsetMs = 0, harness = {}) {
    const fake = createFakeAuth({ integrations: [creds], now: () => Date.now() + fakeNowOffsetMs });
    const seen = installFakePlatform(fake, harness);
    const client = createCommerceClient({ baseUrl: BASE, auth: integration(creds), retry: { limit: 2, backoffLimit: 1 } });
    return { fake, seen, client };
  }

  it('signs GETs with searchCriteria, SKU paths, store codes and JSON writes', async () => {
    const { client, seen } = setup();
    const list = (await client.request('GET /V1/products', {
      searchCriteria: { filter_groups: [{ filters: [{ field: 'sku', value: '%MB/01 +%', condition_type: 'like' }, { field: 'name', value: 'Ünïcødé ✓', condition_type: 'eq' }] }], sort_orders: [{ field: 'price', direction: 'DESC' }], page_size: 20, current_page: 2 },
    })) as unknown as { principal: string; query: [string, string][] };
    expect(list.principal).toBe('integration');
    expect(list.query).toContainEqual(['searchCriteria[filter_groups][0][filters][0][value]', '%MB/01 +%']);
    for (const sku of ['MB/01', 'a+b c', '24-MB01/Ünï✓', '100%', "it's(*)!"]) {
      await expect(client.request('GET /V1/products/{sku}', { sku }, { storeCode: 'default' })).resolves.toMatchObject({ sku, principal: 'integration' });
    }
    await expect(client.request('PUT /V1/products/{sku}', { sku: 'MB/01', product: { sku: 'MB/01', price: 10 } } as never, { storeCode: 'all' })).resolves.toMatchObject({ principal: 'integration' });
    expect(seen.unauthorized).toBe(0);
  });

  it('random SKUs through the client always verify', async () => {
    const { client, seen } = setup();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }), async (sku) => {
        await expect(client.request('GET /V1/products/{sku}', { sku })).resolves.toMatchObject({ sku, principal: 'integration' });
      }),
      { numRuns: 60 },
    );
    expect(seen.unauthorized).toBe(0);
  });

  // ky 2 runs beforeRequest once per call and replays that Request on retries; the transport signs
  // again in beforeRetry so each attempt carries a fresh nonce.
  it('each retry attempt gets a fresh nonce and timestamp (a replayed nonce would be refused)', async () => {
    const { client, seen } = setup(0, { failFirst: 2 });
    await expect(client.request('GET /V1/products/{sku}', { sku: 'MB01' })).resolves.toMatchObject({ principal: 'integration' });
    expect(seen.dataRequests).toBe(3);
    const nonces = seen.authorizations.map((a) => headerParams(a)['oauth_nonce']);
    expect(new Set(nonces).size).toBe(3);
  });

  it('the authorizer signs each attempt afresh: two attempts of one request both verify', async () => {
    const fake = createFakeAuth({ integrations: [creds] });
    const authorizer = integration(creds).bind({ callAnonymous: () => Promise.reject(new Error('unused')), now: () => Date.now() });
    const url = `${BASE}/rest/V1/products?searchCriteria%5BpageSize%5D=5`;
    // Credentials are added in place, as the transport asks for each attempt.
    const first = new Request(url);
    await authorizer.authorize(first);
    const second = new Request(url);
    await authorizer.authorize(second);
    expect(headerParams(first.headers.get('authorization')!)['oauth_nonce']).not.toBe(headerParams(second.headers.get('authorization')!)['oauth_nonce']);
    expect(await fake.authenticate(first)).toMatchObject({ type: 'integration' });
    expect(await fake.authenticate(second)).toMatchObject({ type: 'integration' });
    // A refused signature is not fixed by signing again: the 401 is final.
    expect(authorizer.unauthorized('OAuth oauth_token="x"')).toBe('fail');
  });

  it('a tampered signature, a wrong secret and a replayed nonce are refused', async () => {
    const fake = createFakeAuth({ integrations: [creds] });
    const url = `${BASE}/rest/V1/products?searchCriteria%5BpageSize%5D=5`;
    const signed = await signRequest(new Request(url), creds, { nonce: 'fixed-nonce', timestamp: Math.floor(Date.now() / 1000) });
    expect(await fake.authenticate(new Request(url, { headers: { authorization: signed.authorization } }))).toEqual({ type: 'integration', consumerKey: creds.consumerKey });
    const replay = (await fake.authenticate(new Request(url, { headers: { authorization: signed.authorization } }))) as Response;
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toMatch(/nonce is already being used/);

    const wrongSecret = await signRequest(new Request(url), { ...creds, consumerSecret: 'other' }, { nonce: 'n2', timestamp: Math.floor(Date.now() / 1000) });
    expect(((await fake.authenticate(new Request(url, { headers: { authorization: wrongSecret.authorization } }))) as Response).status).toBe(401);
    // Same signature, different query: the query is covered.
    const fresh = await signRequest(new Request(url), creds, { nonce: 'n3', timestamp: Math.floor(Date.now() / 1000) });
    const other = (await fake.authenticate(new Request(url.replace('=5', '=6'), { headers: { authorization: fresh.authorization } }))) as Response;
    expect((await other.json()).message).toMatch(/signature is invalid/);
  });

  it('a double-encoded query is refused by the verifier (the bug the signer avoids)', async () => {
    const fake = createFakeAuth({ integrations: [creds] });
    const sent = `${BASE}/rest/V1/products?searchCriteria%5BpageSize%5D=5`;
    // Sign as if the encoded key were the name, i.e. encode it a second time.
    const wrong = await signRequest(new Request(`${BASE}/rest/V1/products?searchCriteria%255BpageSize%255D=5`), creds, { nonce: 'n4', timestamp: Math.floor(Date.now() / 1000) });
    const answer = (await fake.authenticate(new Request(sent, { headers: { authorization: wrong.authorization } }))) as Response;
    expect(answer.status).toBe(401);
  });

  it('clock skew: the timestamp refusal is a typed auth error with the clock hint', async () => {
    const { client } = setup(20 * 60_000);
    const error = await client.request('GET /V1/products/{sku}', { sku: 'MB01' }).then(() => undefined, (e: unknown) => e as { kind: string; status: number; hint: string; message: string });
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error!.hint).toMatch(/clock/);
    expect(error!.message).toMatch(/timestamp/);
  });

  it('within the window, a skewed clock is accepted', async () => {
    const { client } = setup(-5 * 60_000);
    await expect(client.request('GET /V1/products/{sku}', { sku: 'MB01' })).resolves.toMatchObject({ principal: 'integration' });
  });

  it('oauthWindowMs narrows the accepted clock difference (in ms, like every duration)', async () => {
    const fake = createFakeAuth({ integrations: [creds], oauthWindowMs: 60_000, now: () => Date.now() - 5 * 60_000 });
    installFakePlatform(fake);
    const client = createCommerceClient({ baseUrl: BASE, auth: integration(creds), retry: false });
    await expect(client.request('GET /V1/products/{sku}', { sku: 'MB01' })).rejects.toMatchObject({ kind: 'auth', status: 401 });
  });

  it('HMAC-SHA1 is refused with 400, as 2.4.4+ does', async () => {
    const fake = createFakeAuth({ integrations: [creds] });
    const url = `${BASE}/rest/V1/products`;
    const signed = await signRequest(new Request(url), creds, { nonce: 'n5', timestamp: Math.floor(Date.now() / 1000) });
    const sha1 = signed.authorization.replace('HMAC-SHA256', 'HMAC-SHA1');
    const answer = (await fake.authenticate(new Request(url, { headers: { authorization: sha1 } }))) as Response;
    expect(answer.status).toBe(400);
  });

  it('integration tokens are not accepted as bearer by default, and are when enabled', async () => {
    const headers = { authorization: `Bearer ${creds.accessToken}` };
    expect(await createFakeAuth({ integrations: [creds] }).authenticate(new Request(`${BASE}/rest/V1/products`, { headers }))).toBeInstanceOf(Response);
    expect(await createFakeAuth({ integrations: [creds], integrationAsBearer: true }).authenticate(new Request(`${BASE}/rest/V1/products`, { headers }))).toEqual({ type: 'integration', consumerKey: creds.consumerKey });
  });

  // node:crypto where the runtime has it as a built-in module; WebCrypto elsewhere (a runtime
  // without process.getBuiltinModule, simulated here), with the key imported once per credential.
  it.each([
    ['node:crypto', 0],
    ['WebCrypto', 1],
  ] as const)('a client signing with %s imports its HMAC key %i times for 3 requests (at most once per credential), and every signature verifies', async (path, imports) => {
    const fake = createFakeAuth({ integrations: [creds] });
    const seen = installFakePlatform(fake);
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const builtin = path === 'WebCrypto' ? vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never) : undefined;
    try {
      const client = createCommerceClient({ baseUrl: BASE, auth: integration(creds) });
      for (const sku of ['MB01', 'MB02', 'MB03']) await client.request('GET /V1/products/{sku}', { sku });
      const forSigning = importKey.mock.calls.filter((call) => (call[4] as string[]).includes('sign'));
      expect(forSigning).toHaveLength(imports);
      expect(seen.unauthorized).toBe(0);
      expect(seen.dataRequests).toBe(3);
    } finally {
      importKey.mockRestore();
      builtin?.mockRestore();
    }
  });

  it('missing credentials are configuration errors at creation', () => {
    for (const key of Object.keys(creds) as (keyof typeof creds)[]) {
      expect(() => integration({ ...creds, [key]: '' })).toThrowError(expect.objectContaining({ kind: 'configuration' }));
      const { [key]: _omitted, ...rest } = creds;
      expect(() => integration(rest as never)).toThrow(new RegExp(`${key} is missing`));
    }
  });
});
