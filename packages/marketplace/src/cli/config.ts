/**
 * The connection from the environment: MAGEKIT_EQP_APP_ID and MAGEKIT_EQP_APP_SECRET (environment, a
 * file or standard input, never flags: core's CLI credential policy), MAGEKIT_EQP_ENV (or --environment)
 * and MAGEKIT_EQP_BASE_URL (or --base-url, for a fake).
 */
import type { Env, SecretFlag } from '@magekit/core/cli';
import type { Environment } from '../environments.ts';
import type { Flags } from './args.ts';
import { CliError } from './errors.ts';


const ENV = {
  appId: 'MAGEKIT_EQP_APP_ID',
  appSecret: 'MAGEKIT_EQP_APP_SECRET',
  environment: 'MAGEKIT_EQP_ENV',
  baseUrl: 'MAGEKIT_EQP_BASE_URL',
} as const;

/** Flags that would carry a credential: refused, naming the variable to use instead. */
export const SECRET_FLAGS: readonly SecretFlag[] = [
  { flags: ['app-secret', 'appsecret', 'secret', 'password', 'token', 'key'], variable: ENV.appSecret },
  { flags: ['app-id', 'appid'], variable: ENV.appId },
];

/** The variables a secret may also come from a file for (`NAME_FILE=/path`, or `-` for standard input). */
export const SECRET_VARIABLES: readonly string[] = [ENV.appSecret];

export interface Connection {
  environment: Environment;
  appId: string;
  appSecret: string;
  baseUrl: string | undefined;
}

const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

export function resolveConnection(flags: Flags, env: Env): Connection {
  const appId = blankToUndefined(env[ENV.appId]);
  const appSecret = env[ENV.appSecret] === undefined || env[ENV.appSecret] === '' ? undefined : env[ENV.appSecret];
  const missing = [appId === undefined ? ENV.appId : undefined, appSecret === undefined ? ENV.appSecret : undefined].filter(Boolean);
  if (missing.length) {
    throw new CliError(
      `No API key: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
      `Set them from your CI's secret store (in GitHub Actions: env: ${ENV.appSecret}: \${{ secrets.EQP_APP_SECRET }}); the secret can also come from a file: ${ENV.appSecret}_FILE=/path (${ENV.appSecret}_FILE=- reads standard input). Keys are created in the Developer Portal under Manage API Keys, per environment.`,
    );
  }
  const environment = blankToUndefined(flags.environment) ?? blankToUndefined(env[ENV.environment]) ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new CliError(`The environment must be sandbox or production, got "${environment}" (from ${flags.environment !== undefined ? '--environment' : ENV.environment}).`);
  }
  return { environment, appId: appId!, appSecret: appSecret!, baseUrl: blankToUndefined(flags.baseUrl) ?? blankToUndefined(env[ENV.baseUrl]) };
}
