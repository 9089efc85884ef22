/**
 * The connection from the environment: MAGEKIT_EQP_APP_ID and MAGEKIT_EQP_APP_SECRET (environment
 * only), MAGEKIT_EQP_ENV (or --environment) and MAGEKIT_EQP_BASE_URL (or --base-url, for a fake).
 */
import type { Environment } from '../environments.ts';
import type { Flags } from './args.ts';
import { CliError } from './errors.ts';

export type Env = Readonly<Record<string, string | undefined>>;

const ENV = {
  appId: 'MAGEKIT_EQP_APP_ID',
  appSecret: 'MAGEKIT_EQP_APP_SECRET',
  environment: 'MAGEKIT_EQP_ENV',
  baseUrl: 'MAGEKIT_EQP_BASE_URL',
} as const;

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
      `Set them from your CI's secret store (in GitHub Actions: env: ${ENV.appSecret}: \${{ secrets.EQP_APP_SECRET }}). Keys are created in the Developer Portal under Manage API Keys, per environment.`,
    );
  }
  const environment = blankToUndefined(flags.environment) ?? blankToUndefined(env[ENV.environment]) ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new CliError(`The environment must be sandbox or production, got "${environment}" (from ${flags.environment !== undefined ? '--environment' : ENV.environment}).`);
  }
  return { environment, appId: appId!, appSecret: appSecret!, baseUrl: blankToUndefined(flags.baseUrl) ?? blankToUndefined(env[ENV.baseUrl]) };
}
