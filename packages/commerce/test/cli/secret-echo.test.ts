/**
 * `magekit-commerce` with integration (OAuth 1.0a) credentials against servers that echo the four
 * OAuth values in every form: in a bulk's operation messages (a successful report), in a JSON 401,
 * in an HTML 500, to `types pull`, and in the records `changes` writes. Neither the text nor the --json output may print one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.ts';
import { createCommerceClient, none } from '../../src/index.ts';
import { createFakeCommerce } from '../../src/testing/index.ts';
import { commerceHandlers } from '../../src/testing/msw-handlers.ts';
import { echoOf, findLeaks } from '@magekit/test-support/leaks';
import { server } from '@magekit/test-support/msw';
import { runCli } from '@magekit/test-support/cli';

const BASE = 'https://shop.cli-echo.test';
const odd = (name: string) => `${name}/Zq+8 x"w=7&k`;
const SECRETS = { consumerKey: odd('ckey'), consumerSecret: odd('csecret'), accessToken: odd('atoken'), accessTokenSecret: odd('asecret') };
const ENV = {
  MAGEKIT_BASE_URL: BASE,
  MAGEKIT_CONSUMER_KEY: SECRETS.consumerKey,
  MAGEKIT_CONSUMER_SECRET: SECRETS.consumerSecret,
  MAGEKIT_ACCESS_TOKEN: SECRETS.accessToken,
  MAGEKIT_ACCESS_TOKEN_SECRET: SECRETS.accessTokenSecret,
};
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

async function cli(argv: string[]) {
  const { code, stdout, stderr } = await runCli(run, argv, { env: ENV });
  return { code, surfaces: { stdout, stderr } };
}

/** Every request is answered by `answer`, which sees what was sent. */
function echoing(answer: (said: string) => Response) {
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => answer(`${echoOf(SECRETS)} | ${request.headers.get('authorization') ?? ''} | ${request.url}`)),
  );
}

describe('the commerce CLI prints no OAuth value a server echoes', () => {
  it('in a report whose operation messages echo them (text and --json)', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 5 }, consumer: { failures: { bySku: { 'SKU-0002': { status: 3, message: `Refused for ${echoOf(SECRETS)}` } } } } });
    server.use(...commerceHandlers(fake, { baseUrl: BASE }));
    fake.consumer.stop();
    const rows = ['SKU-0001', 'SKU-0002'].map((sku) => ({ sku, product: { sku, price: 10 } }));
    const job = await createCommerceClient({ baseUrl: BASE, auth: none() }).bulk.products.update(rows);
    await fake.consumer.drain();
    for (const format of [[], ['--json']]) {
      const { code, surfaces } = await cli(['bulk', 'status', job.bulkUuids[0]!, ...format]);
      expect(code).toBe(2);
      expect(surfaces.stdout).toContain('[redacted]'); // the echo reached the output
      expect(findLeaks(surfaces, SECRETS)).toEqual([]);
    }
  });

  for (const [name, answer] of [
    ['a JSON 401', (said: string) => HttpResponse.json({ message: 'Refused %1', parameters: [said] }, { status: 401 })],
    ['an HTML 500', (said: string) => new HttpResponse(`<html><pre>${said}</pre></html>`, { status: 500, headers: { 'content-type': 'text/html' } })],
  ] as const) {
    it(`in the error output for ${name} (text and --json)`, async () => {
      for (const format of [[], ['--json']]) {
        echoing(answer);
        const { code, surfaces } = await cli(['bulk', 'status', UUID, ...format]);
        expect(code).not.toBe(0);
        expect(Object.values(surfaces).join('\n')).toContain('[redacted]');
        expect(findLeaks(surfaces, SECRETS)).toEqual([]);
      }
    });
  }

  it('in the NDJSON and the errors of changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'magekit-echo-'));
    try {
      // Orders whose fields echo the credentials (a note holding what the request carried).
      echoing((said) => HttpResponse.json({ items: [{ entity_id: 1, updated_at: '2024-05-01 10:00:00', customer_note: said }], total_count: 1 }));
      const out = await cli(['changes', '/V1/orders', '--checkpoint-file', join(dir, 'cp')]);
      expect(out.code).toBe(0);
      expect(out.surfaces.stdout).toContain('[redacted]');
      expect(findLeaks(out.surfaces, SECRETS)).toEqual([]);
      echoing((said) => HttpResponse.json({ message: `Refused ${said}` }, { status: 400 }));
      const failed = await cli(['changes', '/V1/orders', '--checkpoint-file', join(dir, 'other')]);
      expect(failed.code).toBe(1);
      expect(findLeaks(failed.surfaces, SECRETS)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('in the output of types pull', async () => {
    echoing((said) => HttpResponse.json({ message: `Refused ${said}` }, { status: 400 }));
    const { code, surfaces } = await cli(['types', 'pull', '--base-url', BASE]);
    expect(code).not.toBe(0);
    expect(findLeaks(surfaces, SECRETS)).toEqual([]);
  });
});

describe('the commerce CLI prints no admin password a server echoes, whatever its characters', () => {
  // A quote and a backslash (JSON escapes both), a slash and a non-ASCII letter (PHP's json_encode
  // escapes those too), an ampersand and a plus (HTML and form encodings).
  const PASSWORD = 'pa"ss\\wörd/7&q+x';
  const ADMIN = { MAGEKIT_BASE_URL: BASE, MAGEKIT_ADMIN_USERNAME: 'admin', MAGEKIT_ADMIN_PASSWORD: PASSWORD };

  for (const [name, answer] of [
    ['a JSON 401 naming it as a parameter', (said: string) => HttpResponse.json({ message: 'The password %1 is wrong (%2).', parameters: [PASSWORD, said] }, { status: 401 })],
    ['a JSON 400 quoting the request as JSON', (said: string) => HttpResponse.json({ message: `Decoding error: ${JSON.stringify({ password: PASSWORD })} | ${said}` }, { status: 400 })],
    ['an HTML 500 quoting it escaped', (said: string) => new HttpResponse(`<html><pre>${said}</pre></html>`, { status: 500, headers: { 'content-type': 'text/html' } })],
    ['a 200 that is not JSON', (said: string) => new HttpResponse(`login ${said}`, { status: 200, headers: { 'content-type': 'text/plain' } })],
  ] as const) {
    it(`in the error output for ${name} (text and --json)`, async () => {
      server.use(http.all(`${BASE}/*`, () => answer(echoOf({ password: PASSWORD }))));
      for (const format of [[], ['--json']]) {
        const { code, stdout, stderr } = await runCli(run, ['bulk', 'status', UUID, ...format], { env: ADMIN });
        expect(code).not.toBe(0);
        expect(findLeaks({ stdout, stderr }, { password: PASSWORD })).toEqual([]);
      }
    });
  }
});
