import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePathSegment, fillPath, templateParams, validateBaseUrl } from '../src/index.ts';

const rules = { service: 'marketplace' as const, option: 'baseUrl', example: 'https://api.example.com', httpsOnly: true };

describe('base URLs', () => {
  it('allows plain http only to loopback when HTTPS is required', () => {
    expect(validateBaseUrl('http://127.0.0.1:8080/', rules)).toBe('http://127.0.0.1:8080');
    expect(validateBaseUrl('http://localhost:1', rules)).toBe('http://localhost:1');
    expect(() => validateBaseUrl('http://api.example.com', rules)).toThrow(/plain http:\/\/ for api.example.com; the service accepts HTTPS only/);
  });

  it('refuses credentials in the URL', () => {
    expect(() => validateBaseUrl('https://user:pw@api.example.com', rules)).toThrow(/contains credentials/);
  });
});

describe('path templates', () => {
  it('lists parameters in order and fills them one segment each', () => {
    expect(templateParams('/V1/products/{sku}/media/{entryId}')).toEqual(['sku', 'entryId']);
    expect(fillPath('/V1/products/{sku}/media/{entryId}', { sku: 'a/b', entryId: 3 }, 'commerce', 'r')).toBe('/V1/products/a%2Fb/media/3');
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
