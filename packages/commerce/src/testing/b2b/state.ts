/**
 * The fake's B2B records (Adobe Commerce with the B2B extension): companies and their teams and users,
 * shared catalogs with their product, category and company assignments, and negotiable quotes with
 * their comment history. Plain maps, so tests can seed or inspect them (`fake.b2b`).
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { Entity } from '../store.ts';

/** Quote states as the platform names them. */
export type NegotiableQuoteStatus = 'created' | 'processing_by_customer' | 'processing_by_admin' | 'submitted_by_customer' | 'submitted_by_admin' | 'ordered' | 'expired' | 'declined' | 'closed';

export interface FakeNegotiableQuote {
  quote_id: number;
  quote_name: string;
  status: NegotiableQuoteStatus;
  customer_id: number | null;
  negotiated_price_type: number | null;
  negotiated_price_value: number | null;
  shipping_method: string | null;
  prices_updated: boolean;
  order_id: number | null;
}

export interface FakeB2b {
  companies: Map<number, Entity>;
  teams: Map<number, Entity & { company_id: number }>;
  /** customer id → company id (a customer belongs to one company). */
  companyUsers: Map<number, number>;
  sharedCatalogs: Map<number, Entity>;
  catalogProducts: Map<number, Set<string>>;
  catalogCategories: Map<number, Set<number>>;
  /** company id → shared catalog id (every company has exactly one; the public one by default). */
  companyCatalog: Map<number, number>;
  quotes: Map<number, FakeNegotiableQuote>;
  comments: Map<number, Entity[]>;
  nextId(kind: string): number;
}

export const PUBLIC_CATALOG_ID = 1;
const PUBLIC_GROUP_ID = 1;

export function createB2bState(): FakeB2b {
  const counters = new Map<string, number>();
  const state: FakeB2b = {
    companies: new Map(),
    teams: new Map(),
    companyUsers: new Map(),
    sharedCatalogs: new Map(),
    catalogProducts: new Map(),
    catalogCategories: new Map(),
    companyCatalog: new Map(),
    quotes: new Map(),
    comments: new Map(),
    nextId(kind) {
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return next;
    },
  };
  // Every B2B installation has its public shared catalog, bound to the General customer group.
  state.sharedCatalogs.set(state.nextId('sharedCatalog'), {
    id: PUBLIC_CATALOG_ID, name: 'Default (General)', description: 'Public catalog', customer_group_id: PUBLIC_GROUP_ID, type: 1,
    created_at: '2024-01-01 00:00:00', created_by: 1, store_id: 0, tax_class_id: 3,
  });
  state.catalogProducts.set(PUBLIC_CATALOG_ID, new Set());
  state.catalogCategories.set(PUBLIC_CATALOG_ID, new Set());
  return state;
}

// Helpers the B2B handlers share.
export const required = (fieldName: string) => new PlatformError(400, MESSAGES.required, { fieldName });
export const noSuchEntity = (fieldName: string, fieldValue: unknown) => new PlatformError(404, MESSAGES.noSuchEntity, { fieldName, fieldValue: String(fieldValue) });

export function id(value: unknown, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new PlatformError(400, MESSAGES.invalidValue, [name]);
  return n;
}

export function object(input: Record<string, unknown>, name: string): Entity {
  const value = input[name];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw required(name);
  return value as Entity;
}

export function list(input: Record<string, unknown>, name: string): Entity[] {
  const value = input[name];
  if (!Array.isArray(value)) throw required(name);
  return value.map((item) => (item && typeof item === 'object' ? (item as Entity) : {}));
}

export function text(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || !value.trim()) throw required(name);
  return value;
}
