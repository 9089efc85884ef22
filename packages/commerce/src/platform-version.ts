/**
 * Routes by release. Each route of the table knows the self-hosted releases that have it (computed by
 * scripts/mark-platforms.mjs from the admin schemas of 2.4.6 to 2.4.9, which Adobe publishes in
 * AdobeDocs/commerce-webapi `src/openapi/`): a client told its installation's release refuses, before
 * sending, a route that release lacks, naming the release that added (or removed) it, instead of letting
 * the installation answer 404.
 */
import { ConfigurationError, InputError } from '@magekit/core';
import type { RouteInfo } from './route-info.ts';

/**
 * The oldest release whose routes the table knows (the first of the spec's `info.x-releases`): a route
 * without an `addedIn` is in it and in every later release. Older installations cannot be checked.
 */
const OLDEST_KNOWN = 6;

/** `2.4.6`, `2.4.7-p3`: a 2.4 release, with or without its security-patch suffix. */
const VERSION = /^2\.4\.(\d+)(?:-p\d+(?:\.\d+)?)?$/;

/** The release a client was told, as its patch number (`2.4.7-p3` → 7). */
export function parsePlatformVersion(value: unknown): number {
  const patch = typeof value === 'string' ? VERSION.exec(value.trim())?.[1] : undefined;
  if (patch === undefined) {
    throw new ConfigurationError(`platformVersion ${JSON.stringify(value)} is not a 2.4 release: give the installation's version as "2.4.6" or "2.4.7-p3" (bin/magento --version shows it), or leave it out to check no release.`, { service: 'commerce' });
  }
  const n = Number(patch);
  if (n < OLDEST_KNOWN) {
    throw new ConfigurationError(`platformVersion ${value}: the SDK knows the routes of 2.4.${OLDEST_KNOWN} and later only, so it cannot tell which routes ${value} lacks. Leave platformVersion out to check no release.`, { service: 'commerce' });
  }
  return n;
}

const patchOf = (release: string) => Number(release.split('.')[2]);

/** A route the client's self-hosted platform does not have was called. Nothing was sent. */
export class PlatformRouteError extends InputError {
  /** The refused route, `METHOD /V1/path`. */
  readonly route: string;
  /** The release the client was told (`platformVersion`), when it was. */
  readonly platformVersion: string | undefined;
  /** The release that added the route; `undefined` for a route only the cloud service has. */
  readonly addedIn: string | undefined;
  /** The release that removed the route, when one did. */
  readonly removedIn: string | undefined;
  constructor(route: RouteInfo, platformVersion: string | undefined, message: string) {
    super(`${message} Nothing was sent.`, { service: 'commerce', method: route.method });
    this.route = route.key;
    this.platformVersion = platformVersion;
    this.addedIn = route.addedIn;
    this.removedIn = route.removedIn;
  }
}

/**
 * Throws when a self-hosted installation cannot have the route: one only the cloud service has (always),
 * or, when the client was told its release, one that release lacks.
 */
export function assertRouteOnPlatform(route: RouteInfo, version: { label: string; patch: number } | undefined): void {
  if (route.cloudServiceOnly) {
    throw new PlatformRouteError(route, version?.label, `${route.key} exists only on Adobe Commerce as a Cloud Service: no self-hosted release (2.4.x) has it. For the cloud service, create the client with auth: ims(...) (or cloudService: true).`);
  }
  if (!version) return;
  if (route.addedIn && version.patch < patchOf(route.addedIn)) {
    throw new PlatformRouteError(route, version.label, `${route.key} was added in ${route.addedIn}; this client is for ${version.label} (platformVersion), which does not have it.`);
  }
  if (route.removedIn && version.patch >= patchOf(route.removedIn)) {
    throw new PlatformRouteError(route, version.label, `${route.key} was removed in ${route.removedIn}; this client is for ${version.label} (platformVersion), which no longer has it.`);
  }
}
