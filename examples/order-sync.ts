/**
 * Order sync: hand the orders changed since the last run to an ERP or OMS, and keep the checkpoint
 * for the next run. Nothing is lost on a live store: each run reads up to a bound fixed when it
 * starts, reads back 30 s for orders committed late, and leaves out what it already delivered at
 * that version; an order can still come twice (after a crash, say), so `deliver` must be idempotent
 * (an upsert by entity id). Writing back to an order (a comment, say) saves it and moves its
 * updated_at: the next run sees it again.
 *
 *   MAGEKIT_BASE_URL=https://shop.example.com MAGEKIT_TOKEN=... npx tsx examples/order-sync.ts
 *   SINCE='<the checkpoint printed last time>' npx tsx examples/order-sync.ts
 */
import { readChanges, type CommerceClient } from '@magekit/commerce';

export interface SyncedOrder {
  entityId: number;
  incrementId: string;
  status: string;
  /** null when the platform sends none (a required field of a response is always present, possibly null). */
  grandTotal: number | null;
  skus: string[];
}

/**
 * `since` is the checkpoint the previous run returned, a date (`YYYY-MM-DD HH:MM:SS` UTC) to start
 * from, or '' for every order. `highWaterMark` is the checkpoint to pass next time: store it once
 * this returns (a throwing `deliver` stops the sync; run again from the stored one).
 */
export async function syncOrders(
  commerce: CommerceClient,
  since: string,
  deliver: (order: SyncedOrder) => Promise<void>,
): Promise<{ synced: number; highWaterMark: string }> {
  const result = await readChanges(
    commerce,
    'GET /V1/orders',
    { fields: ['entity_id', 'increment_id', 'status', 'grand_total', 'updated_at', { items: ['sku'] }] },
    {
      checkpoint: since,
      pageSize: 100,
      deliver: async ({ items }) => {
        for (const order of items) {
          await deliver({
            entityId: order.entity_id!,
            incrementId: order.increment_id!,
            status: order.status!,
            grandTotal: order.grand_total,
            skus: (order.items ?? []).flatMap((item) => (item.sku === null ? [] : [item.sku])),
          });
        }
      },
    },
  );
  return { synced: result.delivered, highWaterMark: result.checkpoint };
}

if (import.meta.main) {
  const { clientFromEnvironment } = await import('./support/target.ts');
  const target = await clientFromEnvironment({ seed: { orders: 40 } });
  try {
    const result = await syncOrders(target.commerce, process.env['SINCE'] ?? '', async (order) => {
      console.log(`${order.incrementId} ${order.status} ${order.grandTotal} [${order.skus.join(' ')}]`);
    });
    console.log(`synced ${result.synced}; next run: SINCE='${result.highWaterMark}'`);
  } finally {
    await target.close();
  }
}
