/**
 * Custom modules for the fake platform: an installation's own REST routes and extension attributes,
 * served like built-in routes and described in the fake's live schema (`GET /rest/{store}/schema`),
 * which is what `magekit-commerce types pull` reads. `acmeWarrantyModule` is a ready-made one: a
 * warranty-claims API with path parameters, a body and a search route, and two product
 * extension attributes of its own.
 */
import { applySearch, parseSearchCriteria } from './search.ts';
import { MESSAGES, PlatformError } from './platform-errors.ts';
import { phpUrlDecode } from './php-urldecode.ts';
import type { Entity, FakeStore } from './store.ts';

export interface ModuleContext {
  store: FakeStore;
  query: URLSearchParams;
  /** The module's own records, kept per fake. */
  data: Map<string, unknown>;
}

export type ModuleHandler = (input: Record<string, unknown>, context: ModuleContext) => unknown;

export interface FakeModule {
  name: string;
  /** Swagger 2.0 `paths` and `definitions` the module adds to the installation's live schema. */
  swagger: { paths: Record<string, Record<string, unknown>>; definitions: Record<string, unknown> };
  /** Handlers by route key (`POST /V1/acme/...`), given decoded path values merged with the body. */
  routes: Record<string, ModuleHandler>;
  /**
   * Who may call each route (its webapi.xml resource): `guest` (anonymous), `customer` (self) or
   * `admin` (an ACL resource), the default. The live schema lists a route only to its audience.
   */
  access?: Record<string, ModuleAccess>;
}

export type ModuleAccess = 'guest' | 'customer' | 'admin';

interface CompiledModuleRoute {
  method: string;
  segments: ({ literal: string } | { param: string })[];
  handler: ModuleHandler;
}

/** Routes of the given modules, matched segment by segment as the platform's router does. */
export function createModuleRouter(modules: readonly FakeModule[]) {
  const compiled: CompiledModuleRoute[] = modules.flatMap((module) =>
    Object.entries(module.routes).map(([key, handler]) => {
      const [method, path] = key.split(' ') as [string, string];
      const segments = path.split('/').filter(Boolean).map((part) => (/^\{([^}]+)\}$/.test(part) ? { param: part.slice(1, -1) } : { literal: part }));
      return { method, segments, handler };
    }),
  );
  return {
    /** Raw (still encoded) segments from `V1` on. */
    match(method: string, segments: readonly string[]): { handler: ModuleHandler; pathValues: Record<string, string> } | undefined {
      const route = compiled.find((c) => c.method === method && c.segments.length === segments.length && c.segments.every((s, i) => ('literal' in s ? s.literal === segments[i] : segments[i] !== '')));
      if (!route) return undefined;
      const pathValues: Record<string, string> = {};
      route.segments.forEach((s, i) => {
        if ('param' in s) pathValues[s.param] = phpUrlDecode(segments[i]!);
      });
      return { handler: route.handler, pathValues };
    },
  };
}

/**
 * A few of the platform's own routes every live schema lists for its audience: the token routes
 * (anonymous) and the customer's own account (self). They let a schema read with an expired or a
 * customer token be told from an admin one, as on the platform.
 */
const PLATFORM_ROUTES: Record<string, Record<string, unknown>> = {
  '/V1/integration/admin/token': { post: { tags: ['integrationAdminTokenServiceV1'], parameters: [{ name: 'body', in: 'body', required: true, schema: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } } }], responses: { 200: { description: '200 Success.', schema: { type: 'string' } } } } },
  '/V1/integration/customer/token': { post: { tags: ['integrationCustomerTokenServiceV1'], parameters: [{ name: 'body', in: 'body', required: true, schema: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } } }], responses: { 200: { description: '200 Success.', schema: { type: 'string' } } } } },
  '/V1/customers/me': { get: { tags: ['customerCustomerRepositoryV1'], responses: { 200: { description: '200 Success.', schema: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string' } } } } } } },
};

/** Is a route (by key) listed for this caller? Default: every route (an admin's view without ACL). */
export type SchemaAudienceFilter = (routeKey: string, access: ModuleAccess) => boolean;

/**
 * The live schema the fake serves: the platform's routes above, then an optional base document, then
 * the modules' paths and definitions, each operation listed only when `visible` says its caller may use
 * it (magento2 app/code/Magento/Webapi/Model/AbstractSchemaGenerator.php, getAllowedServicesMetadata),
 * and given a 401 response when it needs more than an anonymous caller
 * (app/code/Magento/Webapi/Model/Rest/Swagger/Generator.php, generateMethodResponses).
 */
export function moduleSchema(base: { paths?: Record<string, unknown>; definitions?: Record<string, unknown> } | undefined, modules: readonly FakeModule[], visible?: SchemaAudienceFilter, accessOf: (routeKey: string) => ModuleAccess = () => 'admin'): Record<string, unknown> {
  const declared: Record<string, ModuleAccess> = {};
  const all: Record<string, Record<string, unknown>> = { ...PLATFORM_ROUTES, ...(base?.paths as Record<string, Record<string, unknown>> | undefined) };
  const definitions: Record<string, unknown> = { ...base?.definitions };
  for (const module of modules) {
    Object.assign(all, module.swagger.paths);
    Object.assign(definitions, module.swagger.definitions);
    Object.assign(declared, module.access);
  }
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(all)) {
    const kept: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (!op || typeof op !== 'object' || !['get', 'post', 'put', 'delete', 'patch'].includes(method)) {
        kept[method] = op;
        continue;
      }
      const access = declared[key] ?? accessOf(key);
      if (visible && !visible(key, access)) continue;
      const responses = { ...((op as { responses?: Record<string, unknown> }).responses ?? {}) };
      if (access !== 'guest') responses['401'] = { description: '401 Unauthorized', schema: { $ref: '#/definitions/error-response' } };
      kept[method] = { ...op, responses };
    }
    if (Object.keys(kept).some((m) => m !== 'parameters')) paths[path] = kept;
  }
  definitions['error-response'] ??= { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
  return { swagger: '2.0', info: { version: '2.4', title: 'Commerce (fake)' }, host: 'localhost', basePath: '/rest/all', schemes: ['http'], paths, definitions };
}

// ---- acme/module-warranty: the example module -------------------------------------------------

const CLAIM = 'acme-warranty-data-claim-interface';
const CLAIM_RESULTS = 'acme-warranty-data-claim-search-results-interface';
const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const error = { description: 'Error', schema: ref('error-response') };
const searchCriteriaParameters = [
  'searchCriteria[filterGroups][0][filters][0][field]',
  'searchCriteria[filterGroups][0][filters][0][value]',
  'searchCriteria[filterGroups][0][filters][0][conditionType]',
].map((name) => ({ name, in: 'query', type: 'string' }))
  .concat([{ name: 'searchCriteria[pageSize]', in: 'query', type: 'integer' }, { name: 'searchCriteria[currentPage]', in: 'query', type: 'integer' }]);

const STAMP = '2024-01-01 00:00:00';

function claims(context: ModuleContext): Map<number, Entity> {
  let map = context.data.get('claims') as Map<number, Entity> | undefined;
  if (!map) context.data.set('claims', (map = new Map()));
  return map;
}

export const acmeWarrantyModule: FakeModule = {
  name: 'Acme_Warranty',
  swagger: {
    paths: {
      '/V1/acme/products/{sku}/warranty-claims': {
        post: {
          tags: ['acmeWarrantyClaimRepositoryV1'],
          operationId: 'acmeWarrantyClaimRepositoryV1SavePost',
          parameters: [
            { name: 'sku', in: 'path', type: 'string', required: true },
            { name: 'acmeWarrantyClaimRepositoryV1SavePostBody', in: 'body', required: true, schema: { type: 'object', required: ['claim'], properties: { claim: ref(CLAIM) } } },
          ],
          responses: { 200: { description: '200 Success.', schema: ref(CLAIM) }, default: error },
        },
      },
      '/V1/acme/warranty-claims/{claimId}': {
        get: {
          tags: ['acmeWarrantyClaimRepositoryV1'],
          operationId: 'acmeWarrantyClaimRepositoryV1GetByIdGet',
          parameters: [{ name: 'claimId', in: 'path', type: 'integer', required: true }],
          responses: { 200: { description: '200 Success.', schema: ref(CLAIM) }, default: error },
        },
      },
      '/V1/acme/warranty-claims': {
        get: {
          tags: ['acmeWarrantyClaimRepositoryV1'],
          operationId: 'acmeWarrantyClaimRepositoryV1GetListGet',
          parameters: searchCriteriaParameters,
          responses: { 200: { description: '200 Success.', schema: ref(CLAIM_RESULTS) }, default: error },
        },
      },
      // The installation's schema also lists core routes; this one carries the product shape the module extends.
      '/V1/products/{sku}': {
        get: {
          tags: ['catalogProductRepositoryV1'],
          parameters: [{ name: 'sku', in: 'path', type: 'string', required: true }],
          responses: { 200: { description: '200 Success.', schema: ref('catalog-data-product-interface') }, default: error },
        },
      },
    },
    definitions: {
      [CLAIM]: {
        type: 'object',
        description: 'A warranty claim.',
        required: ['reason'],
        properties: {
          id: { type: 'integer' },
          sku: { type: 'string' },
          reason: { type: 'string' },
          status: { type: 'string', enum: ['open', 'approved', 'rejected'] },
          purchased_at: { type: 'string' },
          created_at: { type: 'string' },
        },
      },
      [CLAIM_RESULTS]: {
        type: 'object',
        required: ['items', 'search_criteria', 'total_count'],
        properties: { items: { type: 'array', items: ref(CLAIM) }, search_criteria: ref('framework-search-criteria-interface'), total_count: { type: 'integer' } },
      },
      'framework-search-criteria-interface': { type: 'object', properties: { page_size: { type: 'integer' }, current_page: { type: 'integer' } } },
      'error-response': { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      'catalog-data-product-interface': {
        type: 'object',
        required: ['sku'],
        properties: { id: { type: 'integer' }, sku: { type: 'string' }, name: { type: 'string' }, price: { type: 'number' }, extension_attributes: ref('catalog-data-product-extension-interface') },
      },
      'catalog-data-product-extension-interface': {
        type: 'object',
        properties: {
          website_ids: { type: 'array', items: { type: 'integer' } },
          acme_warranty_months: { type: 'integer' },
          acme_warranty_provider: { type: 'string' },
        },
      },
    },
  },
  routes: {
    'POST /V1/acme/products/{sku}/warranty-claims': (input, context) => {
      const sku = String(input['sku']);
      if (!context.store.products.has(sku)) throw new PlatformError(404, MESSAGES.productMissing);
      const claim = input['claim'];
      if (!claim || typeof claim !== 'object' || Array.isArray(claim)) throw new PlatformError(400, MESSAGES.required, { fieldName: 'claim' });
      const reason = (claim as Entity)['reason'];
      if (typeof reason !== 'string' || !reason) throw new PlatformError(400, MESSAGES.required, { fieldName: 'reason' });
      const store = claims(context);
      const id = store.size + 1;
      const saved: Entity = { ...(claim as Entity), id, sku, reason, status: 'open', created_at: STAMP };
      store.set(id, saved);
      return saved;
    },
    'GET /V1/acme/warranty-claims/{claimId}': (input, context) => {
      const claim = claims(context).get(Number(input['claimId']));
      if (!claim) throw new PlatformError(404, MESSAGES.noSuchEntity, { fieldName: 'claimId', fieldValue: String(input['claimId']) });
      return claim;
    },
    'GET /V1/acme/warranty-claims': (_, context) => applySearch([...claims(context).values()], parseSearchCriteria(context.query)),
  },
};
