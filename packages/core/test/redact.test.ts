import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, MagekitError, createRedactor, redactText, redactValue, redactingSink } from '../src/index.ts';

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

  it('masks every conventional secret name, with or without its underscores, any case, in bodies and query strings', () => {
    const names = [
      'password', 'passwd', 'pass', 'secret', 'token', 'ust', 'otp', 'authorization', 'bearer', 'oauth_signature', 'oauth_token', 'PASSWORD', 'Api_Key',
      'access_token', 'accesstoken', 'refresh_token', 'refreshtoken', 'api_key', 'apikey', 'consumer_secret', 'consumersecret',
      'access_token_secret', 'accesstoken_secret', 'access_tokensecret', 'accesstokensecret', 'token_secret', 'tokensecret',
      'app_secret', 'appsecret', 'client_secret', 'clientsecret',
    ];
    for (const name of names) {
      expect(redactValue({ [name]: 'v4lue', id: 1 }), name).toEqual({ [name]: '[redacted]', id: 1 });
      expect(redactText(`https://x.test/a?${name}=v4lue&page=2`), name).toBe(`https://x.test/a?${name}=[redacted]&page=2`);
    }
    // A percent-encoded name is still the name.
    expect(redactText('https://x.test/a?pass%77ord=v4lue')).toBe('https://x.test/a?pass%77ord=[redacted]');
  });

  it('keeps names that merely start or end like a secret one (token_type, bypass...), and broken percent-encoding', () => {
    const body = { token_type: 'Bearer', expires_in: 3600, bypass: 'cache', adjust: 'up', passenger: 'p1', tokens_used: 3, secretary: 'ann' };
    expect(redactValue(body)).toEqual(body);
    const url = 'https://x.test/a?token_type=bearer&bypass=1&%E0%A4%A=2';
    expect(redactText(url)).toBe(url);
  });

  it('masks Authorization values however the spaces and commas fall', () => {
    expect(redactText('Authorization: Bearer  abcdefgh1234')).toBe('Authorization: Bearer [redacted]');
    expect(redactText('Basic\tYWRtaW46cHc=')).toBe('Basic [redacted]');
    expect(redactText('OAuth oauth_token="t1",oauth_signature="s1g" end')).toBe('OAuth [redacted] end');
    expect(redactText('OAuth  oauth_token="t1",  oauth_signature="s1g"')).toBe('OAuth [redacted]');
  });

  it('masks user:password@ at the very start of a text, and leaves an @ that opens no host', () => {
    expect(redactText('admin:hunter22@shop.test is down')).toBe('[redacted]@shop.test is down');
    expect(redactText('ratio 3:2@ noon, "a:b@"')).toBe('ratio 3:2@ noon, "a:b@"');
  });

  it('keeps a secret-named field that holds nothing as nothing, so a reader sees none was sent', () => {
    expect(redactValue({ password: null, token: undefined, secret: '' })).toStrictEqual({ password: null, token: undefined, secret: '[redacted]' });
  });

  it('copies plain data only: empty values pass, and dates, maps, class instances and functions are kept as they are', () => {
    expect(redactValue(null)).toBe(null);
    expect(redactValue(undefined)).toBe(undefined);
    expect(redactValue([null, 0, false, '', 7, { a: null }])).toEqual([null, 0, false, '', 7, { a: null }]);
    class Money {
      constructor(readonly token: string) {}
    }
    const kept = [new Date(0), new Map([['password', 'x']]), new Money('t0ken'), () => 1, Object.setPrototypeOf(function reparented() {}, Object.prototype)];
    for (const item of kept) expect(redactValue({ item }).item).toBe(item);
  });

  it('masks secret names down to 32 levels of nesting, and ends on a cyclic value', () => {
    let nested: unknown = { password: 'p4ss' };
    for (let level = 0; level < 32; level += 1) nested = { level: nested };
    expect(JSON.stringify(redactValue(nested))).toBe(`${'{"level":'.repeat(32)}{"password":"[redacted]"}${'}'.repeat(32)}`);
    const cyclic: Record<string, unknown> = { password: 'p4ss' };
    cyclic['self'] = cyclic;
    expect((redactValue(cyclic) as { password: string }).password).toBe('[redacted]');
  });

  it('masks headers by exact name only: a header that contains a secret name is kept', () => {
    const headers = new Headers({ 'x-vary-cookie': 'lang', 'x-api-key-id': 'k-42', 'authorization-hint': 'see docs' });
    expect(createRedactor().headers(headers)).toEqual({ 'x-vary-cookie': 'lang', 'x-api-key-id': 'k-42', 'authorization-hint': 'see docs' });
  });

  it('registers secrets from 4 characters on, ignores shorter ones and values that are not strings', () => {
    const redactor = createRedactor();
    for (const nothing of [undefined, null, '', 'abc']) redactor.add(nothing);
    expect(redactor.text('abc abcd')).toBe('abc abcd');
    redactor.add('abcd');
    redactor.add('abcd');
    expect(redactor.text('abc abcd')).toBe('abc [redacted]');
  });

  it('removes the HTML-escaped form of a secret with quotes and angle brackets, as PHP\'s htmlspecialchars writes it', () => {
    const redactor = createRedactor();
    redactor.add(`it's<b>"x"</b>`);
    expect(redactor.text('page: it&#039;s&lt;b&gt;&quot;x&quot;&lt;/b&gt; end')).toBe('page: [redacted] end');
  });

  it('passes every write of a sink through the redaction', () => {
    const written: string[] = [];
    const redactor = createRedactor();
    redactor.add('hunter22-pw');
    const sink = redactingSink({ write: (text) => written.push(text) }, redactor.text);
    sink.write('login with hunter22-pw\n');
    expect(written).toEqual(['login with [redacted]\n']);
  });

  it('error() returns a thrown value that is not an object as it is, and leaves a thrown function alone', () => {
    const redactor = createRedactor();
    redactor.add('hunter22-pw');
    for (const thrown of [undefined, null, 'hunter22-pw', 42]) expect(redactor.error(thrown)).toBe(thrown);
    const Thrown = function Thrown() {};
    const prototype: unknown = Thrown.prototype;
    expect(redactor.error(Thrown)).toBe(Thrown);
    expect(Thrown.prototype).toBe(prototype);
  });

  it('error() redacts a cause that is not an error (text or data) into an own cause shaped as the constructor makes it', () => {
    const redactor = createRedactor();
    redactor.add('hunter22-pw');
    const withText = redactor.error(new Error('outer', { cause: 'inner hunter22-pw' }));
    expect(Object.getOwnPropertyDescriptor(withText, 'cause')).toEqual({ value: 'inner [redacted]', writable: true, enumerable: false, configurable: true });
    const withData = redactor.error(new Error('outer', { cause: { password: 'x', note: 'was hunter22-pw' } }));
    expect(withData.cause).toEqual({ password: '[redacted]', note: 'was [redacted]' });
    class Inherited extends Error {}
    Object.defineProperty(Inherited.prototype, 'cause', { value: 'from hunter22-pw', configurable: true });
    expect(redactor.error(new Inherited('x')).cause).toBe('from [redacted]');
    const without = redactor.error(new Error('no cause'));
    expect(Object.hasOwn(without, 'cause')).toBe(false);
  });

  it('error() scrubs a cause behind a getter and leaves other getters unrun', () => {
    const redactor = createRedactor();
    redactor.add('hunter22-pw');
    const inner = new Error('inner hunter22-pw');
    const error = new Error('outer');
    Object.defineProperty(error, 'cause', { get: () => inner, configurable: true });
    Object.defineProperty(error, 'lazy', { get: () => { throw new Error('a getter was run'); }, enumerable: true, configurable: true });
    expect(redactor.error(error)).toBe(error);
    expect(inner.message).toBe('inner [redacted]');
  });

  it('error() ends on a cause chain that loops, and scrubs a chain of 17 errors whole (then stops: bounded work)', () => {
    const redactor = createRedactor();
    redactor.add('hunter22-pw');
    const a = new Error('a hunter22-pw');
    const b = new Error('b hunter22-pw', { cause: a });
    a.cause = b;
    redactor.error(a);
    expect([a.message, b.message]).toEqual(['a [redacted]', 'b [redacted]']);
    const chain = (length: number) => {
      let error = new Error('0 hunter22-pw');
      const all = [error];
      for (let i = 1; i < length; i += 1) all.unshift((error = new Error(`${i} hunter22-pw`, { cause: error })));
      return all;
    };
    const seventeen = chain(17);
    redactor.error(seventeen[0]);
    expect(seventeen.filter((e) => e.message.includes('hunter22-pw'))).toEqual([]);
    const eighteen = chain(18);
    redactor.error(eighteen[0]);
    expect(eighteen.filter((e) => e.message.includes('hunter22-pw')).map((e) => e.message)).toEqual(['0 hunter22-pw']);
  });
});
