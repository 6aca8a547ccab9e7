/**
 * The refunds of listed orders (docs/requirements.md §24): a read shared by the orders' views, the refund's mail
 * and the refunds module, below the modules (docs/design.md §3); the refunds module alone writes
 * the table.
 */
import { asc, inArray } from 'drizzle-orm';
import type { RefundView } from '../../core/orders/refund-status';
import type { Database } from './client';
import { orderRefunds } from './schema';

export type { RefundView };

/** Each order's refunds, first to last; the caller has checked who may read those orders. */
export async function refundsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, RefundView[]>> {
  const byOrder = new Map<string, RefundView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      amountMinor: orderRefunds.amountMinor,
      method: orderRefunds.method,
      reference: orderRefunds.reference,
      receivedMinor: orderRefunds.receivedMinor,
      refundedOn: orderRefunds.refundedOn,
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}
