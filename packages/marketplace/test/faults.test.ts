/**
 * The marketplace client under faults, against a real loopback server: a submission
 * (`packages.update` with `action: submit`) is sent once whatever happens; reads are retried; the
 * callback password in `PUT users` never follows a redirect to another origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type Fault, type FaultServer } from '@magekit/test-support/fault-server';
import { createMarketplaceClient, type MarketplaceClient } from '../src/index.ts';
import { server as msw } from '@magekit/test-support/msw';

const MAGE_ID = 'MAG123456';
const CALLBACK_PASSWORD = 'cb-Pa"ss\\word-777';
const APP_SECRET = 'app-secret-0123456789';

let server: FaultServer;
let elsewhere: FaultServer;

beforeAll(async () => {
  msw.close();
  server = await startFaultServer((request) => {
    if (request.path === '/rest/v1/app/session/token') return { body: { mage_id: MAGE_ID, ust: 'ust-0123456789abcdef', expires_in: 3600 } };
    if (request.path === '/rest/v1/products/packages') return { body: JSON.parse(request.body).map((item: { submission_id: string }) => ({ code: 200, message: 'ok', submission_id: item.submission_id })) };
    return { body: { mage_id: MAGE_ID, first_name: 'Ada' } };
  });
  elsewhere = await startFaultServer();
});

afterAll(async () => {
  await server.close();
  await elsewhere.close();
  msw.listen({ onUnhandledFrame: 'error' });
});

function client(): MarketplaceClient {
  return createMarketplaceClient({ environment: 'sandbox', baseUrl: server.url, appId: 'app-id', appSecret: APP_SECRET, timeout: 300, retry: { limit: 2, backoffLimit: 5 } });
}

const submit = (market: MarketplaceClient) => market.packages.update([{ submission_id: 'S1', action: { technical: 'submit', marketing: 'submit' } } as never]);

const FAULTS: Record<string, Fault> = {
  '502': { status: 502 },
  '503': { status: 503 },
  '500': { status: 500 },
  'reset before response': 'reset',
  'reset mid-body': 'reset-mid-body',
  'stall mid-body': 'stall-mid-body',
};

describe.each(Object.entries(FAULTS))('%s', (name, fault) => {
  it('packages.update with action submit is sent once; users.get is retried', async () => {
    server.reset();
    server.plan('/rest/v1/products/packages', fault, { times: Infinity });
    const error = await submit(client()).catch((e: unknown) => e);
    expect(error, name).toBeInstanceOf(Error);
    expect(server.count('/rest/v1/products/packages'), name).toBe(1);

    server.reset();
    server.plan(`/rest/v1/users/${MAGE_ID}`, fault, { times: Infinity });
    await client().users.get().catch((e: unknown) => e);
    expect(server.count(`/rest/v1/users/${MAGE_ID}`, 'GET'), name).toBe(3);
  });
});

describe.each([301, 302, 307, 308] as const)('PUT users redirected (%i) to another origin', (status) => {
  it('is not followed: the callback password never reaches the other origin, nor any error', async () => {
    server.reset();
    elsewhere.reset();
    server.plan(`/rest/v1/users/${MAGE_ID}`, { redirect: status, to: `${elsewhere.url}/collect` });
    const error = await client()
      .users.update({ api_callbacks: [{ name: 'hook', url: 'https://hooks.example.com/eqp', username: 'eqp', password: CALLBACK_PASSWORD }] } as never)
      .catch((e: unknown) => e);
    expect(elsewhere.requests).toHaveLength(0);
    expect((error as Error).name).toBe('RedirectError');
    expect((error as Error).message).toContain(`${elsewhere.url}/collect`);
    const text = [(error as Error).message, (error as Error).stack, JSON.stringify(error)].join('\n');
    for (const form of [CALLBACK_PASSWORD, JSON.stringify(CALLBACK_PASSWORD).slice(1, -1), encodeURIComponent(CALLBACK_PASSWORD), APP_SECRET]) expect(text).not.toContain(form);
  });
});

describe('the session token request', () => {
  it('redirected to another origin is not followed: the app secret (Basic) stays home', async () => {
    server.reset();
    elsewhere.reset();
    server.plan('/rest/v1/app/session/token', { redirect: 307, to: `${elsewhere.url}/token` });
    const error = await client().users.get().catch((e: unknown) => e);
    expect(elsewhere.requests).toHaveLength(0);
    expect((error as Error).name).toBe('RedirectError');
  });
});
