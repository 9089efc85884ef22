// The fake's B2B state, driven through the client's named methods as a user's tests would: companies
// and teams, shared catalog assignments, and the negotiable quote workflow with its state rules.
import { describe, expect, it } from 'vitest';
import { createCommerceClient, none } from '../src/index.ts';
import { createFakeCommerce, PUBLIC_CATALOG_ID } from '../src/testing/index.ts';
import { commerceHandlers } from '../src/testing/msw-handlers.ts';
import { server } from '@magekit/test-support/msw';
import { failure } from '@magekit/test-support/failure';

const BASE = 'https://shop.b2b.test';
function setup() {
  const fake = createFakeCommerce({ auth: false, seed: { products: 3, categories: 3 } });
  server.use(...commerceHandlers(fake, { baseUrl: BASE }));
  return { fake, commerce: createCommerceClient({ baseUrl: BASE, auth: none(), retry: false }) };
}
const newCompany = (name: string, superUser: number) => ({
  company: { company_name: name, company_email: `${name.toLowerCase()}@example.com`, street: ['1 Main St'], city: 'Austin', country_id: 'US', postcode: '78701', telephone: '5550100', super_user_id: superUser, customer_group_id: 99, sales_representative_id: 1, reject_reason: '', rejected_at: '' },
});

describe('fake B2B: companies', () => {
  it('creates a company in the public catalog\'s group, with its admin as a member, and lists it', async () => {
    const { commerce } = setup();
    const created = await commerce.companies.create(newCompany('Acme', 7));
    expect(created).toMatchObject({ id: 1, company_name: 'Acme', customer_group_id: 1, street: ['1 Main St'] });
    expect(await commerce.companies.get({ companyId: 1 })).toEqual(created);
    expect((await commerce.companies.list({ searchCriteria: { filter_groups: [{ filters: [{ field: 'company_name', value: 'Acme', condition_type: 'eq' }] }] } })).total_count).toBe(1);
    expect(await commerce.customers.companies.list({ customerId: 7 })).toEqual([created]);
  });

  it('refuses a company without a required field, naming it', async () => {
    const { commerce } = setup();
    const body = newCompany('Acme', 7);
    const error = await failure(commerce.companies.create({ company: { ...body.company, company_email: '' } }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('"company_email" is required');
  });

  it('keeps teams and users per company, and deleting the company removes them', async () => {
    const { commerce, fake } = setup();
    await commerce.companies.create(newCompany('Acme', 7));
    await commerce.companies.teams.create({ companyId: 1, team: { name: 'Buyers' } });
    expect(await commerce.companies.teams.get({ teamId: 1 })).toMatchObject({ id: 1, name: 'Buyers' });
    await commerce.customers.companies.assign({ customerId: 8, companyId: 1 });
    expect(await commerce.customers.companies.get({ customerId: 8, companyId: 1 })).toMatchObject({ customer_id: 8, company_id: 1 });
    // The company admin cannot be removed; another user can.
    expect((await failure(commerce.customers.companies.unassign({ customerId: 7, companyId: 1 }))).status).toBe(400);
    await commerce.customers.companies.unassign({ customerId: 8, companyId: 1 });
    expect(await commerce.customers.companies.list({ customerId: 8 })).toEqual([]);
    expect(await commerce.companies.delete({ companyId: 1 })).toBe(true);
    expect(fake.b2b.teams.size).toBe(0);
    expect((await failure(commerce.companies.get({ companyId: 1 }))).status).toBe(404);
  });
});

describe('fake B2B: shared catalog assignment', () => {
  it('assigns existing products and categories to a custom catalog, and refuses unknown ones', async () => {
    const { commerce } = setup();
    const catalogId = await commerce.sharedCatalogs.create({ sharedCatalog: { name: 'Wholesale', description: '', customer_group_id: 0, type: 0, created_at: '', created_by: 1, store_id: 0, tax_class_id: 3 } });
    await commerce.sharedCatalogs.products.assign({ id: catalogId, products: [{ sku: 'SKU-0002' }, { sku: 'SKU-0001' }] as never });
    expect(await commerce.sharedCatalogs.products.list({ id: catalogId })).toEqual(['SKU-0001', 'SKU-0002']);
    expect((await failure(commerce.sharedCatalogs.products.assign({ id: catalogId, products: [{ sku: 'NOPE' }] as never }))).status).toBe(404);
    await commerce.sharedCatalogs.products.unassign({ id: catalogId, products: [{ sku: 'SKU-0001' }] as never });
    expect(await commerce.sharedCatalogs.products.list({ id: catalogId })).toEqual(['SKU-0002']);
    await commerce.sharedCatalogs.categories.assign({ id: catalogId, categories: [{ id: 2 }] as never });
    expect(await commerce.sharedCatalogs.categories.list({ id: catalogId })).toEqual([2]);
  });

  it('moves a company between catalogs, with the catalog\'s customer group, and back to the public one', async () => {
    const { commerce } = setup();
    await commerce.companies.create(newCompany('Acme', 7));
    const wholesale = await commerce.sharedCatalogs.create({ sharedCatalog: { name: 'Wholesale', description: '', customer_group_id: 0, type: 0, created_at: '', created_by: 1, store_id: 0, tax_class_id: 3 } });
    const vip = await commerce.sharedCatalogs.create({ sharedCatalog: { name: 'VIP', description: '', customer_group_id: 0, type: 0, created_at: '', created_by: 1, store_id: 0, tax_class_id: 3 } });
    const groupOf = async (catalogId: number) => (await commerce.sharedCatalogs.get({ sharedCatalogId: catalogId })).customer_group_id;

    await commerce.sharedCatalogs.companies.assign({ sharedCatalogId: wholesale, companies: [{ id: 1 }] as never });
    expect((await commerce.companies.get({ companyId: 1 })).customer_group_id).toBe(await groupOf(wholesale));
    expect(JSON.parse(await commerce.sharedCatalogs.companies.list({ sharedCatalogId: wholesale }))).toEqual(['1']);

    await commerce.sharedCatalogs.companies.assign({ sharedCatalogId: vip, companies: [{ id: 1 }] as never });
    expect(JSON.parse(await commerce.sharedCatalogs.companies.list({ sharedCatalogId: wholesale }))).toEqual([]);
    // A catalog with companies cannot be deleted; nor can the public one.
    expect((await failure(commerce.sharedCatalogs.delete({ sharedCatalogId: vip }))).status).toBe(400);
    expect((await failure(commerce.sharedCatalogs.delete({ sharedCatalogId: PUBLIC_CATALOG_ID }))).status).toBe(400);

    await commerce.sharedCatalogs.companies.unassign({ sharedCatalogId: vip, companies: [{ id: 1 }] as never });
    expect((await commerce.companies.get({ companyId: 1 })).customer_group_id).toBe(await groupOf(PUBLIC_CATALOG_ID));
    expect(await commerce.sharedCatalogs.delete({ sharedCatalogId: vip })).toBe(true);
  });
});

describe('fake B2B: negotiable quote workflow', () => {
  const payment = { paymentMethod: { method: 'checkmo' } };

  it('request → seller prices → offer → buyer orders, with the comment history', async () => {
    const { commerce, fake } = setup();
    await commerce.negotiableQuotes.request({ quoteId: 41, quoteName: 'Q3 restock', comment: 'Need 500 units' });
    expect(fake.b2b.quotes.get(41)!.status).toBe('submitted_by_customer');
    await commerce.negotiableQuotes.update({ quoteId: '41', quote: { extension_attributes: { negotiable_quote: { negotiated_price_type: 1, negotiated_price_value: 10 } } } as never });
    expect(fake.b2b.quotes.get(41)).toMatchObject({ status: 'processing_by_admin', negotiated_price_value: 10 });
    await commerce.negotiableQuotes.submitToCustomer({ quoteId: 41, comment: '10% off' });
    const orderId = await commerce.negotiableCarts.paymentInformation.saveAndPlaceOrder({ cartId: '41', ...payment } as never);
    expect(fake.b2b.quotes.get(41)).toMatchObject({ status: 'ordered', order_id: orderId });
    const comments = await commerce.negotiableQuotes.comments.list({ quoteId: 41 });
    expect(comments.map((c) => [c.creator_type, c.comment])).toEqual([[3, 'Need 500 units'], [2, '10% off']]);
  });

  it('refuses steps the quote\'s state does not allow, and changes nothing', async () => {
    const { commerce, fake } = setup();
    await commerce.negotiableQuotes.request({ quoteId: 42, quoteName: 'Q', comment: '' });
    const early = await failure(commerce.negotiableCarts.paymentInformation.saveAndPlaceOrder({ cartId: '42', ...payment } as never));
    expect(early.status).toBe(400);
    expect(early.message).toContain('Quote 42 cannot be ordered while it is submitted_by_customer');
    await commerce.negotiableQuotes.submitToCustomer({ quoteId: 42, comment: '' });
    expect((await failure(commerce.negotiableQuotes.decline({ quoteId: 42, reason: 'no' }))).status).toBe(400);
    expect(fake.b2b.quotes.get(42)!.status).toBe('submitted_by_admin');
  });

  it('declines with a reason that the buyer sees as a decline comment', async () => {
    const { commerce, fake } = setup();
    await commerce.negotiableQuotes.request({ quoteId: 43, quoteName: 'Q', comment: 'please' });
    expect((await failure(commerce.negotiableQuotes.decline({ quoteId: 43, reason: '' }))).message).toContain('"reason" is required');
    await commerce.negotiableQuotes.decline({ quoteId: 43, reason: 'Out of stock' });
    expect(fake.b2b.quotes.get(43)!.status).toBe('declined');
    expect((await commerce.negotiableQuotes.comments.list({ quoteId: 43 })).at(-1)).toMatchObject({ is_decline: 1, comment: 'Out of stock' });
  });
});
