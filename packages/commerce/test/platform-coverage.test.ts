/**
 * The whole route table against the platforms that serve it, with a recording fetch: a cloud-service
 * client sends each route of the service's published schema (accs-schema: 489 operations) to the
 * documented URL, its async and bulk variants after the version with a Store header, and refuses every
 * other route with nothing sent; a self-hosted client refuses the cloud-only routes, and a client told
 * its release refuses exactly the routes that release lacks.
 */
import { describe, expect, it } from 'vitest';
import { bearer, CloudServiceRouteError, createCommerceClient, isBulkable, PlatformRouteError, routes, type RouteInfo } from '../src/index.ts';

const BASE = 'https://na1.api.commerce.adobe.com/TENANT123';
const SHOP = 'https://shop.example.com';

/** A fetch that answers everything and remembers what it was asked. */
function recordingFetch() {
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push(request);
    const path = new URL(request.url).pathname;
    if (path.includes('/async/')) {
      const count = path.includes('/async/bulk/') ? ((await request.json()) as unknown[]).length : 1;
      const items = Array.from({ length: count }, (_, id) => ({ id, data_hash: 'h', status: 'accepted' }));
      return Response.json({ bulk_uuid: '9d2b7f4e-1c3a-4b5d-8e6f-0a1b2c3d4e5f', request_items: items, errors: false }, { status: 202 });
    }
    return Response.json({ items: [], total_count: 0, search_criteria: {} });
  };
  return { sent, fetch };
}

/** One value per path parameter (`{sku}` → `p-sku`), so the expected path can be written out. */
function inputFor(route: RouteInfo): Record<string, string> {
  return Object.fromEntries(route.pathParams.map((name) => [name, `p-${name}`]));
}
const filled = (route: RouteInfo) => route.path.replace(/\{([^}]+)\}/g, (_, name: string) => `p-${name}`);
/** The bulk form of a path: `{sku}` → `bySku` (bulk-endpoints.md). */
const byForm = (route: RouteInfo) => route.path.replace(/\{([^}]+)\}/g, (_, name: string) => `by${name[0]!.toUpperCase()}${name.slice(1)}`);
const pathOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname);

const cloudRoutes = routes.filter((r) => r.inCloudService);
const otherRoutes = routes.filter((r) => !r.inCloudService);

describe('the route table against the published schemas', () => {
  it('has the cloud service schema\'s 489 operations (58 of them only there) and 614 self-hosted ones', () => {
    expect(cloudRoutes).toHaveLength(489);
    expect(routes.filter((r) => r.cloudServiceOnly)).toHaveLength(58);
    // The self-hosted surface of 2.4.9 (614) plus the seed catalog's `{provider}-guest-carts` extension route.
    expect(routes.filter((r) => !r.cloudServiceOnly)).toHaveLength(615);
    expect(routes.filter((r) => r.addedIn !== undefined)).toHaveLength(92);
  });
});

describe('a cloud-service client over the whole table', () => {
  it('sends each of the 489 to <tenant>/V1/..., its writes async at /V1/async/... and bulk at /V1/async/bulk/... with a Store header', async () => {
    const { sent, fetch } = recordingFetch();
    const commerce = createCommerceClient({ baseUrl: BASE, cloudService: true, auth: bearer('ims-token'), fetch, retry: 0 });
    let asyncCalls = 0;
    let bulkCalls = 0;
    for (const route of cloudRoutes) {
      const before = sent.length;
      await commerce.request(route.key as never, inputFor(route) as never);
      expect(sent.length, route.key).toBe(before + 1);
      const request = sent.at(-1)!;
      expect(request.method).toBe(route.method);
      expect(pathOf(request), route.key).toBe(`/TENANT123${filled(route)}`);
      if (route.method === 'GET') continue;
      await commerce.async.request(route.key as never, inputFor(route) as never);
      const queued = sent.at(-1)!;
      expect(pathOf(queued), route.key).toBe(`/TENANT123${filled(route).replace(/^\/(V\d+)\//, '/$1/async/')}`);
      expect(queued.headers.get('store'), route.key).toBe('default');
      asyncCalls += 1;
      if (!isBulkable(route)) continue;
      await commerce.bulk.request(route.key as never, [inputFor(route)] as never, { storeCode: 'all' });
      const bulk = sent.at(-1)!;
      expect(pathOf(bulk), route.key).toBe(`/TENANT123${byForm(route).replace(/^\/(V\d+)\//, '/$1/async/bulk/')}`);
      expect(bulk.headers.get('store'), route.key).toBe('all');
      bulkCalls += 1;
    }
    expect(sent.length).toBe(cloudRoutes.length + asyncCalls + bulkCalls);
    expect(asyncCalls).toBeGreaterThan(200);
    expect(bulkCalls).toBeGreaterThan(200);
  });

  it('refuses every other route (the 183 the service lacks, and the extension route) with nothing sent, saying the service lacks it', async () => {
    const { sent, fetch } = recordingFetch();
    const commerce = createCommerceClient({ baseUrl: BASE, cloudService: true, auth: bearer('ims-token'), fetch, retry: 0 });
    expect(otherRoutes).toHaveLength(184);
    for (const route of otherRoutes) {
      const error = await commerce.request(route.key as never, inputFor(route) as never).catch((e: unknown) => e);
      expect(error, route.key).toBeInstanceOf(CloudServiceRouteError);
      expect(error).toMatchObject({ kind: 'input', route: route.key });
      expect((error as Error).message).toMatch(/Cloud Service: its published REST schema lacks it.*Nothing was sent/);
      if (route.method !== 'GET') await expect(commerce.async.request(route.key as never, inputFor(route) as never)).rejects.toBeInstanceOf(CloudServiceRouteError);
    }
    expect(sent).toHaveLength(0);
  });
});

describe('self-hosted clients over the whole table', () => {
  it('refuse the 58 cloud-only routes (no 2.4.x release has them) and send every other route', async () => {
    const { sent, fetch } = recordingFetch();
    const commerce = createCommerceClient({ baseUrl: SHOP, auth: bearer('t'), fetch, retry: 0 });
    for (const route of routes) {
      const before = sent.length;
      const result = await commerce.request(route.key as never, inputFor(route) as never).catch((e: unknown) => e);
      if (route.cloudServiceOnly) {
        expect(result, route.key).toBeInstanceOf(PlatformRouteError);
        expect((result as Error).message).toContain(`${route.key} is only on Adobe Commerce as a Cloud Service (no 2.4.x release has it)`);
        expect(sent.length).toBe(before);
      } else {
        expect(sent.length, route.key).toBe(before + 1);
        expect(pathOf(sent.at(-1)!)).toBe(`/rest${filled(route)}`);
      }
    }
    expect(sent).toHaveLength(routes.length - 58);
  });

  it('told its release, refuse exactly the routes that release lacks, naming the release that added them', async () => {
    for (const [version, lacking] of [['2.4.6', 92], ['2.4.7-p3', 29], ['2.4.8', 20], ['2.4.9', 0]] as const) {
      const { sent, fetch } = recordingFetch();
      const commerce = createCommerceClient({ baseUrl: SHOP, auth: bearer('t'), fetch, retry: 0, platformVersion: version });
      let refused = 0;
      for (const route of routes.filter((r) => !r.cloudServiceOnly)) {
        const result = await commerce.request(route.key as never, inputFor(route) as never).catch((e: unknown) => e);
        if (result instanceof PlatformRouteError) {
          refused += 1;
          expect(result.message).toContain(`${route.key} was added in ${route.addedIn}; this client's platformVersion is ${version}. Nothing was sent.`);
          expect(result).toMatchObject({ route: route.key, addedIn: route.addedIn, platformVersion: version });
        } else expect(result, `${version} ${route.key}`).not.toBeInstanceOf(Error);
      }
      expect(refused, version).toBe(lacking);
      expect(sent).toHaveLength(routes.length - 58 - lacking);
    }
  });
});
