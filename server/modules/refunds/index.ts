/**
 * Refunds (docs/requirements.md §24, docs/decisions/028): money received for an order, given back by UPI or
 * bank transfer when the order is cancelled. Owns `order_refunds`; the views read it through
 * server/db/order-refunds.ts.
 */
import { eq } from 'drizzle-orm';
import {
  paymentStatusAfterRefund,
  refundBalance,
  refundProblems,
  refundSchema,
  type RefundView,
} from '../../../core/orders/refunds';
import { shopDayOf } from '../../../core/time/shop-calendar';
import type { Database } from '../../db/client';
import { refundsOfOrders } from '../../db/order-refunds';
import { orderRefunds, orders } from '../../db/schema';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';

export { refundsOfOrders, type RefundView };

/**
 * "Record Refund" (docs/requirements.md §24): one refund of the order's money received, recorded in the
 * caller's transaction (server/flows/refund-order.ts, where the order's own machine decides that
 * the order may be refunded: with its cancellation, or after it). At most what is left of the
 * money received; tells integrations (`order.refunded`) and queues the buyer's mail, with the
 * cancellation's credit note when one was issued with it. Says the payment status it leaves.
 */
export async function recordRefund(
  tx: Database,
  actor: Actor,
  input: { orderId: unknown; refund: unknown; creditNoteId?: string | null },
  context: { now: Date; timeZone: string },
): Promise<{ refund: RefundView; paymentStatus: 'refunded' | 'partly_refunded' }> {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const refund = parseInput(refundSchema, input.refund);
  const [order] = await tx
    .select({
      orderNumber: orders.orderNumber,
      quotationRequestId: orders.quotationRequestId,
      paymentStatus: orders.paymentStatus,
      totalMinor: orders.totalAmountMinor,
      advanceMinor: orders.advanceMinor,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new DomainError('not_found', 'Order not found');
  const earlier = (await refundsOfOrders(tx, [orderId])).get(orderId) ?? [];
  const { receivedMinor, refundedMinor: refundedBefore, leftMinor } = refundBalance(order, earlier);
  if (receivedMinor <= 0) throw new DomainError('conflict', refundProblems.nothingReceived);
  if (leftMinor <= 0) throw new DomainError('conflict', refundProblems.nothingLeft);
  if (refund.amount > leftMinor) {
    throw new DomainError('invalid', refundProblems.tooMuch(leftMinor));
  }
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId,
      amountMinor: refund.amount,
      method: refund.method,
      reference: refund.reference,
      receivedMinor,
      refundedOn: shopDayOf(context.now, context.timeZone),
      createdAt: context.now,
    })
    .returning();
  const view: RefundView = {
    id: row!.id,
    orderId,
    amountMinor: row!.amountMinor,
    method: row!.method,
    reference: row!.reference,
    receivedMinor,
    refundedOn: row!.refundedOn,
  };
  const refundedMinor = refundedBefore + refund.amount;
  const paymentStatus = paymentStatusAfterRefund(receivedMinor, refundedMinor);
  // docs/requirements.md §11: what a receiver needs to settle its own books, without asking again.
  await emitWebhookEvent(
    tx,
    'order.refunded',
    {
      orderId,
      orderNumber: order.orderNumber,
      refundId: view.id,
      amountMinor: view.amountMinor,
      method: view.method,
      reference: view.reference,
      refundedOn: view.refundedOn,
      refundedMinor,
      receivedMinor,
      paymentStatus,
    },
    context.now,
  );
  if (order.quotationRequestId) {
    // The shop's own mail to its buyer (docs/requirements.md §24): no limit holds it.
    await enqueue(tx, 'mail', {
      kind: 'quotation-event',
      event: 'order-refunded',
      to: 'customer',
      quotationId: order.quotationRequestId,
      orderId,
      refundId: view.id,
      ...(input.creditNoteId ? { documentId: input.creditNoteId } : {}),
    });
  }
  return { refund: view, paymentStatus };
}
