import { describe, expect, it } from 'vitest';
import { bodyTextOr, httpErrorFields } from '../src/http-error-fields.ts';

describe('httpErrorFields', () => {
  it('takes service, method and URL from the context, the status, and the body with secrets masked by name', () => {
    const fields = httpErrorFields(400, { message: 'bad', password: 'hunter2' }, { service: 'commerce', method: 'POST', url: 'https://shop.test/rest/V1/x' });
    expect(fields).toEqual({ service: 'commerce', status: 400, method: 'POST', url: 'https://shop.test/rest/V1/x', body: { message: 'bad', password: '[redacted]' } });
  });
});

describe('bodyTextOr', () => {
  it('quotes a text body, trimmed and cut at 300 characters, else says the status', () => {
    expect(bodyTextOr(502, '  <html>Bad gateway</html>\n')).toBe('<html>Bad gateway</html>');
    expect(bodyTextOr(502, 'x'.repeat(400))).toHaveLength(300);
    expect(bodyTextOr(503, '   ')).toBe('HTTP 503');
    expect(bodyTextOr(500, { message: 1 })).toBe('HTTP 500');
  });
});
