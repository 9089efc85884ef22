/**
 * searchCriteria, fields and pagination end to end: the client against the full fake platform
 * (`@magekit/commerce/testing`), products, customers and orders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createCommerceClient } from '../src/client.ts';
import { paginate } from '../src/reads/paginate.ts';
import { searchCriteria, where } from '../src/search/index.ts';
import { createFakeCommerce, type FakeCommerce } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import type { components } from '../src/generated/schema.ts';
import { server } from '@magekit/test-support/msw';

const BASE = 'https://shop.test';
type Product = components['schemas']['catalog-data-product-interface'];
type Customer = components['schemas']['customer-data-customer-interface'];

let fake: FakeCommerce;
beforeEach(() => {
  fake = createFakeCommerce({ auth: false, seed: { products: 45, customers: 12, orders: 9 } });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
});
const commerce = () => createCommerceClient({ baseUrl: BASE });

describe('end to end against the fake platform', () => {
  it('products: filters (OR in a group, AND across), sorts, pages and narrows with fields', async () => {
    const criteria = searchCriteria<Product>()
      .where('sku', 'eq', 'SKU-0001')
      .or('sku', 'like', 'SKU-004%')
      .and('price', 'gteq', 45)
      .sortBy('price', 'DESC')
      .pageSize(3);
    const page = await commerce().products.list({ searchCriteria: criteria, fields: ['sku', 'price', 'total_count'] });
    // SKU-0040..0045 have prices 50..55; SKU-0001 (price 11) fails the AND.
    expect(page).toEqual({
      items: [
        { sku: 'SKU-0045', price: 55 },
        { sku: 'SKU-0044', price: 54 },
        { sku: 'SKU-0043', price: 53 },
      ],
      total_count: 6,
    });
  });

  it('products: paginate visits every match exactly once', async () => {
    const skus = [];
    for await (const product of paginate(commerce(), 'GET /V1/products', { searchCriteria: where('price', 'lt', 30), fields: ['sku'] }, { pageSize: 7 })) skus.push(product.sku);
    const expected = [...fake.store.products.values()].filter((p) => (p['price'] as number) < 30).map((p) => p['sku']);
    expect(skus).toEqual(expected);
    expect(new Set(skus).size).toBe(skus.length);
    expect(fake.stats.byRoute.get('GET /V1/products')).toBe(Math.ceil(expected.length / 7));
  });

  it('products: in / nin lists, and a product read with fields', async () => {
    const listed = await commerce().products.list({ searchCriteria: where('sku', 'in', ['SKU-0002', 'SKU-0004', 'SKU-0009']).and('sku', 'nin', ['SKU-0004']), fields: ['sku'] });
    expect(listed.items!.map((p) => p.sku)).toEqual(['SKU-0002', 'SKU-0009']);
    const one = await commerce().products.get({ sku: 'SKU-0002', fields: ['sku', { extension_attributes: ['website_ids'] }] });
    expect(one).toEqual({ sku: 'SKU-0002', extension_attributes: { website_ids: [1] } });
  });

  it('customers: searched, narrowed and collected', async () => {
    const all = await paginate(commerce(), 'GET /V1/customers/search', { searchCriteria: searchCriteria<Customer>().where('email', 'like', 'customer1%'), fields: ['id', 'email'] }, { pageSize: 2 }).collect();
    expect(all.map((c) => c.email)).toEqual(['customer1@example.com', 'customer10@example.com', 'customer11@example.com', 'customer12@example.com']);
    expect(Object.keys(all[0]!).sort()).toEqual(['email', 'id']);
  });

  it('orders: sorted descending, every page read once', async () => {
    const pages = [];
    for await (const page of paginate(commerce(), 'GET /V1/orders', { searchCriteria: searchCriteria().sortBy('grand_total', 'DESC'), fields: ['increment_id', 'grand_total'] }, { pageSize: 4 }).pages()) {
      pages.push(page.items.map((o) => o.grand_total));
    }
    expect(pages).toEqual([[90, 80, 70, 60], [50, 40, 30, 20], [10]]);
  });

  it('the platform refuses what the SDK would have caught: an unknown condition in a raw query', async () => {
    const response = await fetch(`${BASE}/rest/V1/products?searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=x&searchCriteria[filter_groups][0][filters][0][condition_type]=bogus`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid condition type "%1".', parameters: ['bogus'] });
  });
});
