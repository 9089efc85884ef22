/**
 * Shared catalogs: one public catalog and any number of custom ones, each bound to a customer group.
 * Products (which must exist) and categories are assigned per catalog; a company is in exactly one
 * catalog and takes its customer group, so assigning it moves it, and unassigning returns it to the
 * public catalog. The public catalog cannot be deleted, nor a catalog that still has companies.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import type { FakeStore } from '../store.ts';
import { PUBLIC_CATALOG_ID, id, list, noSuchEntity, object, required, type FakeB2b } from './state.ts';

const CATALOG_REQUIRED = ['name'];

export function sharedCatalogRoutes(b2b: FakeB2b, store: FakeStore): Record<string, ModeledHandler> {
  const catalog = (value: unknown, name: string) => {
    const catalogId = id(value, name);
    const found = b2b.sharedCatalogs.get(catalogId);
    if (!found) throw noSuchEntity('id', catalogId);
    return catalogId;
  };
  const companiesOf = (catalogId: number) => [...b2b.companyCatalog].filter(([, c]) => c === catalogId).map(([companyId]) => companyId);
  const moveCompanies = (input: Record<string, unknown>, target: (companyId: number) => number) => {
    for (const entry of list(input, 'companies')) {
      const companyId = id(entry['id'], 'id');
      const company = b2b.companies.get(companyId);
      if (!company) throw noSuchEntity('id', companyId);
      const catalogId = target(companyId);
      b2b.companyCatalog.set(companyId, catalogId);
      b2b.companies.set(companyId, { ...company, customer_group_id: b2b.sharedCatalogs.get(catalogId)!['customer_group_id'] });
    }
    return true;
  };
  const save = (catalogId: number, fields: Record<string, unknown>, existing: Record<string, unknown> | undefined) => {
    for (const name of CATALOG_REQUIRED) if (!existing && !fields[name]) throw required(name);
    const duplicate = [...b2b.sharedCatalogs.values()].find((c) => c['name'] === fields['name'] && c['id'] !== catalogId);
    if (duplicate) throw new PlatformError(400, MESSAGES.invalidValue, ['name']);
    const saved = {
      description: '', type: 0, created_at: '2024-01-01 00:00:00', created_by: 1, store_id: 0, tax_class_id: 3,
      ...existing, ...fields, id: catalogId,
      // A new custom catalog gets its own customer group, as on the platform.
      customer_group_id: existing?.['customer_group_id'] ?? 100 + catalogId,
    };
    b2b.sharedCatalogs.set(catalogId, saved);
    if (!b2b.catalogProducts.has(catalogId)) b2b.catalogProducts.set(catalogId, new Set());
    if (!b2b.catalogCategories.has(catalogId)) b2b.catalogCategories.set(catalogId, new Set());
    return catalogId;
  };
  return {
    'GET /V1/sharedCatalog/': (_, { search }) => search([...b2b.sharedCatalogs.values()]),
    'POST /V1/sharedCatalog': (input) => save(b2b.nextId('sharedCatalog'), object(input, 'sharedCatalog'), undefined),
    'GET /V1/sharedCatalog/{sharedCatalogId}': (input) => b2b.sharedCatalogs.get(catalog(input['sharedCatalogId'], 'sharedCatalogId')),
    'PUT /V1/sharedCatalog/{id}': (input) => {
      const catalogId = catalog(input['id'], 'id');
      const { customer_group_id: _group, ...fields } = object(input, 'sharedCatalog');
      return save(catalogId, fields, b2b.sharedCatalogs.get(catalogId));
    },
    'DELETE /V1/sharedCatalog/{sharedCatalogId}': (input) => {
      const catalogId = catalog(input['sharedCatalogId'], 'sharedCatalogId');
      if (catalogId === PUBLIC_CATALOG_ID || companiesOf(catalogId).length) throw new PlatformError(400, MESSAGES.invalidValue, ['sharedCatalogId']);
      b2b.sharedCatalogs.delete(catalogId);
      b2b.catalogProducts.delete(catalogId);
      b2b.catalogCategories.delete(catalogId);
      return true;
    },
    'GET /V1/sharedCatalog/{id}/products': (input) => [...b2b.catalogProducts.get(catalog(input['id'], 'id'))!].sort(),
    'POST /V1/sharedCatalog/{id}/assignProducts': (input) => {
      const products = b2b.catalogProducts.get(catalog(input['id'], 'id'))!;
      const skus = list(input, 'products').map((p) => String(p['sku'] ?? ''));
      const unknown = skus.find((sku) => !store.products.has(sku));
      if (unknown !== undefined) throw new PlatformError(404, MESSAGES.productMissing);
      skus.forEach((sku) => products.add(sku));
      return true;
    },
    'POST /V1/sharedCatalog/{id}/unassignProducts': (input) => {
      const products = b2b.catalogProducts.get(catalog(input['id'], 'id'))!;
      for (const p of list(input, 'products')) products.delete(String(p['sku'] ?? ''));
      return true;
    },
    'GET /V1/sharedCatalog/{id}/categories': (input) => [...b2b.catalogCategories.get(catalog(input['id'], 'id'))!].sort((a, b) => a - b),
    'POST /V1/sharedCatalog/{id}/assignCategories': (input) => {
      const categories = b2b.catalogCategories.get(catalog(input['id'], 'id'))!;
      for (const c of list(input, 'categories')) {
        const categoryId = id(c['id'], 'id');
        if (!store.categories.has(categoryId)) throw noSuchEntity('id', categoryId);
        categories.add(categoryId);
      }
      return true;
    },
    'POST /V1/sharedCatalog/{id}/unassignCategories': (input) => {
      const categories = b2b.catalogCategories.get(catalog(input['id'], 'id'))!;
      for (const c of list(input, 'categories')) categories.delete(Number(c['id']));
      return true;
    },
    // The platform answers with the ids as JSON text.
    'GET /V1/sharedCatalog/{sharedCatalogId}/companies': (input) => JSON.stringify(companiesOf(catalog(input['sharedCatalogId'], 'sharedCatalogId')).map(String)),
    'POST /V1/sharedCatalog/{sharedCatalogId}/assignCompanies': (input) => {
      const catalogId = catalog(input['sharedCatalogId'], 'sharedCatalogId');
      return moveCompanies(input, () => catalogId);
    },
    'POST /V1/sharedCatalog/{sharedCatalogId}/unassignCompanies': (input) => {
      const catalogId = catalog(input['sharedCatalogId'], 'sharedCatalogId');
      return moveCompanies(input, (companyId) => {
        if (b2b.companyCatalog.get(companyId) !== catalogId) throw noSuchEntity('companyId', companyId);
        return PUBLIC_CATALOG_ID;
      });
    },
  };
}
