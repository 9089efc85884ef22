/**
 * A small stand-in for the fake platform, enough to test authentication end to end: token routes
 * go to FakeAuth.handleTokenRoute, every other request through FakeAuth.authenticate, and the
 * data routes answer with what they saw (the decoded SKU, the query, who the caller was).
 */
import { delay, http, HttpResponse } from 'msw';
import type { AuthRuntime } from '../src/auth/index.ts';
import { commerceHttpError } from '../src/platform/errors.ts';
import type { FakeAuth, Principal, TokenRoute } from '../src/testing/auth.ts';
import { server } from '@magekit/test-support/msw';

export const BASE = 'https://shop.test';

const TOKEN_ROUTES: Record<string, TokenRoute> = {
  '/V1/integration/admin/token': 'admin',
  '/V1/integration/customer/token': 'customer',
  '/V1/tfa/provider/google/authenticate': 'tfa',
  '/V1/integration/customer/revoke-customer-token': 'revoke',
};

export interface HarnessOptions {
  /** Delay before answering token routes (to hold a renewal open while other calls queue). */
  tokenDelayMs?: number;
  /** Answer this many authenticated data requests with 503 after checking their credentials. */
  failFirst?: number;
}

export interface Harness {
  /** Data requests answered 401, and all data requests seen. */
  readonly unauthorized: number;
  readonly dataRequests: number;
  /** Tokens the token routes issued. */
  readonly issued: string[];
  /** Raw request bodies sent to token routes (to prove secrets really flowed). */
  readonly tokenBodies: string[];
  readonly authorizations: string[];
}

export function installFakePlatform(fake: FakeAuth, options: HarnessOptions = {}): Harness {
  const state = { unauthorized: 0, dataRequests: 0, issued: [] as string[], tokenBodies: [] as string[], authorizations: [] as string[] };
  let failuresLeft = options.failFirst ?? 0;
  server.use(
    http.all(`${BASE}/rest/*`, async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname.slice(url.pathname.indexOf('/V1/'));
      const tokenRoute = TOKEN_ROUTES[path];
      if (tokenRoute && tokenRoute !== 'revoke') {
        const text = await request.text();
        state.tokenBodies.push(text);
        if (options.tokenDelayMs) await delay(options.tokenDelayMs);
        const response = await fake.handleTokenRoute(tokenRoute, request, JSON.parse(text || '{}'), { type: 'guest' });
        if (response.ok) state.issued.push((await response.clone().json()) as string);
        return response;
      }
      state.dataRequests += 1;
      state.authorizations.push(request.headers.get('authorization') ?? '');
      const principal = await fake.authenticate(request);
      if (principal instanceof Response) {
        if (principal.status === 401) state.unauthorized += 1;
        return principal;
      }
      if (tokenRoute === 'revoke') return fake.handleTokenRoute('revoke', request, await request.json().catch(() => ({})), principal);
      if (principal.type === 'guest') {
        state.unauthorized += 1;
        return HttpResponse.json({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'Magento_Catalog::products' } }, { status: 401 });
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return HttpResponse.json({ message: 'Service temporarily unavailable' }, { status: 503 });
      }
      return HttpResponse.json(describeCall(path, url, principal));
    }),
  );
  return state;
}

function describeCall(path: string, url: URL, principal: Principal) {
  const sku = /^\/V1\/products\/([^/]+)$/.exec(path)?.[1];
  return { sku: sku === undefined ? undefined : decodeURIComponent(sku), query: [...url.searchParams], principal: principal.type, items: [], total_count: 0 };
}

/**
 * An AuthRuntime that can also send with an explicit Authorization header (for revocation), the
 * way a client runtime that provides callAuthorized would.
 */
export function directRuntime(now: () => number = () => Date.now()): AuthRuntime {
  async function call<T>(method: 'POST' | 'GET', path: string, body: unknown, authorization?: string): Promise<T> {
    const url = `${BASE}/rest${path}`;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (authorization) headers['authorization'] = authorization;
    const response = await fetch(url, { method, headers, ...(method === 'GET' ? {} : { body: JSON.stringify(body) }) });
    const data: unknown = await response.json();
    if (!response.ok) throw commerceHttpError(response.status, data, { service: 'commerce', method, url });
    return data as T;
  }
  return {
    callAnonymous: (method, path, body) => call(method, path, body),
    callAuthorized: (method, path, body, authorization) => call(method, path, body, authorization),
    now,
  };
}
