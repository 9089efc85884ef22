/**
 * createFakeCommerce: a stateful fake of the platform's REST API as one Fetch-API handler
 * (`handle(request) → response`), so the same code runs under MSW in tests and behind a node:http
 * server on loopback. Catalog data lives in memory, writes can go through the async queue, a
 * consumer works it, and every catalog route answers (modeled ones from the store, the rest with
 * schema-valid examples from the spec).
 */
import { createFakeAuth, type FakeAuth, type FakeAuthOptions, type Principal, type TokenRoute } from './auth.ts';
import { createQueue, type FakeOperation, type FakeQueue, type OperationStorage, type QueuedElement } from './async-queue.ts';
import { createConsumer, type ConsumerOptions, type FakeConsumer } from './consumer.ts';
import { exampleResponse, routeAccess } from './examples.ts';
import { modeledRoutes, type HandlerContext, type ModeledHandler } from './modeled-routes.ts';
import { MESSAGES, PlatformError, asPlatformError, errorResponse, fill } from './platform-errors.ts';
import { matchRoute, parseRestPath, type RouteMatch } from './router.ts';
import { applyFields } from './search.ts';
import { createStore, type FakeStore, type SeedOptions } from './store.ts';
import { createFakeTwoFactor, type FakeTwoFactor } from './tfa.ts';
import { b2bRoutes, createB2bState, type FakeB2b } from './b2b/index.ts';
import { routeByKey, type RouteInfo } from '../route-table.ts';

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
  /** Refuse an element at acceptance (a message makes it `rejected`), as the platform does for input it cannot deserialize. */
  rejectElement?: (routeKey: string, element: Record<string, unknown>, index: number) => string | undefined;
  now?: () => number;
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
  /** Requests handled, by route key (or `unmatched`), for assertions on traffic. */
  readonly requests: Map<string, number>;
}

const TOKEN_ROUTES: Record<string, TokenRoute> = {
  '/V1/integration/admin/token': 'admin',
  '/V1/integration/customer/token': 'customer',
  '/V1/tfa/provider/google/authenticate': 'tfa',
  '/V1/integration/customer/revoke-customer-token': 'revoke',
};

const USER_TYPE: Record<Principal['type'], number> = { integration: 1, admin: 2, customer: 3, guest: 4 };
const ADMIN: Principal = { type: 'admin', username: 'admin' };

export function createFakeCommerce(options: FakeCommerceOptions = {}): FakeCommerce {
  const now = options.now ?? (() => Date.now());
  const store = createStore(options.seed);
  const auth = createFakeAuth(options.auth === false ? {} : { now, ...options.auth });
  const queue = createQueue(now, options.operationStorage);
  const requests = new Map<string, number>();
  const b2b = createB2bState();
  const twoFactor = createFakeTwoFactor(options.auth === false ? undefined : options.auth?.twoFactor, auth, now);

  const bulkStatusRoutes: Record<string, ModeledHandler> = {
    'GET /V1/bulk': (_, { query }) => queue.search(query),
    'GET /V1/bulk/{bulkUuid}/status': (input) => queue.summary(String(input['bulkUuid'])),
    'GET /V1/bulk/{bulkUuid}/detailed-status': (input) => queue.detailed(String(input['bulkUuid'])),
    'GET /V1/bulk/{bulkUuid}/operation-status/{status}': (input) => {
      const summary = queue.summary(String(input['bulkUuid'])); // 404 for an unknown bulk
      void summary;
      return queue.countByStatus(String(input['bulkUuid']), Number(input['status']));
    },
  };

  const b2bHandlers = b2bRoutes(b2b, store);

  /** The synchronous behaviour of a route, shared by the sync call and the consumer. */
  function execute(route: RouteInfo, input: Record<string, unknown>, query: URLSearchParams): unknown {
    const handler = modeledRoutes[route.key] ?? bulkStatusRoutes[route.key] ?? b2bHandlers[route.key];
    const context: HandlerContext = { store, query };
    return handler ? handler(input, context) : exampleResponse(route.key);
  }

  const consumer = createConsumer(queue, (op: FakeOperation) => execute(routeByKey(op.routeKey), op.input, new URLSearchParams()), options.consumer);

  function allowed(access: string, principal: Principal): boolean {
    if (access === 'guest') return true;
    if (options.auth === false) return true; // an open fake: every caller may do everything
    if (access === 'customer') return principal.type === 'customer';
    return principal.type === 'admin' || principal.type === 'integration';
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
    const path = parseRestPath(url.pathname);
    if (!path) throw new PlatformError(404, MESSAGES.noRoute);
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);

    // Two-factor provider routes (sign-in, configure, activate) identify the admin by their own fields.
    if (path.variant === 'sync' && method === 'POST' && path.segments[1] === 'tfa' && path.segments[2] === 'provider') {
      const answer = twoFactor.handle(path.segments.slice(3).join('/'), body);
      if (answer) {
        count(matchRoute(method, path)?.route.key ?? 'unmatched');
        return answer;
      }
    }
    const authenticated = options.auth === false ? ADMIN : await auth.authenticate(request);
    const tokenRoute = path.variant === 'sync' && method === 'POST' ? TOKEN_ROUTES['/' + path.segments.join('/')] : undefined;
    if (tokenRoute) {
      count(`POST /${path.segments.join('/')}`);
      return auth.handleTokenRoute(tokenRoute, request, body, authenticated instanceof Response ? { type: 'guest' } : authenticated);
    }
    if (authenticated instanceof Response) return authenticated;

    // There is no asynchronous read: async GETs do not match any route, as on the platform.
    const match = method === 'GET' && path.variant !== 'sync' ? undefined : matchRoute(method, path);
    if (!match) {
      count('unmatched');
      throw new PlatformError(404, MESSAGES.noRoute);
    }
    count(path.variant === 'sync' ? match.route.key : `${path.variant} ${match.route.key}`);
    if (!allowed(routeAccess(match.route.key), authenticated)) {
      return errorResponse(new PlatformError(401, MESSAGES.notAuthorized, { resources: match.route.key.startsWith('GET /V1/bulk') ? 'Magento_Logging::system_magento_logging_bulk_operations' : 'Magento_Backend::admin' }));
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
    const result = execute(match.route, input, url.searchParams);
    if (result === undefined) return new Response(null, { status: 200 });
    // The platform filters every response by `fields`, writes included (it restricts what comes back).
    return Response.json(applyFields(result, url.searchParams.get('fields')));
  }

  function count(key: string): void {
    requests.set(key, (requests.get(key) ?? 0) + 1);
  }

  async function handle(request: Request): Promise<Response> {
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

  return { handle, store, queue, consumer, auth, b2b, twoFactor, requests };
}
