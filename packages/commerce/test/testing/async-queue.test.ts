/**
 * The fake's bulk status routes under both storage behaviours, as the waiter's tests assume them:
 * the summary declares every accepted operation, the open counter and listings see stored rows only,
 * and the operation search filters by bulk UUID and status, trims by `fields` and pages.
 */
import { describe, expect, it } from 'vitest';
import { createFakeCommerce, type OperationStorage } from '../../src/testing/index.ts';

const BASE = 'https://shop.fake-bulk.test';

async function bulkOf(storage: OperationStorage) {
  const fake = createFakeCommerce({ auth: false, seed: { products: 6 }, operationStorage: storage, consumer: { autoStart: false, failures: { bySku: { 'SKU-0002': { status: 2 } } } } });
  const rows = Array.from({ length: 6 }, (_, i) => ({ sku: `SKU-000${i + 1}`, product: { price: i } }));
  const accepted = (await (await fake.handle(new Request(`${BASE}/rest/async/bulk/V1/products/bySku`, { method: 'PUT', body: JSON.stringify(rows), headers: { 'content-type': 'application/json' } }))).json()) as { bulk_uuid: string };
  const get = async (path: string) => (await fake.handle(new Request(`${BASE}/rest${path}`))).json();
  return { fake, uuid: accepted.bulk_uuid, get };
}

const search = (uuid: string, extra: string) =>
  `/V1/bulk?searchCriteria[filter_groups][0][filters][0][field]=bulk_uuid&searchCriteria[filter_groups][0][filters][0][value]=${uuid}${extra}`;

describe.each<OperationStorage>(['upfront', 'when-worked'])('bulk status routes, operations stored %s', (storage) => {
  it('declares every accepted operation; counts and lists stored rows only', async () => {
    const { fake, uuid, get } = await bulkOf(storage);
    // Work two of six.
    const rest = fake.queue.pending.splice(2);
    await fake.consumer.drain();
    fake.queue.pending.push(...rest);

    expect(await get(`/V1/bulk/${uuid}/status?fields=operation_count`)).toEqual({ operation_count: 6 });
    expect(await get(`/V1/bulk/${uuid}/operation-status/4`)).toBe(storage === 'upfront' ? 4 : 0);
    expect(await get(`/V1/bulk/${uuid}/operation-status/2`)).toBe(1);
    const listed = (await get(`/V1/bulk/${uuid}/detailed-status`)) as { operations_list: unknown[]; operation_count: number };
    expect([listed.operations_list.length, listed.operation_count]).toEqual([storage === 'upfront' ? 6 : 2, 6]);
    // Closed rows: status not 4, total_count only.
    expect(await get(search(uuid, '&searchCriteria[filter_groups][1][filters][0][field]=status&searchCriteria[filter_groups][1][filters][0][value]=4&searchCriteria[filter_groups][1][filters][0][condition_type]=neq&searchCriteria[page_size]=1&fields=total_count'))).toEqual({ total_count: 2 });
  });

  it('searches operations by status, trimmed by fields and paged; past the end no items (items: null with fields)', async () => {
    const { fake, uuid, get } = await bulkOf(storage);
    await fake.consumer.drain();
    const page = (n: number) => get(search(uuid, `&searchCriteria[filter_groups][1][filters][0][field]=status&searchCriteria[filter_groups][1][filters][0][value]=1&searchCriteria[page_size]=2&searchCriteria[current_page]=${n}&fields=items[id,status],total_count`));
    expect(await page(1)).toEqual({ items: [{ id: 0, status: 1 }, { id: 2, status: 1 }], total_count: 5 });
    expect(await page(3)).toEqual({ items: [{ id: 5, status: 1 }], total_count: 5 });
    expect(await page(4)).toEqual({ items: null, total_count: 5 });
  });
});

describe('operation ids and the search across bulks (magento/magento2#29579)', () => {
  async function twoBulks(operationIds: 'per-bulk' | 'database') {
    const fake = createFakeCommerce({ auth: false, seed: { products: 4 }, operationIds, consumer: { autoStart: false } });
    const send = async (rows: unknown[]) =>
      (await (await fake.handle(new Request(`${BASE}/rest/async/bulk/V1/products/bySku`, { method: 'PUT', body: JSON.stringify(rows), headers: { 'content-type': 'application/json' } }))).json()) as { bulk_uuid: string; request_items: { id: number }[] };
    const a = await send([{ sku: 'SKU-0001', product: { price: 1 } }, { sku: 'SKU-0002', product: { price: 2 } }]);
    const b = await send([{ sku: 'SKU-0003', product: { price: 3 } }, { sku: 'SKU-0004', product: { price: 4 } }]);
    const both = `/V1/bulk?searchCriteria[filter_groups][0][filters][0][field]=bulk_uuid&searchCriteria[filter_groups][0][filters][0][value]=${a.bulk_uuid}&searchCriteria[filter_groups][0][filters][1][field]=bulk_uuid&searchCriteria[filter_groups][0][filters][1][value]=${b.bulk_uuid}`;
    const get = (path: string) => fake.handle(new Request(`${BASE}/rest${path}`));
    return { fake, a, b, both, get };
  }

  it('2.4 (per-bulk, the default): ids are request indexes, so two bulks ORed into one page fail with the masked 500', async () => {
    const { fake, a, b, both, get } = await twoBulks('per-bulk');
    expect(fake.queue.operationIds).toBe('per-bulk');
    expect([a.request_items.map((i) => i.id), b.request_items.map((i) => i.id)]).toEqual([[0, 1], [0, 1]]);
    expect(fake.queue.allOperations().map((op) => op.id)).toEqual([0, 1, 0, 1]);
    const response = await get(both);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; parameters: string[]; trace: string };
    expect(body.message).toBe('Internal Error. Details are available in Magento log file. Report ID: %1');
    expect(body.trace).toContain('Item (Magento\\AsynchronousOperations\\Model\\Operation) with the same ID "0" already exists.');
    // A page that happens to hold each id once answers; one bulk per search always does.
    expect((await get(`${both}&searchCriteria[page_size]=1`)).status).toBe(200);
    const one = (await (await get(`/V1/bulk?searchCriteria[filter_groups][0][filters][0][field]=bulk_uuid&searchCriteria[filter_groups][0][filters][0][value]=${b.bulk_uuid}&fields=items[id],total_count`)).json()) as unknown;
    expect(one).toEqual({ items: [{ id: 0 }, { id: 1 }], total_count: 2 });
  });

  it('2.3 (database ids): one auto-increment over every bulk, request items still carry the element index', async () => {
    const { fake, a, b, both, get } = await twoBulks('database');
    expect([a.request_items.map((i) => i.id), b.request_items.map((i) => i.id)]).toEqual([[0, 1], [0, 1]]);
    expect(fake.queue.allOperations().map((op) => op.id)).toEqual([1, 2, 3, 4]);
    const response = await get(`${both}&fields=items[id],total_count`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }], total_count: 4 });
  });
});

describe('what an accepted element becomes (MassSchedule, WebapiAsync OperationRepository)', () => {
  it('data_hash is the sha256 of the operation serialized_data; a rejected element has none', async () => {
    const fake = createFakeCommerce({ auth: false, seed: { products: 2 }, consumer: { autoStart: false }, rejectElement: (_route, _element, index) => (index === 1 ? 'refused' : undefined) });
    const rows = [{ sku: 'SKU-0001', product: { price: 1 } }, { sku: 'SKU-0002', product: { price: 2 } }];
    const accepted = (await (await fake.handle(new Request(`${BASE}/rest/async/bulk/V1/products/bySku`, { method: 'PUT', body: JSON.stringify(rows), headers: { 'content-type': 'application/json' } }))).json()) as { request_items: { id: number; data_hash: string | null; status: string }[] };
    const [op] = fake.queue.allOperations();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(op!.serialized_data)));
    expect(accepted.request_items).toEqual([
      expect.objectContaining({ id: 0, status: 'accepted', data_hash: [...digest].map((b) => b.toString(16).padStart(2, '0')).join('') }),
      expect.objectContaining({ id: 1, status: 'rejected', data_hash: null }),
    ]);
    expect(JSON.parse(op!.serialized_data)).toEqual({ entity_id: null, entity_link: '', meta_information: JSON.stringify(rows[0]) });
  });

  it('a caller without the bulk ACL resource has customer.group_id stored as 1; an admin keeps its own', async () => {
    const fake = createFakeCommerce({ seed: { products: 1 }, consumer: { autoStart: false } });
    const create = (headers: Record<string, string>) =>
      fake.handle(new Request(`${BASE}/rest/async/V1/customers`, { method: 'POST', body: JSON.stringify({ customer: { email: 'g@x.test', firstname: 'G', lastname: 'X', group_id: 4 } }), headers: { 'content-type': 'application/json', ...headers } }));
    expect((await create({})).status).toBe(202);
    const [guest] = fake.queue.allOperations();
    expect(JSON.parse(JSON.parse(guest!.serialized_data).meta_information)).toEqual({ customer: { email: 'g@x.test', firstname: 'G', lastname: 'X', group_id: 1 } });
    const token = (await (await fake.handle(new Request(`${BASE}/rest/V1/integration/admin/token`, { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'admin123!' }), headers: { 'content-type': 'application/json' } }))).json()) as string;
    expect((await create({ authorization: `Bearer ${token}` })).status).toBe(202);
    const admin = fake.queue.allOperations()[1]!;
    expect(JSON.parse(JSON.parse(admin.serialized_data).meta_information).customer.group_id).toBe(4);
  });
});
