/**
 * The runtime both clients are built on: option checks, the transport, this client's redactor, and
 * `send`, which hands each call its credential (the transport authorizes every attempt and asks the
 * credential what a 401 means) and removes this client's secrets from every error it throws. Each
 * package configures it with its own error mapping and credential; nothing here knows a route.
 */
import type { Credential } from './credential.ts';
import { ConfigurationError, HttpError, PermissionError, type Service } from './errors.ts';
import { createRedactor, isSecretHeader, type Redactor } from './redact.ts';
import { createTransport } from './transport/send.ts';
import type { ClientTransportOptions, ErrorContext, SendRequest, SendResult } from './transport/options.ts';

export interface RuntimeOptions extends ClientTransportOptions {
  service: Service;
  httpError: (status: number, body: unknown, context: ErrorContext) => HttpError;
  /** Extra secrets this client handles (an app secret, a Basic value). */
  secrets?: (string | undefined)[] | undefined;
}

interface RuntimeRequest extends Omit<SendRequest, 'credential'> {
  /** Send without credentials (token routes, public routes). */
  anonymous?: boolean | undefined;
}

export interface Runtime {
  readonly service: Service;
  /** This client's secrets; errors thrown by `send` have already been through it. */
  readonly redactor: Redactor;
  send<T>(request: RuntimeRequest): Promise<SendResult<T>>;
  /** Binds the credential; called once, after creation (token strategies call back into the runtime). */
  useCredential(credential: Credential): void;
}

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
  const transport = createTransport({ ...options, redactor, permissionError: (error) => permissionError(error, service) });
  let credential: Credential | undefined;

  return {
    service,
    redactor,
    // Not async: the transport's promise is handed on as it is (no extra promise per call).
    send<T>(request: RuntimeRequest): Promise<SendResult<T>> {
      if (request.headers) protectHeaders(redactor, request.headers);
      // A credential with static headers rides on every request already (useCredential).
      if (request.anonymous || !credential || credential.staticHeaders) return transport.send<T>(request);
      return transport.send<T>({ ...request, credential });
    },
    useCredential(value) {
      credential = value;
      if (value.staticHeaders) {
        protectHeaders(redactor, value.staticHeaders);
        transport.addStaticHeaders(value.staticHeaders);
      }
    },
  };
}

function permissionError(error: HttpError, service: Service): PermissionError {
  const resource = resourceOf(error);
  const hint =
    service === 'commerce'
      ? `Signing in again would not help: give the user's role the ACL resource${resource ? ` ${resource}` : ''} (System > Permissions > User Roles), or use an account that has it.`
      : 'Signing in again would not help: check that the key has access to this resource and belongs to this environment.';
  return new PermissionError(
    `${error.method ?? ''} ${error.url ?? ''} was refused (401) with a credential issued moments ago, so the account lacks the permission${resource ? ` for ${resource}` : ''} rather than holding an expired token. ${hint}`.trim(),
    {
      // The 401's fields (status, method, url, template, parameters, errors, body) with this hint.
      ...error,
      service,
      hint,
      resource,
      cause: error,
    },
  );
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
