/**
 * `magekit-marketplace status` against servers that echo the app secret, its Basic value and the
 * session token in every form: in a successful answer, a JSON 400 and an HTML 500. Neither the text
 * nor the --json output may print one.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.ts';
import { echoOf, findLeaks } from '@magekit/test-support/leaks';
import { server } from '@magekit/test-support/msw';
import { runCli } from '@magekit/test-support/cli';

const BASE = 'https://commercedeveloper-sandbox-api.adobe.com/rest/v1';
const APP_ID = 'cli-echo-app';
const APP_SECRET = 'appSecret/Zq+8 x"w=7&k';
const UST = 'ust/Tk+9 q"z=1&m';
const SECRETS = { appSecret: APP_SECRET, basic: btoa(`${APP_ID}:${APP_SECRET}`), ust: UST };

async function cli(argv: string[]) {
  const { code, stdout, stderr } = await runCli(run, argv, { env: { MAGEKIT_EQP_APP_ID: APP_ID, MAGEKIT_EQP_APP_SECRET: APP_SECRET } });
  return { code, surfaces: { stdout, stderr } };
}

function echoing(answer: (said: string) => Response) {
  server.use(
    http.post(`${BASE}/app/session/token`, () => HttpResponse.json({ mage_id: 'MAG1', ust: UST, expires_in: 3600 })),
    http.all(`${BASE}/*`, ({ request }) => answer(`${echoOf(SECRETS)} | ${request.headers.get('authorization') ?? ''}`)),
  );
}

describe('the marketplace CLI prints no secret a server echoes', () => {
  for (const [name, answer] of [
    ['a successful status', (said: string) => HttpResponse.json({ submission_id: 'sub1', sku: said, version: said, eqp_status: { overall: said, technical: 'passed', marketing: 'passed' } })],
    ['a JSON 400', (said: string) => HttpResponse.json({ code: 400, message: `Refused ${said}` }, { status: 400 })],
    ['an HTML 500', (said: string) => new HttpResponse(`<html><pre>${said}</pre></html>`, { status: 500, headers: { 'content-type': 'text/html' } })],
  ] as const) {
    it(`${name} (text and --json)`, async () => {
      for (const format of [[], ['--json']]) {
        echoing(answer);
        const { surfaces } = await cli(['status', 'sub1', ...format]);
        expect(Object.values(surfaces).join('\n')).toContain('[redacted]');
        expect(findLeaks(surfaces, SECRETS)).toEqual([]);
      }
    });
  }
});
