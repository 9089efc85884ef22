/**
 * Connection settings from flags and the environment (flags win): base URL, store view, and one
 * authentication method. Secrets come from the environment, a file or standard input, never from
 * flags (core's CLI credential policy); they go straight into the SDK's auth strategies, which
 * register them for redaction before anything can echo them.
 */
import { secretSources, type Env, type SecretFlag } from '@magekit/core/cli';
import { adminToken, bearer, ims, integration, type AuthStrategy } from '../auth/index.ts';
import type { CommerceClient } from '../client.ts';
import type { Flags } from './args.ts';
import { CliError } from './errors.ts';

export type { Env };

export interface ConnectionConfig {
  baseUrl: string;
  storeCode: string | undefined;
  auth: AuthStrategy;
  /** Which method was picked, for messages: `token`, `admin`, `integration`. */
  authMethod: 'token' | 'admin' | 'integration' | 'ims';
}

const ENV = {
  baseUrl: 'MAGEKIT_BASE_URL',
  store: 'MAGEKIT_STORE_CODE',
  token: 'MAGEKIT_TOKEN',
  username: 'MAGEKIT_ADMIN_USERNAME',
  password: 'MAGEKIT_ADMIN_PASSWORD',
  otp: 'MAGEKIT_ADMIN_OTP',
  consumerKey: 'MAGEKIT_CONSUMER_KEY',
  consumerSecret: 'MAGEKIT_CONSUMER_SECRET',
  accessToken: 'MAGEKIT_ACCESS_TOKEN',
  accessTokenSecret: 'MAGEKIT_ACCESS_TOKEN_SECRET',
  imsClientId: 'MAGEKIT_IMS_CLIENT_ID',
  imsClientSecret: 'MAGEKIT_IMS_CLIENT_SECRET',
  imsOrgId: 'MAGEKIT_IMS_ORG_ID',
} as const;

/** Flags that would carry a secret: refused, naming the variable to use instead. */
export const SECRET_FLAGS: readonly SecretFlag[] = [
  { flags: ['token', 'bearer', 'admin-token'], variable: ENV.token },
  { flags: ['access-token'], variable: ENV.accessToken },
  { flags: ['password', 'admin-password', 'pass'], variable: ENV.password },
  { flags: ['consumer-secret'], variable: ENV.consumerSecret },
  { flags: ['consumer-key'], variable: ENV.consumerKey },
  { flags: ['access-token-secret', 'token-secret'], variable: ENV.accessTokenSecret },
  { flags: ['client-secret', 'ims-client-secret'], variable: ENV.imsClientSecret },
];

/** The variables a secret may also come from a file for (`NAME_FILE=/path`, or `-` for standard input). */
export const SECRET_VARIABLES: readonly string[] = [ENV.token, ENV.password, ENV.consumerKey, ENV.consumerSecret, ENV.accessToken, ENV.accessTokenSecret, ENV.imsClientSecret];

/**
 * Every variable whose value the CLI keeps out of its output (text and --json): the secrets, the
 * one-time code, and the IMS client id (sent as x-api-key, a header credential).
 */
export const OUTPUT_SECRET_VARIABLES: readonly string[] = [...SECRET_VARIABLES, ENV.otp, ENV.imsClientId];

const AUTH_HINT =
  `Give one of: ${ENV.token} (a bearer token); --username and ${ENV.password} (an admin user; ${ENV.username} also works); ` +
  `or the four integration credentials ${ENV.consumerKey}, ${ENV.consumerSecret}, ${ENV.accessToken}, ${ENV.accessTokenSecret}; ` +
  `or, for Adobe Commerce as a Cloud Service, ${ENV.imsClientId}, ${ENV.imsClientSecret} and ${ENV.imsOrgId}. ` +
  'Any secret can also come from a file: NAME_FILE=/path (NAME_FILE=- reads standard input).';

/** A flag, else the environment variable; blank counts as unset. */
function pick(flag: string | undefined, env: Env, name: string): string | undefined {
  for (const value of [flag, env[name]]) if (value !== undefined && value.trim() !== '') return value;
  return undefined;
}

/** The flags a connection reads (every command that talks to an installation has them). */
export type ConnectionFlags = Pick<Flags, 'baseUrl' | 'store' | 'username' | 'otp'>;

/** The client for a command's connection flags, built by run.ts so its redactor guards the command's output. */
export type Connect = (flags: ConnectionFlags) => CommerceClient;

export function resolveConfig(flags: ConnectionFlags, env: Env): ConnectionConfig {
  const baseUrl = pick(flags.baseUrl, env, ENV.baseUrl);
  if (baseUrl === undefined) throw new CliError(`No base URL: pass --base-url or set ${ENV.baseUrl} (the installation's address, e.g. https://shop.example.com).`);
  const storeCode = pick(flags.store, env, ENV.store);
  return { baseUrl: baseUrl.trim(), storeCode: storeCode?.trim(), ...resolveAuth(flags, env) };
}

/** The first complete method wins: token, then admin user, then integration (OAuth 1.0a). */
function resolveAuth(flags: ConnectionFlags, env: Env): Pick<ConnectionConfig, 'auth' | 'authMethod'> {
  const token = pick(undefined, env, ENV.token);
  if (token !== undefined) return { auth: bearer(token), authMethod: 'token' };

  const username = pick(flags.username, env, ENV.username);
  const password = pick(undefined, env, ENV.password);
  if (username !== undefined && password !== undefined) {
    const otp = pick(flags.otp, env, ENV.otp);
    return { auth: adminToken({ username, password, ...(otp === undefined ? {} : { otp }) }), authMethod: 'admin' };
  }

  const oauth = {
    consumerKey: pick(undefined, env, ENV.consumerKey),
    consumerSecret: pick(undefined, env, ENV.consumerSecret),
    accessToken: pick(undefined, env, ENV.accessToken),
    accessTokenSecret: pick(undefined, env, ENV.accessTokenSecret),
  };
  const given = Object.values(oauth).filter((v) => v !== undefined).length;
  if (given === 4) return { auth: integration(oauth as { [K in keyof typeof oauth]: string }), authMethod: 'integration' };

  // Adobe Commerce as a Cloud Service: IMS server-to-server credentials, environment only.
  const imsKeys = { clientId: pick(undefined, env, ENV.imsClientId), clientSecret: pick(undefined, env, ENV.imsClientSecret), orgId: pick(undefined, env, ENV.imsOrgId) };
  const imsGiven = Object.values(imsKeys).filter((v) => v !== undefined).length;
  if (imsGiven === 3) return { auth: ims(imsKeys as { [K in keyof typeof imsKeys]: string }), authMethod: 'ims' };
  if (imsGiven > 0) {
    const names = { clientId: ENV.imsClientId, clientSecret: ENV.imsClientSecret, orgId: ENV.imsOrgId };
    const missing = (Object.keys(imsKeys) as (keyof typeof imsKeys)[]).filter((k) => imsKeys[k] === undefined).map((k) => names[k]);
    throw new CliError(`IMS credentials are incomplete: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`, AUTH_HINT);
  }

  // Nothing complete: name what is missing from the method the user evidently meant.
  if (username !== undefined) throw new CliError(`Admin user "${username}" has no password: ${secretSources(ENV.password)}.`, AUTH_HINT);
  if (password !== undefined) throw new CliError(`An admin password was given without a user name: pass --username or set ${ENV.username}.`, AUTH_HINT);
  if (given > 0) {
    const missing = (Object.keys(oauth) as (keyof typeof oauth)[]).filter((k) => oauth[k] === undefined).map((k) => ENV[k]);
    throw new CliError(`Integration credentials are incomplete: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`, AUTH_HINT);
  }
  throw new CliError('No credentials: these commands read admin routes, so they need an admin user, an admin or integration token, or integration credentials.', AUTH_HINT);
}
