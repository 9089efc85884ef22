/**
 * Adobe Commerce as a Cloud Service (the SaaS edition). Its REST API differs from a self-hosted
 * installation's in three ways this client handles:
 *
 * - Addresses: `https://<region>[-<environment>].api.commerce.adobe.com/<tenant-id>/V1/...`, with no
 *   `/rest` and no store code in the path; the store view travels in a `Store` header instead.
 *   (https://github.com/AdobeDocs/commerce-webapi/blob/main/src/openapi/intro/accs-intro.md,
 *   https://developer.adobe.com/commerce/webapi/includes/graphql/endpoints for the region/environment form)
 * - Authentication: Adobe IMS access tokens only (`ims(...)`); admin, customer and integration tokens
 *   are not issued (https://developer.adobe.com/commerce/webapi/rest/authentication/).
 * - Routes: exactly those of Adobe's published schema of the service (accs-schema,
 *   https://github.com/AdobeDocs/commerce-webapi/blob/main/src/openapi/accs-schema.yaml): no guest or
 *   customer routes, no two-factor or integration-token routes, and 58 routes of its own. The spec marks
 *   each route (`x-cloud: true|false|only`, written by scripts/mark-platforms.mjs from that schema), and
 *   the client refuses the others before sending anything.
 * - Async and bulk: after the version, `<tenant>/V1/async/<route>` and `<tenant>/V1/async/bulk/<route>`
 *   (self-hosted: `/rest/<store>/async/V1/...`), with the store view in the `Store` header, which async
 *   calls must send (AdobeDocs/commerce-webapi `src/pages/rest/use-rest/asynchronous-web-endpoints.md`
 *   and `bulk-endpoints.md`, changed in commits 53f1889a8 of 2025-06-23 and 3337ca927 of 2025-07-08).
 */
import { ConfigurationError, InputError } from '@magekit/core';
import type { RouteInfo } from '../routes/info.ts';

/** Hosts of the cloud service's REST API: `na1.api.commerce.adobe.com`, `na1-sandbox.api.commerce.adobe.com`. */
const CLOUD_HOST = /^[a-z0-9]+(?:-[a-z0-9]+)?\.api\.commerce\.adobe\.com$/i;

export function isCloudServiceHost(baseUrl: string): boolean {
  try {
    return CLOUD_HOST.test(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

export interface CloudServiceAddress {
  /** The cloud region of the instance, e.g. `na1` (shown with the REST endpoint in experience.adobe.com). */
  region: string;
  /** The instance's tenant id. */
  tenantId: string;
  /** `sandbox` and other non-production environments; omit for production. */
  environment?: string | undefined;
}

const LABEL = /^[a-z0-9]+$/i;
const TENANT = /^[A-Za-z0-9_-]+$/;

/** The base URL of a cloud service instance: `cloudServiceUrl({ region: 'na1', tenantId })`. */
export function cloudServiceUrl(address: CloudServiceAddress): string {
  const fail = (why: string) => new ConfigurationError(`cloudServiceUrl: ${why}. Copy the REST endpoint from the instance details in experience.adobe.com, or pass { region: 'na1', tenantId: '...' }.`, { service: 'commerce' });
  if (!address || typeof address !== 'object') throw fail('needs { region, tenantId }');
  const { region, tenantId, environment } = address;
  if (typeof region !== 'string' || !LABEL.test(region)) throw fail(`region ${JSON.stringify(region)} is not a region code such as "na1"`);
  if (typeof tenantId !== 'string' || !TENANT.test(tenantId)) throw fail(`tenantId ${JSON.stringify(tenantId)} is not a tenant id (letters, digits, "-" and "_")`);
  if (environment !== undefined && (typeof environment !== 'string' || !LABEL.test(environment))) throw fail(`environment ${JSON.stringify(environment)} is not an environment name such as "sandbox"`);
  const host = environment && environment !== 'production' ? `${region}-${environment}` : region;
  return `https://${host}.api.commerce.adobe.com/${tenantId}`;
}

/** A route the cloud service does not serve was called on a client in cloud-service mode. Nothing was sent. */
export class CloudServiceRouteError extends InputError {
  override name = 'CloudServiceRouteError';
  /** The refused route, `METHOD /V1/path`. */
  readonly route: string;
  constructor(route: RouteInfo) {
    // Its schema: https://github.com/AdobeDocs/commerce-webapi/blob/main/src/openapi/accs-schema.yaml
    super(
      `${route.key} is not available on Adobe Commerce as a Cloud Service: its published REST schema lacks it (no guest or customer routes, among others). Nothing was sent. Storefront work goes through GraphQL.`,
      { service: 'commerce', method: route.method },
    );
    this.route = route.key;
  }
}

export function assertCloudServiceRoute(route: RouteInfo): void {
  if (!route.inCloudService) throw new CloudServiceRouteError(route);
}

/** Auth strategies the cloud service cannot accept: it issues no admin, customer or integration tokens. */
export function assertCloudServiceAuth(kind: string): void {
  if (kind === 'admin' || kind === 'customer' || kind === 'integration') {
    throw new ConfigurationError(
      `Adobe Commerce as a Cloud Service does not accept ${kind} credentials: authenticate with Adobe IMS, auth: ims({ clientId, clientSecret, orgId }).`,
      { service: 'commerce' },
    );
  }
}
