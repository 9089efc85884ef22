/**
 * Credentials stay home: a token request is never re-sent to another origin by a redirect, plain
 * http to a remote host is refused unless allowed, a caller's signal ends the wait for a sign-in,
 * and secrets a server echoes back are removed from every property of an error, in every form.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '@magekit/test-support/fault-server';
import { adminToken } from '../../src/auth/index.ts';
import { createCommerceClient, isCommerceError } from '../../src/index.ts';
import { server as msw } from '@magekit/test-support/msw';

const TOKEN_PATH = '/rest/V1/integration/admin/token';
const PASSWORD = 'Pa"ss\\w0rd/+ %&é';

let server: FaultServer;
let elsewhere: FaultServer;

beforeAll(async () => {
  msw.close();
  server = await startFaultServer((request) => (request.path === TOKEN_PATH ? { body: 'tok-issued-abcdef0123456789' } : { body: { sku: 'MB01' } }));
  elsewhere = await startFaultServer();
});

afterAll(async () => {
  await server.close();
  await elsewhere.close();
  msw.listen({ onUnhandledFrame: 'error' });
});

function texts(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 4) return [String(error)];
  const own = [error.message, error.stack ?? '', JSON.stringify(error), String(error)];
  for (const key of ['template', 'parameters', 'errors', 'body', 'url', 'hint', 'location', 'raw']) own.push(JSON.stringify((error as unknown as Record<string, unknown>)[key] ?? null));
  return [...own, ...(error.cause === undefined ? [] : texts(error.cause, depth + 1))];
}

function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), new URLSearchParams({ p: secret }).toString().slice(2)];
}

describe.each([301, 302, 307, 308] as const)('a %i redirect of the token request to another origin', (status) => {
  it('is not followed: the password never reaches the other origin, and the error names where it pointed', async () => {
    server.reset();
    elsewhere.reset();
    server.plan(TOKEN_PATH, { redirect: status, to: `${elsewhere.url}/steal` });
    const client = createCommerceClient({ baseUrl: server.url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    const error = await client.products.get({ sku: 'MB01' }).catch((e: unknown) => e);
    expect(elsewhere.requests).toHaveLength(0);
    expect(server.count(TOKEN_PATH)).toBe(1);
    expect(isCommerceError(error)).toBe(true);
    expect((error as Error).name).toBe('RedirectError');
    expect((error as { location: string }).location).toBe(`${elsewhere.url}/steal`);
    expect((error as Error).message).toContain(`${elsewhere.url}/steal`);
    for (const form of forms(PASSWORD)) expect(texts(error).join('\n')).not.toContain(form);
  });
});

describe('plain http', () => {
  it('to a remote host is refused by default, naming allowInsecure; loopback and allowInsecure are accepted', () => {
    let error: unknown;
    try {
      createCommerceClient({ baseUrl: 'http://shop.example.com', auth: adminToken({ username: 'admin', password: PASSWORD }) });
    } catch (e) {
      error = e;
    }
    expect((error as { kind: string }).kind).toBe('configuration');
    expect((error as Error).message).toMatch(/plain http:\/\/ for shop\.example\.com.*allowInsecure: true/);
    expect(() => createCommerceClient({ baseUrl: 'http://shop.example.com', allowInsecure: true })).not.toThrow();
    expect(() => createCommerceClient({ baseUrl: server.url })).not.toThrow();
  });

  it('a base URL with user:password and no scheme is not echoed', () => {
    let error: unknown;
    try {
      createCommerceClient({ baseUrl: 'admin:hunter2-secret@shop.example.com' });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toMatch(/has no scheme/);
    expect(texts(error).join('\n')).not.toContain('hunter2-secret');
  });
});

describe('sign-in', () => {
  it("a caller's AbortSignal ends the wait for a stalled sign-in", async () => {
    server.reset();
    server.plan(TOKEN_PATH, 'stall-mid-body');
    const client = createCommerceClient({ baseUrl: server.url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    const error = await client.products.get({ sku: 'MB01' }, { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('abort');
    expect(server.count('/rest/V1/products/MB01')).toBe(0);
  });

  it('the per-call timeout bounds the wait for a sign-in too', async () => {
    server.reset();
    server.plan(TOKEN_PATH, 'stall-mid-body');
    const client = createCommerceClient({ baseUrl: server.url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    const error = await client.products.get({ sku: 'MB01' }, { timeout: 100, retry: false }).catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('timeout');
  });
});

describe('a server that echoes the password in every field of its error', () => {
  it('leaves no form of it (raw, JSON-escaped, percent- or form-encoded) in any property of the error or its causes', async () => {
    server.reset();
    const echoes = forms(PASSWORD);
    server.plan(TOKEN_PATH, {
      status: 400,
      body: {
        message: `Bad credentials %1 %name ${echoes[2]}`,
        parameters: { name: PASSWORD, 1: echoes[1] },
        errors: [{ message: `again %1`, parameters: [PASSWORD, echoes[3]] }],
        trace: `password=${echoes[1]} body={"password":"${echoes[2]}"}`,
      },
    });
    const client = createCommerceClient({ baseUrl: server.url, auth: adminToken({ username: 'admin', password: PASSWORD }) });
    const error = await client.products.get({ sku: 'MB01' }).catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('auth');
    expect(texts(error).join('\n')).toMatch(/Bad credentials/);
    // What console.error(err) prints: every own property, the cause chain, nested values.
    const printed = inspect(error, { depth: 10 });
    for (const form of echoes) expect([...texts(error), printed].join('\n')).not.toContain(form);
  });

  it("is per client: another client's errors are not masked with this client's password", async () => {
    server.reset();
    createCommerceClient({ baseUrl: server.url, auth: adminToken({ username: 'admin', password: 'common-word-secret' }) });
    server.plan('/rest/V1/products/MB01', { status: 400, body: { message: 'common-word-secret is not a product' } });
    const other = createCommerceClient({ baseUrl: server.url });
    const error = await other.products.get({ sku: 'MB01' }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('common-word-secret is not a product');
  });
});
