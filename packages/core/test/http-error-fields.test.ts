import { describe, expect, it } from 'vitest';
import { httpErrorFields } from '../src/http-error-fields.ts';

describe('httpErrorFields', () => {
  it('takes service, method and URL from the context, the status, and the body with secrets masked by name', () => {
    const fields = httpErrorFields(400, { message: 'bad', password: 'hunter2' }, { service: 'commerce', method: 'POST', url: 'https://shop.test/rest/V1/x' });
    expect(fields).toEqual({ service: 'commerce', status: 400, method: 'POST', url: 'https://shop.test/rest/V1/x', body: { message: 'bad', password: '[redacted]' } });
  });
});
