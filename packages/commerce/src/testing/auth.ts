/**
 * The fake platform's authentication: admin and customer tokens with expiry, the sign-in throttle
 * (6 failures lock an account for 30 minutes), two-factor sign-in through the Google provider
 * route, customer token revocation, integration tokens as bearer (off by default, as since 2.4.4)
 * and OAuth 1.0a HMAC-SHA256 verification with its own independent verifier. (Owned by the auth
 * work; the fake core calls only what FakeAuth declares.)
 */
import { createOAuthVerifier, type OAuthConsumerRecord } from './oauth-verifier.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { FakeTwoFactorOptions } from './tfa.ts';

export type Principal =
  | { type: 'admin'; username: string }
  | { type: 'customer'; customerId: number; email: string }
  | { type: 'integration'; consumerKey: string }
  | { type: 'guest' };

interface FakeIntegration {
  id?: number;
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export interface FakeAuthOptions {
  admins?: { username: string; password: string }[];
  customers?: { id: number; email: string; password: string }[];
  integrations?: FakeIntegration[];
  /** Admin token lifetime. Default 4 h. */
  adminTokenTtlMs?: number;
  /** Customer token lifetime. Default 1 h. */
  customerTokenTtlMs?: number;
  /**
   * Two-factor authentication for admins (on by default on real installations since 2.4.0; off
   * here unless given): the admin token route refuses and the Google provider route wants `otp`,
   * a fixed code or a function of the username and the fake's clock.
   */
  twoFactor?: FakeTwoFactorOptions;
  /** Accept integration access tokens as bearer tokens (the 2.4.4+ default is no). */
  integrationAsBearer?: boolean;
  /** Failed sign-ins before a lock. Default 6. */
  maxFailures?: number;
  /** Lock duration. Default 30 minutes. */
  lockMs?: number;
  /** Accepted OAuth clock difference, either way, in ms (checked to the second, as oauth_timestamp is). Default 10 minutes. */
  oauthWindowMs?: number;
  /** @deprecated In seconds, unlike every other duration: use `oauthWindowMs`. Kept for one minor release. */
  oauthWindowSeconds?: number;
  /** The fake's clock (epoch ms). Default Date.now, read at each use so faked timers apply. */
  now?: () => number;
}

export type TokenRoute = 'admin' | 'customer' | 'tfa' | 'revoke';

export interface FakeAuth {
  /** Answers POST /V1/integration/{admin|customer}/token, the tfa provider route and revoke. */
  handleTokenRoute(route: TokenRoute, request: Request, body: unknown, principal: Principal): Promise<Response>;
  /** Who sent this request; a Response (401 with the platform's body) when the credentials are bad. */
  authenticate(request: Request): Promise<Principal | Response>;
  /** Token requests seen, per route (for tests of single flight). */
  readonly counts: Record<TokenRoute, number>;
  /** Makes every issued admin and customer token invalid now (a server-side revocation, for tests of 401 mid-flight). */
  invalidateTokens(): void;
  /** Failed sign-ins counted for an account (`admin:<username>` or `customer:<email>`). */
  failuresOf(account: string): number;
  /**
   * An admin sign-in through a two-factor provider route (see tfa.ts): required `fields`, the password
   * through the lockout throttle, then `verify` (null when the second factor is right, else the message).
   */
  signInWithSecondFactor(body: unknown, fields: string[], verify: (username: string, body: Record<string, unknown>) => string | null): Response;
  /** Accepts a new integration's credentials (what an activation's token exchange produces). */
  addIntegration(record: FakeIntegration): void;
}

export const SIGN_IN_REFUSED = 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';
export const TWO_FACTOR_REQUIRED = 'Please use the 2fa provider-specific endpoints to obtain a token.';
const NOT_AUTHORIZED = { message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } };

const json = (status: number, body: unknown) => Response.json(body, { status });

export function createFakeAuth(options: FakeAuthOptions = {}): FakeAuth {
  const now = options.now ?? (() => Date.now());
  const admins = options.admins ?? [{ username: 'admin', password: 'admin123!' }];
  const customers = options.customers ?? [{ id: 1, email: 'roni_cost@example.com', password: 'roni_cost3@example.com' }];
  const integrations: OAuthConsumerRecord[] = (options.integrations ?? []).map((record, index) => ({ id: record.id ?? index + 1, ...record }));
  const tokens = new Map<string, { principal: Principal; expiresAt: number }>();
  const counts: Record<TokenRoute, number> = { admin: 0, customer: 0, tfa: 0, revoke: 0 };
  const throttle = createSignInThrottle({ maxFailures: options.maxFailures ?? 6, lockMs: options.lockMs ?? 1800_000, now });
  const verifier = createOAuthVerifier({
    findConsumer: (key) => integrations.find((record) => record.consumerKey === key),
    now,
    windowSeconds: options.oauthWindowMs !== undefined ? Math.floor(options.oauthWindowMs / 1000) : (options.oauthWindowSeconds ?? 600),
  });

  function issue(principal: Principal, ttlMs: number): Response {
    const token = randomToken();
    tokens.set(token, { principal, expiresAt: now() + ttlMs });
    return json(200, token);
  }

  /** The platform checks required fields before anything else and reports them all at once. */
  function missingFields(body: Record<string, unknown>, names: string[]): Response | undefined {
    const missing = names.filter((name) => typeof body[name] !== 'string' || body[name] === '');
    if (!missing.length) return undefined;
    return json(400, {
      message: 'One or more input exceptions have occurred.',
      errors: missing.map((fieldName) => ({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName } })),
    });
  }

  /** Checks a password through the throttle: locked accounts are refused without looking. */
  function checkPassword(account: string, ok: boolean): Response | undefined {
    if (throttle.isLocked(account)) return json(401, { message: SIGN_IN_REFUSED });
    if (!ok) {
      throttle.recordFailure(account);
      return json(401, { message: SIGN_IN_REFUSED });
    }
    return undefined;
  }

  function adminSignIn(body: Record<string, unknown>, withOtp: boolean): Response {
    if (!withOtp) return secondFactorSignIn(body, ['username', 'password'], () => (options.twoFactor ? TWO_FACTOR_REQUIRED : null), false);
    return secondFactorSignIn(body, ['username', 'password', 'otp'], (username) => {
      const otp = options.twoFactor?.otp;
      if (otp === undefined) return options.twoFactor ? 'Provider is not allowed.' : null;
      const expected = typeof otp === 'function' ? otp(username, now()) : otp;
      return body['otp'] === expected ? null : 'Invalid code.';
    });
  }

  /** `refusalCounts`: a wrong second factor counts towards the lock (a missing one, on the plain route, does not). */
  function secondFactorSignIn(body: Record<string, unknown>, fields: string[], verify: (username: string, body: Record<string, unknown>) => string | null, refusalCounts = true): Response {
    const refusal = missingFields(body, fields);
    if (refusal) return refusal;
    const username = String(body['username']);
    const admin = admins.find((a) => a.username === username);
    const account = `admin:${username}`;
    const wrong = checkPassword(account, admin !== undefined && admin.password === body['password']);
    if (wrong) return wrong;
    const refused = verify(username, body);
    if (refused !== null && refusalCounts) {
      throttle.recordFailure(account);
      return json(401, { message: refused });
    }
    throttle.recordSuccess(account);
    if (refused !== null) return json(401, { message: refused });
    return issue({ type: 'admin', username }, options.adminTokenTtlMs ?? 4 * 3600_000);
  }

  function customerSignIn(body: Record<string, unknown>): Response {
    const refusal = missingFields(body, ['username', 'password']);
    if (refusal) return refusal;
    const email = String(body['username']).toLowerCase();
    const customer = customers.find((c) => c.email.toLowerCase() === email);
    const account = `customer:${email}`;
    const wrong = checkPassword(account, customer !== undefined && customer.password === body['password']);
    if (wrong || !customer) return wrong ?? json(401, { message: SIGN_IN_REFUSED });
    throttle.recordSuccess(account);
    return issue({ type: 'customer', customerId: customer.id, email: customer.email }, options.customerTokenTtlMs ?? 3600_000);
  }

  function revokeCustomerTokens(principal: Principal): Response {
    if (principal.type !== 'customer') return json(401, NOT_AUTHORIZED);
    for (const [token, entry] of tokens) {
      if (entry.principal.type === 'customer' && entry.principal.customerId === principal.customerId) tokens.delete(token);
    }
    return json(200, true);
  }

  return {
    counts,
    async handleTokenRoute(route, _request, body, principal) {
      counts[route] += 1;
      const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      switch (route) {
        case 'admin':
          return adminSignIn(fields, false);
        case 'tfa':
          return adminSignIn(fields, true);
        case 'customer':
          return customerSignIn(fields);
        case 'revoke':
          return revokeCustomerTokens(principal);
      }
    },
    async authenticate(request) {
      const header = request.headers.get('authorization');
      if (!header) return { type: 'guest' };
      if (/^OAuth\s/i.test(header)) {
        const verdict = await verifier.verify(request, header);
        if (!verdict.ok) return json(verdict.status, verdict.parameters === undefined ? { message: verdict.message } : { message: verdict.message, parameters: verdict.parameters });
        return { type: 'integration', consumerKey: verdict.consumer.consumerKey };
      }
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
      if (!bearer) return json(401, NOT_AUTHORIZED);
      const entry = tokens.get(bearer);
      if (entry && entry.expiresAt > now()) return entry.principal;
      if (entry) tokens.delete(bearer);
      const asBearer = options.integrationAsBearer ? integrations.find((record) => record.accessToken === bearer) : undefined;
      if (asBearer) return { type: 'integration', consumerKey: asBearer.consumerKey };
      return json(401, NOT_AUTHORIZED);
    },
    invalidateTokens() {
      tokens.clear();
    },
    failuresOf(account) {
      return throttle.failuresOf(account);
    },
    signInWithSecondFactor(body, fields, verify) {
      const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      return secondFactorSignIn(record, fields, verify);
    },
    addIntegration(record) {
      integrations.push({ id: record.id ?? integrations.length + 1, ...record });
    },
  };
}

function randomToken(): string {
  let out = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) out += byte.toString(16).padStart(2, '0');
  return out;
}
