// No credential (appSecret, session token, callback password) may appear in any error message,
// stack, JSON form or hook payload. Each scenario makes the server echo the secret back.
import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { createMarketplaceClient, isMarketplaceError } from '../src/index.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://commercedeveloper-sandbox-api.adobe.com/rest/v1';
const APP_SECRET = 'app-secret-Zq81xT';
const UST = 'ust-token-Pq92mN77';
const CALLBACK_PASSWORD = 'callback-pw-Vb73kL';
const secrets = [APP_SECRET, UST, CALLBACK_PASSWORD, btoa(`app-id:${APP_SECRET}`)];

function everythingSaid(error: unknown, hookOutput: unknown[]): string {
  const e = error as Error & { toJSON?: () => unknown; body?: unknown; raw?: unknown };
  return [e.message, e.stack, JSON.stringify(e), JSON.stringify(e.toJSON?.()), JSON.stringify(e.body), String(e.raw ?? ''), String(e.cause ?? ''), JSON.stringify(hookOutput)].join('\n');
}

function leaked(text: string): string[] {
  return secrets.filter((s) => text.includes(s));
}

it('never leaks the app secret, the session token or a callback password', async () => {
  const hookOutput: unknown[] = [];
  server.use(
    http.post(`${BASE}/app/session/token`, () => HttpResponse.json({ mage_id: 'MAG1', ust: UST, expires_in: 3600 })),
    // The profile update fails and echoes the whole request, password and token included.
    http.put(`${BASE}/users/MAG1`, async ({ request }) =>
      HttpResponse.json({ code: 400, message: `Bad profile ${await request.text()} with ${request.headers.get('authorization')}` }, { status: 400 }),
    ),
    // A proxy error page that shows the Authorization header and the secret.
    http.get(`${BASE}/products/packages`, ({ request }) => new HttpResponse(`<html>${request.headers.get('authorization')} ${APP_SECRET}</html>`, { status: 200, headers: { 'content-type': 'text/html' } })),
    http.get(`${BASE}/files/uploads`, () => HttpResponse.json({ code: 500, message: `internal: token=${UST}` }, { status: 500 })),
  );
  const market = createMarketplaceClient({
    environment: 'sandbox',
    appId: 'app-id',
    appSecret: APP_SECRET,
    retry: 0,
    hooks: { onRequest: (e) => hookOutput.push(e), onResponse: (e) => hookOutput.push(e), onRetry: (e) => hookOutput.push(e) },
  });

  const errors = await Promise.all([
    market.users.update({ api_callbacks: [{ url: 'https://hooks.example.com', username: 'u', password: CALLBACK_PASSWORD }] }).catch((e: unknown) => e),
    market.packages.list().catch((e: unknown) => e),
    market.files.list().catch((e: unknown) => e),
  ]);
  for (const error of errors) {
    expect(isMarketplaceError(error)).toBe(true);
    expect(leaked(everythingSaid(error, hookOutput))).toEqual([]);
  }
  // The test can fail: the raw material really did contain the secrets.
  expect((errors[0] as Error).message).toContain('[redacted]');
  expect(hookOutput.length).toBeGreaterThan(0);
});

it('a refused token request shows neither the secret nor the Basic credentials', async () => {
  const hookOutput: unknown[] = [];
  server.use(
    http.post(`${BASE}/app/session/token`, ({ request }) =>
      HttpResponse.json({ code: 401, message: `Invalid key ${request.headers.get('authorization')} (${APP_SECRET})` }, { status: 401 }),
    ),
  );
  const market = createMarketplaceClient({ environment: 'sandbox', appId: 'app-id', appSecret: APP_SECRET, hooks: { onRequest: (e) => hookOutput.push(e) } });
  const error = await market.users.get().catch((e: unknown) => e);
  expect(isMarketplaceError(error) && error.kind).toBe('auth');
  expect(leaked(everythingSaid(error, hookOutput))).toEqual([]);
});
