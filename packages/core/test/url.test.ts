import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, InputError, encodePathSegment, fillPath, hasLoneSurrogate, isLoopbackHost, templateParams, validateBaseUrl } from '../src/index.ts';

const rules = { service: 'marketplace' as const, option: 'baseUrl', example: 'https://api.example.com', httpsOnly: true };
const commerceRules = { service: 'commerce' as const, option: 'baseUrl', example: 'https://shop.example.com', httpsOnly: true, insecureOption: 'allowInsecure' };

/** The error `run` throws (failing the test when it throws nothing). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** The configuration error a bad base URL gets: its message, after checking its type and service. */
function refusal(input: unknown, given: Parameters<typeof validateBaseUrl>[1] = rules): string {
  const error = thrownBy(() => validateBaseUrl(input, given));
  expect(error).toBeInstanceOf(ConfigurationError);
  expect((error as ConfigurationError).service).toBe(given.service);
  return (error as ConfigurationError).message;
}

describe('base URLs', () => {
  it('returns the base without its trailing slashes, from a string (trimmed) or a URL object', () => {
    expect(validateBaseUrl('https://api.example.com/', rules)).toBe('https://api.example.com');
    expect(validateBaseUrl('  https://shop.test/magento//  ', rules)).toBe('https://shop.test/magento');
    expect(validateBaseUrl(new URL('https://shop.test/store/'), rules)).toBe('https://shop.test/store');
  });

  it('allows plain http only to loopback when HTTPS is required', () => {
    expect(validateBaseUrl('http://127.0.0.1:8080/', rules)).toBe('http://127.0.0.1:8080');
    expect(validateBaseUrl('http://127.10.200.3', rules)).toBe('http://127.10.200.3');
    expect(validateBaseUrl('http://localhost:1', rules)).toBe('http://localhost:1');
    expect(validateBaseUrl('http://[::1]:8080', rules)).toBe('http://[::1]:8080');
    expect(refusal('http://api.example.com')).toBe(
      'baseUrl uses plain http:// for api.example.com; the service accepts HTTPS only (http is allowed for loopback test servers). Pass the installation\'s address, e.g. https://api.example.com.',
    );
    // Names that only contain or extend a loopback name are other hosts.
    expect(refusal('http://notlocalhost')).toMatch(/plain http:\/\/ for notlocalhost;/);
    expect(refusal('http://localhost.example.com')).toMatch(/plain http:\/\/ for localhost.example.com;/);
  });

  it('knows loopback hosts by name and address, and nothing that merely resembles one', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.22.255', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['localhost.evil.test', 'evil-localhost', '127.0.0.1.evil.test', 'x127.0.0.1', '128.0.0.1', '::1', '']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('names the option that allows plain http when the client has one', () => {
    expect(refusal('http://shop.test', commerceRules)).toBe(
      'baseUrl uses plain http:// for shop.test, which would send credentials unencrypted; use https://, or set allowInsecure: true for a local installation. Pass the installation\'s address, e.g. https://shop.example.com.',
    );
  });

  it('allows plain http to any host when HTTPS is not required', () => {
    expect(validateBaseUrl('http://shop.test/', { ...rules, httpsOnly: false })).toBe('http://shop.test');
    expect(validateBaseUrl('http://shop.test', { service: 'commerce', option: 'baseUrl', example: 'https://x' })).toBe('http://shop.test');
  });

  it('refuses a missing, non-string or empty value, saying which', () => {
    for (const input of [undefined, null, 42, { href: 'https://shop.test' }]) expect(refusal(input)).toBe('baseUrl is missing or not a string. Pass the installation\'s address, e.g. https://api.example.com.');
    for (const input of ['', '   ']) expect(refusal(input)).toBe('baseUrl is empty. Pass the installation\'s address, e.g. https://api.example.com.');
  });

  it('refuses a value without a scheme, quoting it', () => {
    expect(refusal('shop.test')).toBe('baseUrl ("shop.test") has no scheme: start it with https://. Pass the installation\'s address, e.g. https://api.example.com.');
    // Would parse as a URL whose scheme is "localhost:"; and a scheme later in the text is not the URL's.
    expect(refusal('localhost:8080')).toMatch(/^baseUrl \("localhost:8080"\) has no scheme/);
    expect(refusal('shop.test/go?to=https://x.test')).toMatch(/^baseUrl \("shop.test\/go\?to=https:\/\/x.test"\) has no scheme/);
    // An "@" in the path is not a credential: the quote is the value as given.
    expect(refusal('shop.test/a@b')).toMatch(/^baseUrl \("shop.test\/a@b"\) has no scheme/);
  });

  it('never quotes a password given inline, with or without a scheme, whatever characters it has', () => {
    expect(refusal('admin:hunter 22@shop.test')).toBe('baseUrl ("[redacted]@shop.test") has no scheme: start it with https://. Pass the installation\'s address, e.g. https://api.example.com.');
    expect(refusal('https://admin:hunter 22@bad host')).toBe('baseUrl ("https://[redacted]@bad host") is not a valid URL. Pass the installation\'s address, e.g. https://api.example.com.');
    expect(refusal('git+ssh://admin:pa(ss@bad host')).not.toContain('pa(ss');
  });

  it('refuses a value the URL parser cannot read', () => {
    expect(refusal('https://bad host')).toBe('baseUrl ("https://bad host") is not a valid URL. Pass the installation\'s address, e.g. https://api.example.com.');
  });

  it('refuses schemes other than http and https', () => {
    expect(refusal('ftp://shop.test')).toBe('baseUrl uses ftp: where http(s) is expected. Pass the installation\'s address, e.g. https://api.example.com.');
    expect(refusal('xhttps://shop.test')).toMatch(/uses xhttps: where http\(s\) is expected/);
  });

  it('refuses credentials in the URL, a user name alone included', () => {
    for (const input of ['https://user:pw@api.example.com', 'https://user@api.example.com', 'https://:pw@api.example.com']) {
      expect(refusal(input), input).toBe('baseUrl contains credentials; pass them through the auth option instead. Pass the installation\'s address, e.g. https://api.example.com.');
    }
  });

  it('refuses a query or a fragment', () => {
    for (const input of ['https://shop.test/?store=1', 'https://shop.test/#top']) expect(refusal(input), input).toMatch(/^baseUrl has a query or fragment\./);
  });

  it('refuses a base that already has the API path, which the SDK adds itself', () => {
    for (const input of ['https://shop.test/rest', 'https://shop.test/rest/default', 'https://shop.test/magento/index.php/rest/V1', 'https://shop.test/REST/', 'https://shop.test/V1', 'https://shop.test/m/V1/']) {
      expect(refusal(input), input).toBe(`baseUrl ("${input}") includes an API path; the SDK adds /rest/... itself. Pass the installation's address, e.g. https://api.example.com.`);
    }
    // Words that only start like one are ordinary paths.
    expect(validateBaseUrl('https://shop.test/restaurant/V1x', rules)).toBe('https://shop.test/restaurant/V1x');
  });
});

describe('path templates', () => {
  it('lists parameters in order and fills them one segment each', () => {
    expect(templateParams('/V1/products/{sku}/media/{entryId}')).toEqual(['sku', 'entryId']);
    expect(fillPath('/V1/products/{sku}/media/{entryId}', { sku: 'a/b', entryId: 3 }, 'commerce', 'r')).toBe('/V1/products/a%2Fb/media/3');
    // The same template again (compiled once) fills with the new values.
    expect(fillPath('/V1/products/{sku}/media/{entryId}', { sku: 'c', entryId: 4 }, 'commerce', 'r')).toBe('/V1/products/c/media/4');
  });

  it('encodes each value as one segment: a SKU with a slash, a percent sign, unicode, spaces, plus, ? and #', () => {
    const fill = (sku: unknown) => fillPath('/V1/products/{sku}', { sku }, 'commerce', 'GET /V1/products/{sku}');
    expect(fill('24-MB01/blue')).toBe('/V1/products/24-MB01%2Fblue');
    expect(fill('100%')).toBe('/V1/products/100%25');
    expect(fill('%2F')).toBe('/V1/products/%252F');
    expect(fill('Tasse é ☕')).toBe('/V1/products/Tasse%20%C3%A9%20%E2%98%95');
    expect(fill('a+b?c#d&e')).toBe('/V1/products/a%2Bb%3Fc%23d%26e');
    expect(fill('..x')).toBe('/V1/products/..x');
    expect(fill('😀')).toBe('/V1/products/%F0%9F%98%80');
    expect(fill(12)).toBe('/V1/products/12');
    expect(fill(true)).toBe('/V1/products/true');
    expect(fill(false)).toBe('/V1/products/false');
  });

  it('refuses a missing or empty path parameter with a typed error naming the route and the parameter', () => {
    const cases: [unknown, string][] = [[undefined, 'missing'], [null, 'missing'], ['', 'empty']];
    for (const [sku, what] of cases) {
      const error = thrownBy(() => fillPath('/V1/products/{sku}', sku === undefined ? {} : { sku }, 'marketplace', 'GET /V1/products/{sku}'));
      expect(error, String(sku)).toBeInstanceOf(InputError);
      expect((error as InputError).service).toBe('marketplace');
      expect((error as InputError).message).toBe(`GET /V1/products/{sku} needs the path parameter "sku", which is ${what}.`);
    }
  });

  it('refuses a value no URL path can carry, saying why and that nothing was sent', () => {
    const cases: [unknown, string][] = [
      [Number.NaN, 'is NaN: pass a finite number or the id as a string'],
      [Number.POSITIVE_INFINITY, 'is Infinity: pass a finite number or the id as a string'],
      [{ id: 1 }, 'must be a string or number, got object'],
      [10n, 'must be a string or number, got bigint'],
      ['.', 'is ".", which no URL path can carry (it reads as a relative segment): look the record up another way (a search, say)'],
      ['..', 'is "..", which no URL path can carry (it reads as a relative segment): look the record up another way (a search, say)'],
      ['half \uD83D', 'contains an unpaired UTF-16 surrogate (a broken character, e.g. half an emoji): fix the string'],
      ['\uDE00 half', 'contains an unpaired UTF-16 surrogate (a broken character, e.g. half an emoji): fix the string'],
    ];
    for (const [id, why] of cases) {
      const error = thrownBy(() => fillPath('/V1/orders/{id}', { id }, 'commerce', 'GET /V1/orders/{id}'));
      expect(error, why).toBeInstanceOf(InputError);
      expect((error as InputError).service).toBe('commerce');
      expect((error as InputError).message).toBe(`GET /V1/orders/{id}: path parameter "id" ${why}. Nothing was sent.`);
    }
  });

  it('tells a broken UTF-16 string (a lone half of a surrogate pair) from a whole one', () => {
    for (const text of ['\uD83D', 'a\uD83D', '\uD83Db', '\uDE00', 'a\uDE00', '\uDE00\uD83D', '😀\uDE00']) expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'plain', '😀', 'a😀b', 'é☕']) expect(hasLoneSurrogate(text), text).toBe(false);
  });

  it('an encoded segment never contains a slash, plus, hash or question mark', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const encoded = encodePathSegment(value);
        expect(encoded).not.toMatch(/[/+#? ]/);
        expect(decodeURIComponent(encoded)).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });
});
