/**
 * createFakeCommerce: a stateful fake of the platform's REST API as one Fetch-API handler
 * (`handle(request) → response`), so the same code runs under MSW in tests and behind a node:http
 * server on loopback. Catalog data lives in memory, writes can go through the async queue, a
 * consumer works it. Modeled routes answer from the store's records, shaped as the platform's serializer
 * writes them; a search route the fake keeps no records for answers an empty page; any other route it
 * does not model is refused (501) rather than answered with made-up data.
 */
import { ConfigurationError, createFakeStats, type FakeStats } from '@magekit/core';
import { createFakeAuth, type FakeAuth, type FakeAuthOptions, type Principal, type TokenRoute } from './auth.ts';
import { createQueue, type FakeOperation, type FakeQueue, type OperationIds, type OperationStorage, type QueuedElement } from './async-queue.ts';
import { createConsumer, type ConsumerOptions, type FakeConsumer } from './consumer.ts';
import { routeAccess } from './examples.ts';
import { unmodeled } from './unmodeled.ts';
import { accountFor } from './modeled/carts.ts';
import { modeledRoutes, type HandlerContext, type ModeledHandler } from './modeled-routes.ts';
import { MESSAGES, PlatformError, asPlatformError, errorResponse, fill } from './platform-errors.ts';
import { matchRoute, parseRestPath, type RouteMatch } from './router.ts';
import { applyFields, parseSearchCriteria, runSearch, type PastLastPage, type SearchRun, type SearchRules } from './search.ts';
import { createSearchStats, type SearchStats } from './search-stats.ts';
import { LIVE_SEARCH_ROUTES } from './search-tables.ts';
import { createLiveStore, type FakeLive, type FakeLiveOptions } from './live-store.ts';
import { createInputLimits, type FakeInputLimits } from './input-limits.ts';
import { createStore, customerRecord, type FakeStore, type SeedOptions } from './store.ts';
import { createFakeTwoFactor, type FakeTwoFactor } from './tfa.ts';
import { b2bRoutes, createB2bState, type FakeB2b } from './b2b/index.ts';
import { IMS_TOKEN_PATH, type FakeIms } from './ims.ts';
import { createModuleRouter, moduleSchema, type FakeModule } from './custom-module.ts';
import { TOKEN_ACCESS_PATH, TOKEN_REQUEST_PATH, createFakeActivations, type ActivateOptions, type FakeActivation, type FakeActivations } from './activation.ts';
import { routeByKey, type RouteInfo } from '../routes/table.ts';
import { assertRouteOnPlatform, parsePlatformVersion } from '../platform/version.ts';

export interface FakeCommerceOptions {
  /** Token settings (admins, customers, lifetimes, 2FA); `false` treats every request as an admin's. */
  auth?: FakeAuthOptions | false;
  /** Generated catalogue: `{ products: 50 }` makes SKU-0001 … SKU-0050. */
  seed?: SeedOptions;
  consumer?: ConsumerOptions;
  /**
   * When operation rows are stored: `upfront` (default; every accepted operation at once, status 4)
   * or `when-worked` (only once the consumer has worked it, as on some installations).
   */
  operationStorage?: OperationStorage;
  /**
   * How operations are numbered: `per-bulk` (default; 2.4, the element's index in its request, so
   * ids repeat across bulks and a search page holding a repeated id fails with the platform's 500,
   * magento/magento2#29579) or `database` (2.3's auto-increment ids, unique across bulks).
   */
  operationIds?: OperationIds | undefined;
  /**
   * The platform's Web API input limits (2.4.3+): `true` for the platform's defaults (page size at
   * most 300, 20 when none is given, arrays of objects at most 20 items, 5,000 on `/async/V1/`), or
   * the values to use. Off by default, as on the platform (see testing/input-limits.ts).
   */
  inputLimits?: boolean | FakeInputLimits | undefined;
  /** Refuse an element at acceptance (a message makes it `rejected`), as the platform does for input it cannot deserialize. */
  rejectElement?: (routeKey: string, element: Record<string, unknown>, index: number) => string | undefined;
  now?: () => number;
  /**
   * Play Adobe Commerce as a Cloud Service: URLs `/<tenantId>/V1/...` (store view from the `Store`
   * header), IMS bearer tokens only (the IMS token endpoint is served at /ims/token/v3 too), and
   * only the routes of the service's published schema (x-cloud in the spec). Async and bulk calls are
   * served at `/<tenantId>/V1/async/...` and `/<tenantId>/V1/async/bulk/...`, as the service documents them.
   */
  cloudService?: { tenantId: string; ims: FakeIms };
  /**
   * Play a self-hosted installation of this release (`'2.4.6'`): routes it lacks answer 404, as on the
   * platform. Default: every self-hosted route. Routes only the cloud service has always answer 404 here.
   */
  platformVersion?: string;
  /** Custom modules: their routes are served, and described in the live schema (GET /rest/{store}/schema). */
  modules?: FakeModule[];
  /** A Swagger 2.0 document the live schema starts from (the modules' paths and definitions are added to it). */
  schema?: { paths?: Record<string, unknown>; definitions?: Record<string, unknown> };
  /**
   * A search page past the last one: `'empty'` (default, 2.4: `items: []`, or `items: null` with
   * `fields`, total_count unchanged) or `'repeat'` (2.3: the last page again). Stop on total_count
   * or a short page and both work.
   */
  pastLastPage?: PastLastPage;
  /**
   * Play a busy store on the product, order and customer searches: writes between requests (a hook
   * and a built-in writer), `updated_at` from a clock the test moves (whole seconds), late commits,
   * tied rows (and unsorted ones) in a fresh order per request, and server time and workers for
   * benches. `{}` turns on the shuffled order alone. Off by default: the fake stays deterministic.
   * See FakeLiveOptions; the handle is `fake.live`, the costs are counted in `fake.searchStats`.
   */
  live?: FakeLiveOptions;
}

export interface FakeCommerce {
  handle(request: Request): Promise<Response>;
  readonly store: FakeStore;
  readonly queue: FakeQueue;
  readonly consumer: FakeConsumer;
  readonly auth: FakeAuth;
  /** B2B records: companies, teams, shared catalogs and their assignments, negotiable quotes. */
  readonly b2b: FakeB2b;
  /** Two-factor providers (auth.twoFactor): tfaTokens for configure/activate, codes sent, activations. */
  readonly twoFactor: FakeTwoFactor;
  /** Traffic seen: requests, token requests, unmatched requests, and counts by route key. */
  readonly stats: FakeStats;
  /** @deprecated Use `stats.byRoute` (the same map); kept as an alias for one minor release. */
  readonly requests: Map<string, number>;
  /** Search requests, rows scanned (COUNT + OFFSET + returned) and rows returned, in total and by route; always counted. */
  readonly searchStats: SearchStats;
  /** The live store's writes and clock, when `live` is on. */
  readonly live: FakeLive | undefined;
  /** The cloud-service settings, when the fake plays Adobe Commerce as a Cloud Service. */
  readonly cloudService: FakeCommerceOptions['cloudService'];
  /**
   * Plays a merchant activating an integration: POSTs the new consumer's key, secret and verifier
   * to `callbackUrl`, then answers the token exchange; the access token it issues works on REST calls.
   */
  activateIntegration(options: ActivateOptions): Promise<FakeActivation>;
  /** The token-exchange side of activations (request counts). */
  readonly activations: FakeActivations;
}

const TOKEN_ROUTES: Record<string, TokenRoute> = {
  '/V1/integration/admin/token': 'admin',
  '/V1/integration/customer/token': 'customer',
  '/V1/tfa/provider/google/authenticate': 'tfa',
  '/V1/integration/customer/revoke-customer-token': 'revoke',
};

const USER_TYPE: Record<Principal['type'], number> = { integration: 1, admin: 2, customer: 3, guest: 4 };
const ADMIN: Principal = { type: 'admin', username: 'admin' };

/** Who calls, for the handlers: a customer's id (for `mine` / `me` routes) and the origin the request was sent to. */
interface Caller {
  customerId?: number | undefined;
  origin?: string;
}

export function createFakeCommerce(options: FakeCommerceOptions = {}): FakeCommerce {
  const now = options.now ?? (() => Date.now());
  const store = createStore(options.seed);
  const auth = createFakeAuth(options.auth === false ? {} : { now, ...options.auth });
  const queue = createQueue(now, options.operationStorage, options.operationIds);
  const inputLimits = createInputLimits(options.inputLimits);
  const stats = createFakeStats();
  const b2b = createB2bState();
  const twoFactor = createFakeTwoFactor(options.auth === false ? undefined : options.auth?.twoFactor, auth, now);
  const activations = createFakeActivations({ auth, now });
  const modules = options.modules ?? [];
  const moduleRouter = createModuleRouter(modules);
  const moduleData = new Map<string, unknown>();
  if (options.pastLastPage !== undefined && options.pastLastPage !== 'empty' && options.pastLastPage !== 'repeat') {
    throw new ConfigurationError(`createFakeCommerce: pastLastPage must be 'empty' (2.4) or 'repeat' (2.3), got ${JSON.stringify(options.pastLastPage)}.`, { service: 'commerce' });
  }
  const liveStore = options.live ? createLiveStore(options.live, store) : undefined;
  const searches = createSearchStats();
  const searchRules: SearchRules = { pastLastPage: options.pastLastPage, random: liveStore?.shuffle };

  const bulkStatusRoutes: Record<string, ModeledHandler> = {
    'GET /V1/bulk': (_, { search }) => queue.search(search),
    'GET /V1/bulk/{bulkUuid}/status': (input) => queue.summary(String(input['bulkUuid'])),
    'GET /V1/bulk/{bulkUuid}/detailed-status': (input) => queue.detailed(String(input['bulkUuid'])),
    'GET /V1/bulk/{bulkUuid}/operation-status/{status}': (input) => {
      const summary = queue.summary(String(input['bulkUuid'])); // 404 for an unknown bulk
      void summary;
      return queue.countByStatus(String(input['bulkUuid']), Number(input['status']));
    },
  };

  const b2bHandlers = b2bRoutes(b2b, store);

  const at = () => new Date(now()).toISOString().replace('T', ' ').slice(0, 19);
  // A customer the auth options sign in has an account in the store (GET /V1/customers/me answers it).
  for (const customer of options.auth === false ? [] : (options.auth?.customers ?? [])) {
    if (!store.customers.has(customer.id)) store.customers.set(customer.id, customerRecord(customer.id, accountFor(customer.id, customer.email)));
  }

  /** The synchronous behaviour of a route, shared by the sync call and the consumer. */
  function execute(route: RouteInfo, input: Record<string, unknown>, query: URLSearchParams, caller: Caller = {}, onSearch?: (run: SearchRun<Record<string, unknown>>) => void): unknown {
    const handler = modeledRoutes[route.key] ?? bulkStatusRoutes[route.key] ?? b2bHandlers[route.key];
    const search: HandlerContext['search'] = (records, table) => {
      const run = runSearch(records, parseSearchCriteria(query), { ...table, ...searchRules });
      searches.record(route.key, run.scanned, run.result.items.length);
      onSearch?.(run);
      return run.result;
    };
    const context: HandlerContext = { store, query, search, caller: { customerId: caller.customerId }, at, origin: caller.origin ?? 'http://localhost' };
    return handler ? handler(input, context) : unmodeled(route, context);
  }

  const consumer = createConsumer(queue, (op: FakeOperation) => execute(routeByKey(op.routeKey), op.input, new URLSearchParams()), options.consumer);

  function allowed(access: string, principal: Principal): boolean {
    if (access === 'guest') return true;
    if (options.auth === false) return true; // an open fake: every caller may do everything
    if (access === 'customer') return principal.type === 'customer';
    return principal.type === 'admin' || principal.type === 'integration';
  }

  const cloud = options.cloudService;
  /**
   * `/<tenant>/V1/x` → `/rest[/<store>]/V1/x` and `/<tenant>/V1/async[/bulk]/x` → `/rest[/<store>]/async[/bulk]/V1/x`,
   * so the one router serves both URL forms. The self-hosted async form (`/<tenant>/async/V1/x`) is not
   * the service's (AdobeDocs/commerce-webapi asynchronous-web-endpoints.md, bulk-endpoints.md): 404.
   */
  function cloudPath(request: Request, pathname: string): string {
    const prefix = `/${cloud!.tenantId}`;
    const rest = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : '';
    const store = request.headers.get('store');
    const scope = `/rest${store ? `/${store}` : ''}`;
    // The live schema (what `types pull` reads), at <tenant>/schema like /rest/<store>/schema.
    if (rest === '/schema') return `${scope}/schema`;
    const parts = /^\/(V\d+)(\/async(?:\/bulk)?)?(\/.*)$/.exec(rest);
    if (!parts) throw new PlatformError(404, MESSAGES.noRoute);
    return `${scope}${parts[2] ?? ''}/${parts[1]}${parts[3]}`;
  }

  const release = options.platformVersion === undefined ? undefined : parsePlatformVersion(options.platformVersion);
  /** Whether this fake installation has the route: the cloud service's schema, or the self-hosted release's. */
  function servedHere(route: RouteInfo): boolean {
    if (cloud) return route.inCloudService;
    try {
      assertRouteOnPlatform(route, release);
      return true;
    } catch {
      return false;
    }
  }

  /** The cloud service authenticates IMS access tokens (with the client id and org headers) and nothing else. */
  function cloudPrincipal(request: Request): Principal | Response {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const verdict = token ? cloud!.ims.verify(token, request.headers.get('x-api-key'), request.headers.get('x-gw-ims-org-id')) : undefined;
    if (verdict?.ok) return { type: 'admin', username: verdict.client.clientId };
    return errorResponse(new PlatformError(401, MESSAGES.notAuthorized, { resources: 'self' }));
  }

  async function readBody(request: Request): Promise<unknown> {
    const text = await request.text();
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new PlatformError(400, MESSAGES.decoding, [error instanceof Error ? error.message : 'Syntax error']);
    }
  }

  function bulkElements(match: RouteMatch, body: unknown): QueuedElement[] {
    if (!Array.isArray(body) || body.length === 0) throw new PlatformError(400, MESSAGES.required, { fieldName: 'entities' });
    return body.map((element, index): QueuedElement => {
      if (!element || typeof element !== 'object' || Array.isArray(element)) return { input: {}, rejection: fill(MESSAGES.invalidValue, [String(index)]) };
      const input = element as Record<string, unknown>;
      const missing = match.route.pathParams.find((name) => input[name] === undefined || input[name] === null || input[name] === '');
      const rejection = missing ? fill(MESSAGES.required, { fieldName: missing }) : options.rejectElement?.(match.route.key, input, index);
      return { input, rejection };
    });
  }

  async function dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    if (cloud && url.pathname === IMS_TOKEN_PATH) {
      stats.tokenRequests += 1;
      return cloud.ims.handle(request);
    }
    if (!cloud && (url.pathname === TOKEN_REQUEST_PATH || url.pathname === TOKEN_ACCESS_PATH)) return activations.handle(request);
    const restPath = cloud ? cloudPath(request, url.pathname) : url.pathname;
    // The live schema, as the installation's modules shape it and as the caller may see it: the platform
    // lists what the caller's ACL allows and answers 200 either way; a bearer token it does not know
    // (expired, revoked) is no user at all, i.e. anonymous (magento2
    // app/code/Magento/Webapi/Model/Authorization/TokenUserContext.php, processRequest).
    if (method === 'GET' && /^\/(index\.php\/)?rest(\/[A-Za-z0-9_]+)?\/schema$/.test(restPath)) {
      const principal = options.auth === false ? ADMIN : cloud ? cloudPrincipal(request) : await auth.authenticate(request);
      const unknownBearer = principal instanceof Response && !cloud && /^Bearer\s/i.test(request.headers.get('authorization') ?? '');
      if (principal instanceof Response && !unknownBearer) return principal;
      const caller: Principal = principal instanceof Response ? { type: 'guest' } : principal;
      count('GET /schema');
      return Response.json(moduleSchema(options.schema, modules, (_, access) => allowed(access, caller), routeAccess));
    }
    const path = parseRestPath(restPath);
    if (!path) {
      stats.unmatched.push(`${method} ${url.pathname}`);
      throw new PlatformError(404, MESSAGES.noRoute);
    }
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);

    // Two-factor provider routes (sign-in, configure, activate) identify the admin by their own fields.
    if (!cloud && path.variant === 'sync' && method === 'POST' && path.segments[1] === 'tfa' && path.segments[2] === 'provider') {
      const answer = twoFactor.handle(path.segments.slice(3).join('/'), body);
      if (answer) {
        count(matchRoute(method, path)?.route.key ?? 'unmatched');
        return answer;
      }
    }
    const authenticated = options.auth === false ? ADMIN : cloud ? cloudPrincipal(request) : await auth.authenticate(request);
    // The cloud service issues no admin or customer tokens: those routes do not exist there.
    const tokenRoute = !cloud && path.variant === 'sync' && method === 'POST' ? TOKEN_ROUTES['/' + path.segments.join('/')] : undefined;
    if (tokenRoute) {
      stats.tokenRequests += 1;
      count(`POST /${path.segments.join('/')}`);
      return auth.handleTokenRoute(tokenRoute, request, body, authenticated instanceof Response ? { type: 'guest' } : authenticated);
    }
    if (authenticated instanceof Response) return authenticated;

    // There is no asynchronous read: async GETs do not match any route, as on the platform.
    const found = method === 'GET' && path.variant !== 'sync' ? undefined : matchRoute(method, path);
    const match = found && !servedHere(found.route) ? undefined : found;
    const moduleMatch = !match && path.variant === 'sync' ? moduleRouter.match(method, path.segments) : undefined;
    if (moduleMatch) {
      count(`module ${method} ${url.pathname}`);
      if (!allowed('admin', authenticated)) return errorResponse(new PlatformError(401, MESSAGES.notAuthorized, { resources: 'Magento_Backend::admin' }));
      const input = { ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), ...moduleMatch.pathValues };
      const result = moduleMatch.handler(input, { store, query: url.searchParams, data: moduleData });
      return result === undefined ? new Response(null, { status: 200 }) : Response.json(applyFields(result, url.searchParams.get('fields')));
    }
    if (!match) {
      count('unmatched');
      stats.unmatched.push(`${method} ${url.pathname}`);
      throw new PlatformError(404, MESSAGES.noRoute);
    }
    count(path.variant === 'sync' ? match.route.key : `${path.variant} ${match.route.key}`);
    if (!allowed(routeAccess(match.route.key), authenticated)) {
      return errorResponse(new PlatformError(401, MESSAGES.notAuthorized, { resources: match.route.key.startsWith('GET /V1/bulk') ? 'Magento_Logging::system_magento_logging_bulk_operations' : 'Magento_Backend::admin' }));
    }
    // The input validators run as the service input is resolved, after authorization.
    if (inputLimits) {
      if (method === 'GET' && path.variant === 'sync') inputLimits.checkSearch(url.searchParams, match.route.takesSearchCriteria);
      if (body !== undefined) inputLimits.checkBody(body, path.variant);
    }
    const context = { storeCode: path.storeCode, userType: USER_TYPE[authenticated.type], userId: authenticated.type === 'customer' ? authenticated.customerId : authenticated.type === 'admin' ? 1 : null };

    if (path.variant === 'async') {
      if (body !== undefined && (typeof body !== 'object' || Array.isArray(body) || body === null)) throw new PlatformError(400, MESSAGES.decoding, ['the body must be a JSON object']);
      const input = { ...(body as Record<string, unknown> | undefined), ...match.pathValues };
      const element: QueuedElement = { input, rejection: options.rejectElement?.(match.route.key, input, 0) };
      return Response.json(await queue.enqueue(match.route.key, match.route.id, [element], context), { status: 202 });
    }
    if (path.variant === 'bulk') {
      return Response.json(await queue.enqueue(match.route.key, match.route.id, bulkElements(match, body), context), { status: 202 });
    }

    const input = { ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), ...match.pathValues };
    const caller: Caller = { customerId: authenticated.type === 'customer' ? authenticated.customerId : undefined, origin: url.origin };
    const liveTable = liveStore && method === 'GET' ? LIVE_SEARCH_ROUTES[match.route.key] : undefined;
    if (!liveStore || !liveTable) return answer(match.route, input, url, caller);
    return liveStore.serve(match.route.key, liveTable, url.searchParams, () => {
      let scanned = 0;
      let returned = 0;
      const value = answer(match.route, input, url, caller, (run) => {
        scanned = run.scanned;
        returned = run.result.items.length;
      });
      return { value, scanned, returned };
    });
  }

  function answer(route: RouteInfo, input: Record<string, unknown>, url: URL, caller: Caller, onSearch?: (run: SearchRun<Record<string, unknown>>) => void): Response {
    const result = execute(route, input, url.searchParams, caller, onSearch);
    if (result === undefined) return new Response(null, { status: 200 });
    // The platform filters every response by `fields`, writes included (it restricts what comes back).
    return Response.json(applyFields(result, url.searchParams.get('fields')));
  }

  function count(key: string): void {
    stats.byRoute.set(key, (stats.byRoute.get(key) ?? 0) + 1);
  }

  async function handle(request: Request): Promise<Response> {
    stats.requests += 1;
    try {
      return await dispatch(request);
    } catch (error) {
      const platformError = asPlatformError(error);
      if (platformError) return errorResponse(platformError);
      // Unexpected failures look like the platform's masked 500, with the cause for the test author.
      const reportId = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
      return Response.json({ message: MESSAGES.internal, parameters: [reportId], trace: error instanceof Error ? error.stack : String(error) }, { status: 500 });
    }
  }

  return { handle, store, queue, consumer, auth, b2b, twoFactor, stats, requests: stats.byRoute, searchStats: searches.stats, live: liveStore?.live, cloudService: cloud, activations, activateIntegration: (o) => activations.activate(o) };
}
