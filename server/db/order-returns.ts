/**
 * The returns of listed orders (docs/requirements.md §24): a read shared by the orders' views, the returns'
 * mails, the order machine's move and the returns module, below the modules (docs/design.md §3);
 * the returns module alone writes the tables.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ReturnView } from '../../core/orders/return-status';
import type { Database } from './client';
import { orderItems, orderReturnItems, orderReturns } from './schema';

export type { ReturnView };

/** Each order's returns, oldest first, with their pieces; the caller has checked who may read those orders. */
export async function returnsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, ReturnView[]>> {
  const byOrder = new Map<string, ReturnView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: orderReturns.id,
      orderId: orderReturns.orderId,
      status: orderReturns.status,
      reason: orderReturns.reason,
      photos: orderReturns.photos,
      requestedAt: orderReturns.createdAt,
      decisionNote: orderReturns.decisionNote,
      decidedAt: orderReturns.decidedAt,
      refundId: orderReturns.refundId,
    })
    .from(orderReturns)
    .where(inArray(orderReturns.orderId, [...orderIds]))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id));
  if (rows.length === 0) return byOrder;
  const pieces = await db
    .select({
      returnId: orderReturnItems.returnId,
      orderItemId: orderReturnItems.orderItemId,
      quantity: orderReturnItems.quantity,
      productName: orderItems.productName,
    })
    .from(orderReturnItems)
    .innerJoin(orderItems, eq(orderItems.id, orderReturnItems.orderItemId))
    .where(
      inArray(
        orderReturnItems.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  for (const row of rows) {
    const view: ReturnView = {
      ...row,
      pieces: pieces
        .filter((piece) => piece.returnId === row.id)
        .map(({ orderItemId, quantity, productName }) => ({ orderItemId, quantity, productName })),
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), view]);
  }
  return byOrder;
}

/** docs/requirements.md §24: whether a return of the order is approved and waits for its refund ("Record Refund"). */
export async function hasReturnAwaitingRefund(db: Database, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, 'approved')))
    .limit(1);
  return Boolean(row);
}
