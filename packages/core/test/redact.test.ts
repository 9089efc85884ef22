import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, MagekitError, createRedactor, redactText, redactValue } from '../src/index.ts';

describe('redaction', () => {
  it('removes a client\'s secrets, also percent-encoded, form-encoded and JSON-escaped, from any text', () => {
    const redactor = createRedactor();
    redactor.add('s3cret/pa+ss "q" \\b');
    const secret = 's3cret/pa+ss "q" \\b';
    const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ p: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1), JSON.stringify({ p: secret })];
    for (const form of forms) expect(redactor.text(`pw=${form}`)).not.toContain('s3cret');
  });

  it('removes the re-encoded forms a server or an output adds: PHP\'s json_encode, JSON twice, HTML, base64', () => {
    const secret = 'pa"ss\\wörd/7&q+x';
    const redactor = createRedactor();
    redactor.add(secret);
    const json = JSON.stringify(secret).slice(1, -1);
    const forms = {
      php: 'pa\\"ss\\\\w\\u00f6rd\\/7&q+x',
      twice: JSON.stringify(json).slice(1, -1),
      html: 'pa&quot;ss\\wörd/7&amp;q+x',
      base64: Buffer.from(secret).toString('base64'),
    };
    for (const [name, form] of Object.entries(forms)) expect(redactor.text(`echo ${form} end`), name).toBe('echo [redacted] end');
  });

  it('replaces a secret that contains another secret whole, not the shorter one inside it', () => {
    const redactor = createRedactor();
    // Registered shorter first: the order of registration must not decide what is masked.
    redactor.add('pass1234');
    redactor.add('my-pass1234-and-more');
    expect(redactor.text('got my-pass1234-and-more and pass1234')).toBe('got [redacted] and [redacted]');
  });

  it('removes a secret percent-encoded after JSON escaping (a JSON document sent in a query string)', () => {
    const secret = 'pa"ss\\word-9';
    const redactor = createRedactor();
    redactor.add(secret);
    const form = encodeURIComponent(JSON.stringify(secret).slice(1, -1));
    expect(form).not.toBe(encodeURIComponent(secret));
    expect(redactor.text(`?q=${form}&x=1`)).toBe('?q=[redacted]&x=1');
  });

  it('is per client: one client\'s secret does not mask another client\'s text', () => {
    const a = createRedactor();
    const b = createRedactor();
    a.add('alpha-secret-1');
    expect(a.text('x alpha-secret-1')).toBe('x [redacted]');
    expect(b.text('x alpha-secret-1')).toBe('x alpha-secret-1');
  });

  it('masks authorization header values and secret-named query parameters it was never told about', () => {
    expect(redactText('Authorization: Bearer abcdef0123456789')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('OAuth oauth_consumer_key="k", oauth_signature="sig%3D"')).toBe('OAuth [redacted]');
    expect(redactText('https://x.test/a?access_token=abc&page=2&password=hunter22')).toBe('https://x.test/a?access_token=[redacted]&page=2&password=[redacted]');
    expect(redactText('Use Basic auth here')).toBe('Use Basic auth here');
  });

  it('masks Bearer and Basic values from 8 characters on, and leaves shorter words alone', () => {
    expect(redactText('Authorization: Bearer abcd1234')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('Bearer abcdefghijklmno was sent')).toBe('Bearer [redacted] was sent');
    expect(redactText('Basic YWRtaW46cHc=')).toBe('Basic [redacted]');
    expect(redactText('a Bearer token')).toBe('a Bearer token');
  });

  it('masks headers by name (authorization, cookie, set-cookie, x-api-key), whatever their value, and keeps the others', () => {
    const redactor = createRedactor();
    const headers = new Headers({ authorization: 'x', cookie: 'PHPSESSID=ab', 'set-cookie': 'admin=cd; path=/', 'X-Api-Key': 'k1', accept: 'application/json', 'x-request-id': 'r-1' });
    expect(redactor.headers(headers)).toEqual({ accept: 'application/json', authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]', 'x-api-key': '[redacted]', 'x-request-id': 'r-1' });
  });

  it('masks user:password in URLs, with or without a scheme', () => {
    expect(redactText('at admin:hunter22@shop.test/x')).toBe('at [redacted]@shop.test/x');
    expect(redactText('https://admin:hunter22@shop.test')).toBe('https://[redacted]@shop.test');
    expect(redactText('mail me at someone@example.com')).toBe('mail me at someone@example.com');
  });

  it('masks secret-named keys in nested bodies', () => {
    expect(redactValue({ user: { username: 'u', password: 'p' }, items: [{ ust: 't' }], n: 1 })).toEqual({
      user: { username: 'u', password: '[redacted]' },
      items: [{ ust: '[redacted]' }],
      n: 1,
    });
  });

  it('no registered secret survives in any property of an error: message, stack, JSON, template, parameters, errors[], body, cause', () => {
    const errorCarrying = (secret: string) =>
      new HttpError(`refused ${secret}`, {
        service: 'commerce',
        status: 401,
        url: `https://x.test/?q=${encodeURIComponent(secret)}`,
        template: `refused %1 ${secret}`,
        parameters: [secret, { nested: secret }],
        errors: [{ message: `m ${secret}`, parameters: { value: secret } }],
        body: { message: JSON.stringify({ echoed: secret }) },
        cause: new Error(`inner ${secret}`),
      });
    const outputsOf = (error: HttpError) => [error.message, String(error.stack), JSON.stringify(error), String(error.url), String(error.template), JSON.stringify(error.parameters), JSON.stringify(error.errors), JSON.stringify(error.body), String((error.cause as Error).message), String((error.cause as Error).stack)];
    // What an error says on its own (its field names, its stack frames: "commerce", "property"...) is
    // not a leak: a secret that already occurs there with no secret in the error is not a fair case.
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 40 }).filter((s) => s.trim().length >= 8 && !s.includes('[redacted]')), (secret) => {
        // Made here, so its stack has the same frames as the error under test.
        const background = outputsOf(errorCarrying('\u0000')).join('\n');
        fc.pre(!background.includes(secret) && !background.includes(JSON.stringify(secret).slice(1, -1)));
        const redactor = createRedactor();
        redactor.add(secret);
        const outputs = outputsOf(redactor.error(errorCarrying(secret)));
        for (const text of outputs) expect(text).not.toContain(secret);
        expect(outputs.join('\n')).not.toContain(JSON.stringify(secret).slice(1, -1));
      }),
      { numRuns: 300 },
    );
  });

  it('errors keep their kind and fields in JSON', () => {
    const error = new MagekitError('x', { service: 'marketplace', status: 400, method: 'GET', url: 'https://x.test/a' });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'MagekitError', service: 'marketplace', status: 400, method: 'GET' });
  });
});
