/**
 * The runtime both clients are built on: option checks, the transport, this client's redactor, and
 * `send`, which authorizes each attempt, renews a refused credential once, tells a missing
 * permission from an expired token, and removes this client's secrets from every error it throws.
 * Each package configures it with its own error mapping and credentials; nothing here knows a route.
 */
import { ConfigurationError, HttpError, PermissionError, isMagekitError, type Service } from './errors.ts';
import { createRedactor, isSecretHeader, type Redactor } from './redact.ts';
import { untilAborted } from './sleep.ts';
import { createTransport, type ClientTransportOptions, type ErrorContext, type SendRequest, type SendResult } from './transport.ts';

/** What a runtime needs from an auth strategy. */
export interface Credentials {
  /** Adds credentials to one attempt's request (may sign in first). */
  authorize(request: Request): Promise<Request>;
  /**
   * The server answered 401 to a request carrying `authorization`: forget that credential and
   * return true when one more attempt with a new one can help. Absent for static credentials.
   */
  refused?: ((authorization: string | null) => boolean) | undefined;
  /**
   * For a credential that never changes (a fixed bearer token): its headers, fetched once and then
   * sent as static headers, so a call builds no Request and authorizes nothing.
   */
  fixed?: (() => Promise<Record<string, string>>) | undefined;
}

export interface RuntimeOptions extends ClientTransportOptions {
  service: Service;
  httpError: (status: number, body: unknown, context: ErrorContext) => HttpError;
  /** Extra secrets this client handles (an app secret, a Basic value). */
  secrets?: (string | undefined)[] | undefined;
}

export interface RuntimeRequest extends Omit<SendRequest, 'authorize'> {
  /** Send without credentials (token routes, public routes). */
  anonymous?: boolean | undefined;
}

export interface Runtime {
  readonly service: Service;
  /** This client's secrets; errors thrown by `send` have already been through it. */
  readonly redactor: Redactor;
  send<T>(request: RuntimeRequest): Promise<SendResult<T>>;
  /** Binds the auth strategy; called once, after creation (strategies call back into the runtime). */
  useCredentials(credentials: Credentials): void;
}

/**
 * A credential first used this recently and already refused is not expired: the account lacks the
 * permission. (The platform answers 401 with "The consumer isn't authorized to access %resources"
 * both for an expired token and for a missing ACL resource.)
 */
const JUST_ISSUED_MS = 60_000;

export function createRuntime(options: RuntimeOptions): Runtime {
  const { service } = options;
  checkPositive(options.timeout, 'timeout', service);
  if (options.totalTimeout !== false) checkPositive(options.totalTimeout, 'totalTimeout', service);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('fetch must be a function with the signature of the global fetch.', { service });
  }
  const redactor = createRedactor();
  for (const secret of options.secrets ?? []) redactor.add(secret);
  protectHeaders(redactor, options.headers);
  const transport = createTransport({ ...options, redactor });
  let credentials: Credentials | undefined;
  // When each renewable credential was first used and whether it ever worked, to tell "just issued"
  // from "expired". Bounded: only the latest few matter.
  const seen = new Map<string, { firstUsed: number; worked: boolean }>();
  let lastProtected: string | undefined;
  let fixedReady: Promise<void> | undefined;
  let fixedApplied = false;

  /** Fetches a fixed credential once and makes it part of every request's static headers. */
  function useFixed(creds: Credentials): Promise<void> {
    fixedReady ??= creds.fixed!().then(
      (headers) => {
        for (const value of Object.values(headers)) remember(value);
        transport.addStaticHeaders(headers);
        fixedApplied = true;
      },
      (error: unknown) => {
        fixedReady = undefined;
        throw error;
      },
    );
    return fixedReady;
  }

  function remember(authorization: string): void {
    const credential = credentialOf(authorization);
    if (credential !== lastProtected) {
      lastProtected = credential;
      redactor.add(credential);
    }
    if (!credentials?.refused || seen.has(authorization)) return;
    seen.set(authorization, { firstUsed: performance.now(), worked: false });
    if (seen.size > 8) seen.delete(seen.keys().next().value!);
  }

  /** Refused, never accepted, and first used moments ago: not an expired credential. */
  function justIssued(authorization: string): boolean {
    const entry = seen.get(authorization);
    return entry !== undefined && !entry.worked && performance.now() - entry.firstUsed < JUST_ISSUED_MS;
  }

  async function sendAuthorized<T>(request: RuntimeRequest, creds: Credentials): Promise<SendResult<T>> {
    let used: string | null = null;
    const attempt = () =>
      transport.send<T>({
        ...request,
        // The caller's signal and the deadlines end the wait for a sign-in; the sign-in itself, which
        // other calls may share, carries on.
        authorize: async (outgoing, signal) => {
          const signed = await untilAborted(creds.authorize(outgoing), signal);
          used = signed.headers.get('authorization');
          if (used !== null) remember(used);
          return signed;
        },
      });
    // A credential that was accepted once is no longer "just issued": a later 401 means it expired.
    const accepted = <R>(result: R): R => {
      const entry = used === null ? undefined : seen.get(used);
      if (entry) entry.worked = true;
      return result;
    };
    try {
      return accepted(await attempt());
    } catch (error) {
      if (!isUnauthorized(error) || used === null || !creds.refused) throw error;
      const refusedAuthorization: string = used;
      if (justIssued(refusedAuthorization)) throw permissionError(error);
      // Expired early (revoked, a server restart with a shorter lifetime): renew once.
      if (!creds.refused(refusedAuthorization)) throw error;
      try {
        return accepted(await attempt());
      } catch (second) {
        throw isUnauthorized(second) ? permissionError(second) : second;
      }
    }
  }

  function permissionError(error: HttpError): PermissionError {
    const resource = resourceOf(error);
    const hint =
      service === 'commerce'
        ? `Signing in again would not help: give the user's role the ACL resource${resource ? ` ${resource}` : ''} (System > Permissions > User Roles), or use an account that has it.`
        : 'Signing in again would not help: check that the key has access to this resource and belongs to this environment.';
    return new PermissionError(
      `${error.method ?? ''} ${error.url ?? ''} was refused (401) with a credential issued moments ago, so the account lacks the permission${resource ? ` for ${resource}` : ''} rather than holding an expired token. ${hint}`.trim(),
      {
        service,
        status: error.status,
        ...(error.method === undefined ? {} : { method: error.method }),
        ...(error.url === undefined ? {} : { url: error.url }),
        ...(error.template === undefined ? {} : { template: error.template }),
        parameters: error.parameters,
        errors: error.errors,
        body: error.body,
        hint,
        resource,
        cause: error,
      },
    );
  }

  return {
    service,
    redactor,
    async send<T>(request: RuntimeRequest): Promise<SendResult<T>> {
      if (request.headers) protectHeaders(redactor, request.headers);
      try {
        if (request.anonymous || !credentials) return await transport.send<T>(request);
        if (credentials.fixed) {
          if (!fixedApplied) await useFixed(credentials);
          return await transport.send<T>(request);
        }
        return await sendAuthorized<T>(request, credentials);
      } catch (error) {
        throw redactor.error(error);
      }
    },
    useCredentials(value) {
      credentials = value;
    },
  };
}

function isUnauthorized(error: unknown): error is HttpError {
  return isMagekitError(error) && error instanceof HttpError && error.status === 401 && !(error instanceof PermissionError) && (error.kind === 'auth' || error.kind === 'http');
}

/** The ACL resource a 401 names: `{resources: "Magento_Catalog::products"}` or the filled message. */
function resourceOf(error: HttpError): string | undefined {
  const parameters = error.parameters;
  if (parameters && typeof parameters === 'object') {
    const named = (parameters as Record<string, unknown>)['resources'];
    if (typeof named === 'string' && named) return named;
    if (Array.isArray(parameters) && typeof parameters[0] === 'string' && parameters[0]) return parameters[0];
  }
  return /authorized to access ([\w:, -]+::[\w, -]+)/.exec(error.message)?.[1]?.trim();
}

/** The secret part of an Authorization value: the token, the Basic value, the OAuth access token. */
function credentialOf(authorization: string): string {
  const oauth = /oauth_token="([^"]+)"/.exec(authorization);
  if (oauth) {
    try {
      return decodeURIComponent(oauth[1]!);
    } catch {
      return oauth[1]!;
    }
  }
  return authorization.replace(/^\w+\s+/, '');
}

/** Credentials a caller passes as raw headers are masked like those the auth strategies handle. */
function protectHeaders(redactor: Redactor, headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!isSecretHeader(name) || typeof value !== 'string') continue;
    redactor.add(value);
    redactor.add(value.replace(/^\w+\s+/, ''));
  }
}

export function checkPositive(value: unknown, name: string, service: Service): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(`${name} must be a positive number${name.endsWith('imeout') ? ' of milliseconds' : ''}, got ${JSON.stringify(value)}.`, { service });
  }
}
