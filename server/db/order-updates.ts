/**
 * The making-of updates of listed orders (docs/requirements.md §24): a read shared by the orders' views, the
 * update's mail and the order-updates module, below the modules (docs/design.md §3); the
 * order-updates module alone writes the table.
 */
import { asc, inArray } from 'drizzle-orm';
import type { ProductionUpdateView } from '../../core/orders/production-updates';
import type { Database } from './client';
import { orderUpdates } from './schema';

export type { ProductionUpdateView };

/** Each order's updates, oldest first; the caller has checked who may read those orders. */
export async function updatesOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, ProductionUpdateView[]>> {
  const byOrder = new Map<string, ProductionUpdateView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: orderUpdates.id,
      orderId: orderUpdates.orderId,
      note: orderUpdates.note,
      photos: orderUpdates.photos,
      postedAt: orderUpdates.createdAt,
    })
    .from(orderUpdates)
    .where(inArray(orderUpdates.orderId, [...orderIds]))
    .orderBy(asc(orderUpdates.createdAt), asc(orderUpdates.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}
