/**
 * The platform's messages filled in as its own renderer fills them (m2:
 * lib/internal/Magento/Framework/Phrase/Renderer/Placeholder.php, strtr over `%key` pairs), through
 * renderPhrase and through the client's error mapping.
 */
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderPhrase } from '../src/platform/phrase.ts';
import { createCommerceClient, type HttpError } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';
import { failure } from '@magekit/test-support/failure';

describe('renderPhrase: the cases of the platform renderer\'s own test (Phrase/Test/Unit/Renderer/PlaceholderTest.php)', () => {
  for (const [template, parameters, expected] of [
    ['text %1 %2', ['one', 'two'], 'text one two'],
    ['text %one %two', { one: 'one', two: 'two' }, 'text one two'],
    // A PHP array mixing names and positions arrives as a JSON object with "0", "1"… keys.
    ['%one text %two %1', { one: 'one', two: 'two', 0: 'three' }, 'one text two three'],
    ['text %1 %two %2 %3 %five %4 %5', { 0: 'one', two: 'two', 1: 'three', 2: 'four', five: 'five', 3: 'six', 4: 'seven' }, 'text one two three four five six seven'],
    ['text %1 text %2 text', [], 'text %1 text %2 text'],
    ['%1 text %2', ['one'], 'one text %2'],
    ['%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11', ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'], 'one two three four five six seven eight nine ten eleven'],
    ['A %table has four legs', { tab: 'Tab-Leiste', able: '', table: 'Tabelle' }, 'A Tabelle has four legs'],
  ] as const) {
    it(`${template} with ${JSON.stringify(parameters)}`, () => {
      expect(renderPhrase(template, parameters)).toBe(expected);
    });
  }
});

describe('renderPhrase: values as PHP converts them to strings', () => {
  it('null is empty: "No such entity with %fieldName = %fieldValue" for a masked cart id that did not resolve', () => {
    expect(renderPhrase('No such entity with %fieldName = %fieldValue', { fieldName: 'cartId', fieldValue: null })).toBe('No such entity with cartId = ');
    expect(renderPhrase('%1 and %2', [null, 'b'])).toBe(' and b');
  });

  it('booleans are "1" and ""; an array or object is "Array"', () => {
    expect(renderPhrase('[%1][%2][%3][%4]', [true, false, ['x'], { a: 1 }])).toBe('[1][][Array][Array]');
  });

  for (const [value, expected] of [
    [3, '3'],
    [-42, '-42'],
    [2.5, '2.5'],
    [0.1 + 0.2, '0.3'],
    [123456.789012345678, '123456.78901235'],
    // php-src Zend/tests/double_to_string.phpt (precision=14)
    [0.1234567890123456789, '0.12345678901235'],
    [239234242.7123123, '239234242.71231'],
    [29000.7123123, '29000.7123123'],
    [0.0001, '0.0001'],
    [0.00001, '1.0E-5'],
    [0.000012345, '1.2345E-5'],
    [1e20, '1.0E+20'],
    [-1.5e300, '-1.5E+300'],
    [12345678901234.5, '12345678901234'],
    [123456789012345.5, '1.2345678901235E+14'],
  ] as const) {
    it(`the number ${value} prints as ${expected}`, () => {
      expect(renderPhrase('%1', [value])).toBe(expected);
    });
  }

  it('a placeholder with no parameter stays; %10 of two parameters is the first one then 0 (strtr: the longest given key)', () => {
    expect(renderPhrase('%1 %10 %3 %name', ['one', 'two'])).toBe('one one0 %3 %name');
  });

  it('a name holding regex characters is matched as text', () => {
    expect(renderPhrase('%a.b %aXb %(x)', { 'a.b': 'dot', '(x)': 'paren' })).toBe('dot %aXb paren');
  });

  it('a filled-in value is never filled again', () => {
    expect(renderPhrase('%1 %2', ['%2', 'two'])).toBe('%2 two');
  });

  it('no parameters, or parameters that are not an array or object, leave the template as it is', () => {
    for (const parameters of [undefined, null, 'x', 3]) expect(renderPhrase('Keep %1 and %name', parameters)).toBe('Keep %1 and %name');
  });
});

describe('renderPhrase: properties', () => {
  const word = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,11}$/);
  const literal = fc.string({ maxLength: 12 }).map((s) => s.replace(/%/g, ''));

  it('a template of literals and named placeholders renders as the literals with each value, whatever the values hold', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 5 }), fc.array(literal, { minLength: 6, maxLength: 6 }), fc.array(fc.string({ maxLength: 10 }), { minLength: 5, maxLength: 5 }), (names, literals, values) => {
        // Placeholders are followed by a space, so no name runs into the next literal.
        const parameters = Object.fromEntries(names.map((name, i) => [name, values[i]!]));
        const template = names.map((name, i) => `${literals[i]}%${name} `).join('') + literals[5];
        const expected = names.map((name, i) => `${literals[i]}${values[i]} `).join('') + literals[5];
        // A longer name that starts with a shorter one wins where both match (strtr); skip those overlaps.
        fc.pre(names.every((a) => names.every((b) => a === b || !`${b} `.startsWith(a))));
        expect(renderPhrase(template, parameters)).toBe(expected);
      }),
    );
  });

  it('positional parameters: %n is the n-th value for any n up to the count', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 30 }), (values) => {
        const template = values.map((_, i) => `<%${i + 1}>`).join('');
        const expected = values.map((v) => `<${v === null ? '' : String(v)}>`).join('');
        expect(renderPhrase(template, values)).toBe(expected);
      }),
    );
  });

  it('text without % is never changed', () => {
    fc.assert(fc.property(literal, fc.dictionary(word, fc.string()), (text, parameters) => {
      expect(renderPhrase(text, parameters)).toBe(text);
    }));
  });
});

describe('the client fills the platform\'s error messages so', () => {
  const BASE = 'https://phrase.shop.test';
  const client = () => createCommerceClient({ baseUrl: BASE, retry: 0 });

  it('a null parameter renders empty, and the parameters stay on the error as sent', async () => {
    const body = { message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'cartId', fieldValue: null } };
    server.use(http.get(`${BASE}/rest/V1/guest-carts/*`, () => HttpResponse.json(body, { status: 404 })));
    const error = (await failure(client().request('GET /V1/guest-carts/{cartId}', { cartId: 'masked-unknown' }))) as HttpError;
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/failed with 404: No such entity with cartId = $/);
    expect(error.template).toBe(body.message);
    expect(error.parameters).toEqual({ fieldName: 'cartId', fieldValue: null });
  });

  it('numbers and errors[] entries are filled the same way', async () => {
    const body = { message: 'Maximum items of type "%type" is %max', parameters: { type: 'Item', max: 20 }, errors: [{ message: 'Row %1: %2 is not a valid price', parameters: [7, null] }] };
    server.use(http.post(`${BASE}/rest/V1/products`, () => HttpResponse.json(body, { status: 400 })));
    const error = (await failure(client().request('POST /V1/products', { product: { sku: 'a' } }))) as HttpError;
    expect(error.message).toContain('Maximum items of type "Item" is 20 (Row 7:  is not a valid price)');
    expect(error.errors).toEqual([{ message: 'Row 7:  is not a valid price', parameters: [7, null] }]);
  });
});
