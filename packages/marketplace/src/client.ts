/** The public client: `request`, the named methods (with the batch/upload wrappers), paginate and the scan waiter. */
import { InputError, buildMethodTree, isLoopbackHost } from '@magekit/core';
import { alignBatch } from './batch.ts';
import { bindRuntime, createMarketplaceRuntime, type CallOptions, type MarketplaceClientOptions } from './runtime.ts';
import { API_PREFIX, type Environment } from './environments.ts';
import { buildUploadForm, checkUploadResponse, waitForMalwareScan, type UploadSource, type WaitForMalwareScanOptions } from './files.ts';
import type { MethodTree } from './generated/method-tree.ts';
import type { operations } from './generated/schema.ts';
import type { PageItem, PaginatedRouteKey, RouteArgs, RouteInput, RouteKey, RouteOutput } from './methods.ts';
import { paginate, type PaginateOptions, type Paginator } from './paginate.ts';
import { waitForReview, type ReviewOutcome, type WaitForReviewOptions } from './review.ts';
import { routeById, routeByKey, routes, type RouteInfo } from './route-table.ts';
import type { FileRecord, M2KeyInput, Package, PackageInput, PackageUpdate, Session } from './types.ts';

export interface MarketplaceClient extends MethodTree {
  files: MethodTree['files'] & {
    /** Resolves with each file's record once none is `in-progress` (polling, woken early by a callback feed). */
    waitForMalwareScan(fileIds: readonly string[], options?: WaitForMalwareScanOptions): Promise<FileRecord[]>;
  };
  packages: MethodTree['packages'] & {
    /** Resolves once every submitted review flow of the submission has a decision (polling, woken early by a feed). */
    waitForReview(submissionId: string, options?: WaitForReviewOptions): Promise<ReviewOutcome>;
  };
  /** Calls any route by its reference string: `request('GET /products/packages/{submission_id}', { submission_id })`. */
  request<K extends RouteKey>(route: K, ...args: RouteArgs<K>): Promise<RouteOutput<K>>;
  /** Iterates a paginated list (offset/limit, X-Total-Count): `for await`, `.pages()` or `.collect()`. */
  paginate<K extends PaginatedRouteKey>(route: K, input?: RouteInput<K>, options?: PaginateOptions): Paginator<PageItem<K>>;
  /** Forgets the cached session; the next call requests a new one. */
  logout(): void;
  readonly environment: Environment;
  readonly baseUrl: string;
}

const TOKEN_ROUTE = 'POST /app/session/token';

/** The spec's operationIds: special-cased routes are keyed by these, so a renamed operation breaks the build. */
export type OperationId = keyof operations;
/** Routes whose named method is not the plain call (batches, uploads, the session), by operationId. */
export type SpecialCasedRoutes = Partial<Record<OperationId, (route: RouteInfo) => unknown>>;

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const runtime = createMarketplaceRuntime(options);
  const origin = new URL(runtime.baseUrl).origin;
  const urlOf = (route: RouteInfo) => `${runtime.baseUrl}${API_PREFIX}${route.path}`;

  async function newSession(): Promise<Session> {
    const token = await runtime.session.renew(origin);
    return { mage_id: String(token.meta?.['mageId']), ust: token.value, expires_in: Number(token.meta?.['expiresIn']) };
  }

  async function raw(route: RouteInfo, input: unknown, callOptions: CallOptions | undefined): Promise<unknown> {
    if (route.key === TOKEN_ROUTE) return newSession();
    if (route.id === 'users.update') {
      registerCallbackPasswords(input, runtime.protect);
      checkCallbackUrls(input, origin);
    }
    // The docs say only the status code tells success: a 200 with an empty body is a success too.
    if (route.id === 'packages.updateOne') return (await runtime.send({ ...(await prepareWrite(route, input)), options: callOptions, expect: 'json-or-void', idempotent: route.idempotent })).data;
    if (route.key === ('POST /files/uploads' satisfies RouteKey) && input instanceof FormData) {
      return (await runtime.send({ method: 'POST', path: route.path, body: input, options: callOptions })).data;
    }
    return (await runtime.call(route, input, callOptions)).data;
  }

  async function prepareWrite(route: RouteInfo, input: unknown) {
    const { path, query, body } = await runtime.prepare(route, input);
    return { method: route.method, path, query, json: body ?? {} };
  }

  const wrappers = {
    'session.create': () => (_options?: CallOptions) => newSession(),
    'packages.submit': (route) => async (items: readonly PackageInput[], callOptions?: CallOptions) => {
      checkBatchInput(route, items);
      return alignBatch(items, await raw(route, items, callOptions), { method: route.method, url: urlOf(route) });
    },
    'packages.update': (route) => async (items: readonly PackageUpdate[], callOptions?: CallOptions) => {
      checkBatchInput(route, items);
      const missing = items.flatMap((item, i) => (item && typeof item.submission_id === 'string' && item.submission_id ? [] : [i]));
      if (missing.length) throw new InputError(`packages.update: every item needs its submission_id; missing at index ${missing.join(', ')}. Nothing was sent.`, { service: 'marketplace' });
      return alignBatch(items, await raw(route, items, callOptions), { method: route.method, url: urlOf(route) });
    },
    'users.keys.create': (route) => async (keys: readonly M2KeyInput[], callOptions?: CallOptions & { mage_id?: string }) => {
      checkBatchInput(route, keys);
      const { mage_id, ...rest } = callOptions ?? {};
      const data = (await raw(route, { ...(mage_id === undefined ? {} : { mage_id }), m2: keys }, rest)) as { m2?: unknown } | null;
      return alignBatch(keys, data?.m2, { method: route.method, url: urlOf(route) });
    },
    'files.upload': (route) => async (files: readonly UploadSource[], callOptions?: CallOptions) => {
      const form = buildUploadForm(files);
      const { data } = await runtime.send({ method: 'POST', path: route.path, body: form, options: callOptions });
      return checkUploadResponse(data, files.length, urlOf(route));
    },
  } satisfies SpecialCasedRoutes;
  const wrapperOf = (id: string): ((route: RouteInfo) => unknown) | undefined => (wrappers as SpecialCasedRoutes)[id as OperationId];

  const tree = buildMethodTree(routes, (route) => wrapperOf(route.id)?.(route) ?? ((input?: unknown, callOptions?: CallOptions) => raw(route, input, callOptions)));
  const getFile = routeById('files.get' satisfies OperationId);
  (tree['files'] as Record<string, unknown>)['waitForMalwareScan'] = (fileIds: readonly string[], waitOptions?: WaitForMalwareScanOptions) =>
    waitForMalwareScan(async (id, signal) => (await runtime.call<FileRecord>(getFile, { file_upload_id: id }, { signal })).data, fileIds, waitOptions);

  const getPackage = routeById('packages.get' satisfies OperationId);
  (tree['packages'] as Record<string, unknown>)['waitForReview'] = (submissionId: string, waitOptions?: WaitForReviewOptions) =>
    waitForReview(async (id, signal) => (await runtime.call<Package>(getPackage, { submission_id: id }, { signal })).data, submissionId, waitOptions);

  const client = Object.assign(tree as unknown as MethodTree, {
    request: (async (route: string, input?: unknown, callOptions?: CallOptions) => raw(routeByKey(route), input, callOptions)) as MarketplaceClient['request'],
    paginate: ((route: string, input?: Record<string, unknown>, paginateOptions?: PaginateOptions) => {
      const info = routeByKey(route);
      if (!info.queryParams.includes('offset')) throw new InputError(`${route} is not paginated.`, { service: 'marketplace' });
      return paginate(runtime, info, input, paginateOptions);
    }) as MarketplaceClient['paginate'],
    logout: () => runtime.session.signOut(),
    environment: runtime.environment,
    baseUrl: runtime.baseUrl,
  }) as unknown as MarketplaceClient;
  return bindRuntime(client, runtime);
}

function checkBatchInput(route: RouteInfo, items: unknown): void {
  if (!Array.isArray(items) || items.length === 0) {
    throw new InputError(`${route.id} takes a non-empty array (the service wants an array even for one item).`, { service: 'marketplace' });
  }
  const bad = items.findIndex((item) => !item || typeof item !== 'object' || Array.isArray(item));
  if (bad !== -1) throw new InputError(`${route.id}: item ${bad} is not an object.`, { service: 'marketplace' });
}

/**
 * The service sends callbacks over HTTPS only, so an http:// (or relative, or malformed) URL would be
 * stored and never called. Plain http is let through only to loopback while the client itself talks
 * to a loopback fake, where nothing leaves the machine.
 */
function checkCallbackUrls(input: unknown, clientOrigin: string): void {
  const callbacks = (input as { api_callbacks?: unknown } | null)?.api_callbacks;
  if (!Array.isArray(callbacks)) return;
  const fakeOnLoopback = isLoopbackHost(new URL(clientOrigin).hostname);
  callbacks.forEach((callback, i) => {
    const raw = (callback as { url?: unknown } | null)?.url;
    const fail = (why: string) =>
      new InputError(`users.update: api_callbacks[${i}].url ${why} The marketplace sends callbacks over HTTPS only: register an absolute https:// URL, e.g. https://hooks.example.com/eqp. Nothing was sent.`, { service: 'marketplace' });
    if (typeof raw !== 'string' || !raw.trim()) throw fail('is missing.');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw fail(`(${JSON.stringify(raw.slice(0, 200))}) is not an absolute URL.`);
    }
    if (url.protocol === 'https:') return;
    if (url.protocol === 'http:' && fakeOnLoopback && isLoopbackHost(url.hostname)) return;
    throw fail(`uses ${url.protocol.replace(':', '')}://.`);
  });
}

/** Callback passwords are credentials too: registered so no error or hook can ever show them. */
function registerCallbackPasswords(input: unknown, protect: (secret: string | undefined) => void): void {
  const callbacks = (input as { api_callbacks?: unknown } | null)?.api_callbacks;
  if (!Array.isArray(callbacks)) return;
  for (const callback of callbacks) protect((callback as { password?: unknown } | null)?.password as string | undefined);
}
