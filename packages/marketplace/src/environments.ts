/** The two documented environments and the base-URL rules (HTTPS only; plain http to loopback alone). */
import { ConfigurationError, validateBaseUrl } from '@magekit/core';

export type Environment = 'sandbox' | 'production';

export const BASE_URLS: Readonly<Record<Environment, string>> = {
  sandbox: 'https://commercedeveloper-sandbox-api.adobe.com',
  production: 'https://commercedeveloper-api.adobe.com',
};

/** Every path of the API starts here. */
export const API_PREFIX = '/rest/v1';

export function resolveBaseUrl(environment: unknown, baseUrl: string | URL | undefined): string {
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new ConfigurationError(`environment must be "sandbox" or "production", got ${JSON.stringify(environment)}.`, { service: 'marketplace' });
  }
  return validateBaseUrl(baseUrl ?? BASE_URLS[environment], {
    service: 'marketplace',
    option: 'baseUrl',
    httpsOnly: true,
    example: BASE_URLS[environment],
  });
}
