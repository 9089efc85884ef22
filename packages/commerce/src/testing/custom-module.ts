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
}

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

/** The live schema the fake serves: the modules' paths and definitions over an optional base document. */
export function moduleSchema(base: { paths?: Record<string, unknown>; definitions?: Record<string, unknown> } | undefined, modules: readonly FakeModule[]): Record<string, unknown> {
  const paths: Record<string, unknown> = { ...base?.paths };
  const definitions: Record<string, unknown> = { ...base?.definitions };
  for (const module of modules) {
    Object.assign(paths, module.swagger.paths);
    Object.assign(definitions, module.swagger.definitions);
  }
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
