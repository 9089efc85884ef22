/**
 * A fake of Adobe IMS's token endpoint for server-to-server credentials (`POST /ims/token/v3`,
 * form-encoded client credentials, answering `{ access_token, token_type, expires_in }` or an
 * OAuth 2.0 error body), with token expiry on the fake's clock. The fake platform in cloud-service
 * mode accepts the tokens it issued, with the matching x-api-key and x-gw-ims-org-id headers.
 */
export const IMS_TOKEN_PATH = '/ims/token/v3';

export interface FakeImsClient {
  clientId: string;
  clientSecret: string;
  orgId: string;
}

export interface FakeImsOptions {
  /** Default one client: `fake-ims-client` / `fake-ims-secret` / `FAKE0001@AdobeOrg`. */
  clients?: FakeImsClient[];
  /** Token lifetime in ms (answered as whole seconds, as IMS does). Default 86,399 s, what IMS answers. */
  tokenTtlMs?: number;
  /** @deprecated In seconds, unlike every other duration: use `tokenTtlMs`. Kept for one minor release. */
  tokenTtlSeconds?: number;
  /** The scope every token request must include. Default `commerce.accs`. */
  requiredScope?: string;
  now?: () => number;
}

export type ImsVerdict = { ok: true; client: FakeImsClient } | { ok: false; reason: 'unknown' | 'expired' | 'api-key' | 'org' };

export interface FakeIms {
  /** Answers POST /ims/token/v3. */
  handle(request: Request): Promise<Response>;
  /** Checks a bearer token and the x-api-key / x-gw-ims-org-id headers that must accompany it. */
  verify(token: string, apiKey: string | null, orgId: string | null): ImsVerdict;
  /** Token requests answered (successful or not), for single-flight assertions. */
  readonly tokenRequests: number;
  /** Makes every issued token invalid now (a revocation, for 401-then-renew tests). */
  invalidateTokens(): void;
  readonly clients: readonly FakeImsClient[];
}

export const DEFAULT_FAKE_IMS_CLIENT: FakeImsClient = { clientId: 'fake-ims-client', clientSecret: 'fake-ims-secret', orgId: 'FAKE0001@AdobeOrg' };

const oauthError = (status: number, error: string, description: string) => Response.json({ error, error_description: description }, { status });

export function createFakeIms(options: FakeImsOptions = {}): FakeIms {
  const now = options.now ?? (() => Date.now());
  const clients = options.clients ?? [DEFAULT_FAKE_IMS_CLIENT];
  const ttlMs = options.tokenTtlMs ?? (options.tokenTtlSeconds ?? 86399) * 1000;
  const requiredScope = options.requiredScope ?? 'commerce.accs';
  const tokens = new Map<string, { client: FakeImsClient; expiresAt: number }>();
  let tokenRequests = 0;

  return {
    clients,
    get tokenRequests() {
      return tokenRequests;
    },
    async handle(request) {
      tokenRequests += 1;
      if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'POST only');
      if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) {
        return oauthError(400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
      }
      const form = new URLSearchParams(await request.text());
      // IMS also reads client_id from the query string.
      const clientId = form.get('client_id') ?? new URL(request.url).searchParams.get('client_id');
      if (form.get('grant_type') !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
      const client = clients.find((c) => c.clientId === clientId);
      if (!client) return oauthError(400, 'invalid_client', 'invalid client_id parameter');
      if (form.get('client_secret') !== client.clientSecret) return oauthError(401, 'invalid_client', 'invalid client_secret parameter');
      const scopes = (form.get('scope') ?? '').split(',').map((s) => s.trim());
      if (!scopes.includes(requiredScope)) return oauthError(400, 'invalid_scope', `the credential needs the ${requiredScope} scope`);
      const token = `ims-${randomHex(24)}`;
      tokens.set(token, { client, expiresAt: now() + ttlMs });
      return Response.json({ access_token: token, token_type: 'bearer', expires_in: Math.floor(ttlMs / 1000) });
    },
    verify(token, apiKey, orgId) {
      const entry = tokens.get(token);
      if (!entry) return { ok: false, reason: 'unknown' };
      if (entry.expiresAt <= now()) {
        tokens.delete(token);
        return { ok: false, reason: 'expired' };
      }
      if (apiKey !== entry.client.clientId) return { ok: false, reason: 'api-key' };
      if (orgId !== entry.client.orgId) return { ok: false, reason: 'org' };
      return { ok: true, client: entry.client };
    },
    invalidateTokens() {
      tokens.clear();
    },
  };
}

function randomHex(bytes: number): string {
  let out = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(bytes))) out += byte.toString(16).padStart(2, '0');
  return out;
}
