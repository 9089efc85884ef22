/**
 * Routes by release. Each route of the table knows the self-hosted releases that have it (computed by
 * scripts/mark-platforms.mjs from the admin schemas of 2.4.6 to 2.4.9, which Adobe publishes in
 * AdobeDocs/commerce-webapi `src/openapi/`): a client told its installation's release refuses, before
 * sending, a route that release lacks, naming the release that added (or removed) it, instead of letting
 * the installation answer 404. Kept small: every client bundle carries it.
 */
import { ConfigurationError, InputError } from '@magekit/core';
import type { RouteInfo } from '../routes/info.ts';

/** A self-hosted release: its label as given (`2.4.7-p3`) and its patch number (7). */
export interface PlatformRelease {
  label: string;
  patch: number;
}

/**
 * `2.4.6`, `2.4.7-p3`. The oldest release the table knows is 2.4.6 (the first of the spec's
 * `info.x-releases`): a route without `addedIn` is in it and every later one, so older releases
 * cannot be checked.
 */
export function parsePlatformVersion(value: unknown): PlatformRelease {
  const patch = Number(/^2\.4\.(\d+)(-p[\d.]+)?$/.exec(value as string)?.[1]);
  if (!(patch >= 6)) throw new ConfigurationError(`platformVersion ${JSON.stringify(value)} is not a release from 2.4.6 on, such as "2.4.6" or "2.4.7-p3". Leave it out to check none.`, { service: 'commerce' });
  return { label: value as string, patch };
}

const patchOf = (release: string | undefined) => Number(release?.slice(4));

/** A route the client's self-hosted platform does not have was called. Nothing was sent. */
export class PlatformRouteError extends InputError {
  override name = 'PlatformRouteError';
  /** The refused route, `METHOD /V1/path`. */
  readonly route: string;
  /** The release the client was told (`platformVersion`), when it was. */
  readonly platformVersion: string | undefined;
  /** The release that added the route; `undefined` for a route only the cloud service has. */
  readonly addedIn: string | undefined;
  /** The release that removed the route, when one did. */
  readonly removedIn: string | undefined;
  constructor(route: RouteInfo, release: PlatformRelease | undefined) {
    const { key, addedIn, removedIn } = route;
    super(
      `${key} ${
        route.cloudServiceOnly
          ? 'is only on Adobe Commerce as a Cloud Service (no 2.4.x release has it): for the service, use ims() auth or cloudService: true'
          : `was ${removedIn && release!.patch >= patchOf(removedIn) ? `removed in ${removedIn}` : `added in ${addedIn}`}; this client's platformVersion is ${release!.label}`
      }. Nothing was sent.`,
      { service: 'commerce', method: route.method },
    );
    this.route = key;
    this.platformVersion = release?.label;
    this.addedIn = addedIn;
    this.removedIn = removedIn;
  }
}

/**
 * Throws when a self-hosted installation cannot have the route: one only the cloud service has (always),
 * or, when the client was told its release, one that release lacks.
 */
export function assertRouteOnPlatform(route: RouteInfo, release: PlatformRelease | undefined): void {
  if (route.cloudServiceOnly || (release && (release.patch < patchOf(route.addedIn) || release.patch >= patchOf(route.removedIn)))) {
    throw new PlatformRouteError(route, release);
  }
}
