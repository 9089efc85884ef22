/**
 * Order sync: pull the orders changed since the last run (an ERP or OMS integration) and keep a
 * high-water mark; re-running with the returned mark picks up only what changed since. (Writing back
 * to the order, a comment say, saves it and moves its updated_at: the next run would see it again.)
 *
 *   MAGEKIT_BASE_URL=https://shop.example.com MAGEKIT_TOKEN=... npx tsx examples/order-sync.ts
 */
import { where, type CommerceClient } from '@magekit/commerce';

export interface SyncedOrder {
  entityId: number;
  incrementId: string;
  status: string;
  grandTotal: number;
  skus: string[];
}

export async function syncOrders(
  commerce: CommerceClient,
  since: string,
  deliver: (order: SyncedOrder) => Promise<void>,
): Promise<{ synced: number; highWaterMark: string }> {
  let mark = since;
  let synced = 0;
  const orders = commerce.paginate(
    'GET /V1/orders',
    {
      searchCriteria: where('updated_at', 'gt', since).sortBy('updated_at', 'ASC'),
      fields: ['entity_id', 'increment_id', 'status', 'grand_total', 'updated_at', { items: ['sku'] }],
    },
    { pageSize: 100 },
  );
  for await (const order of orders) {
    await deliver({
      entityId: order.entity_id!,
      incrementId: order.increment_id!,
      status: order.status!,
      grandTotal: order.grand_total,
      skus: (order.items ?? []).map((item) => item.sku),
    });
    if (order.updated_at && order.updated_at > mark) mark = order.updated_at;
    synced += 1;
  }
  return { synced, highWaterMark: mark };
}

if (import.meta.main) {
  const { clientFromEnvironment } = await import('./support/target.ts');
  const target = await clientFromEnvironment({ seed: { orders: 40 } });
  try {
    const result = await syncOrders(target.commerce, process.env['SINCE'] ?? '1970-01-01 00:00:00', async (order) => {
      console.log(`${order.incrementId} ${order.status} ${order.grandTotal} [${order.skus.join(' ')}]`);
    });
    console.log(`synced ${result.synced}; next run: SINCE='${result.highWaterMark}'`);
  } finally {
    await target.close();
  }
}
