/**
 * The search routes over the fake's stored entities, and what each one's collection does with
 * searchCriteria beyond the common semantics (magento/magento2, 2.4):
 * - products and customers are EAV collections (`e`): they answer `id` but filter and sort on
 *   `entity_id`, and a sort on something that is not an attribute (`id`) is dropped without an
 *   error (Eav\Model\Entity\Collection\AbstractCollection::addAttributeToSort; magento/magento2#39031);
 * - orders are the flat `sales_order AS main_table`: `entity_id` in the answer and in the filter.
 */
import type { SearchTable } from './search.ts';

/** The tables a live store writes to between requests (FakeLiveOptions). */
export type LiveTable = 'products' | 'orders' | 'customers';

export const EAV_ENTITY: SearchTable = { columns: { entity_id: 'id' }, ignoredSorts: new Set(['id']) };

/** Route key → the table it reads, for the live store's writes between requests. */
export const LIVE_SEARCH_ROUTES: Readonly<Record<string, LiveTable>> = {
  'GET /V1/products': 'products',
  'GET /V1/orders': 'orders',
  'GET /V1/customers/search': 'customers',
};
