/**
 * The owner's order actions (spec §4, §7 Admin calls): `setOrderStatus` moves an order through
 * the machine of core/admin/admin.ts the console's buttons come from, and in the same transaction queues
 * the customer's payment mail (docs/requirements.md §10, §21), emits `order.status_changed`
 * (docs/requirements.md §11) and records the activity entry (docs/requirements.md §12).
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { changedFields } from '../../../core/admin/activity';
import {
  applyOrderAction,
  orderActionLabels,
  orderActionRefusal,
  orderActions,
  type OrderAction,
} from '../../../core/admin/admin';
import {
  ADVANCE_REFERENCE_AS_BALANCE,
  isAdvanceReference,
} from '../../../core/orders/payment-terms';
import { paymentReferenceSchema } from '../../../core/orders/orders';
import type { OrderStatus, PaymentStatus } from '../../../core/orders/statuses';
import type { QuotationEvent } from '../../../core/admin/notices';
import type { Database } from '../../db/client';
import { hasReturnAwaitingRefund } from '../../db/order-returns';
import { orders } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput, requireAdmin, requireRowId, requireUser } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';

/**
 * spec §4: the order actions, through the same machine the console's buttons come from. Confirming
 * a payment keeps the UPI or bank reference in payment_id (beyond the spec).
 */
export async function setOrderStatus(
  db: Database,
  actor: Actor,
  input: {
    orderId: unknown;
    action: unknown;
    paymentReference?: unknown;
    /** docs/requirements.md §24: "Mark as Shipped" of a shipment that leaves pieces to ship (the shipping flow's). */
    shipsEverythingLeft?: boolean;
    /** docs/requirements.md §24: the payment status the refund recorded with this move leaves (the refund flow's). */
    refunded?: 'refunded' | 'partly_refunded';
    /** docs/requirements.md §24: the refunded return gives back every piece left (the return's refund flow's). */
    returnsEverything?: boolean;
  },
  now: Date = new Date(),
): Promise<{ status: OrderStatus; paymentStatus: PaymentStatus | null }> {
  requireAdmin(actor, 'orders:write');
  const orderId = requireRowId(input.orderId, 'Order');
  const action = parseInput(z.enum(orderActions), input.action);
  const reference = parseInput(
    paymentReferenceSchema,
    typeof input.paymentReference === 'string' ? input.paymentReference : undefined,
  );
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        paymentId: orders.paymentId,
        quotationRequestId: orders.quotationRequestId,
        advanceMinor: orders.advanceMinor,
        balancePaymentId: orders.balancePaymentId,
        submittedPaymentReference: orders.submittedPaymentReference,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new DomainError('not_found', 'Order not found');
    const orderState = {
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      advanceMinor: order.advanceMinor,
      returnAwaitingRefund: await hasReturnAwaitingRefund(tx, orderId),
    };
    const change = applyOrderAction(orderState, action, {
      shipsEverythingLeft: input.shipsEverythingLeft !== false,
      refunded: input.refunded,
      returnsEverything: input.returnsEverything,
    });
    if (!change) {
      throw new DomainError(
        'conflict',
        orderActionRefusal(orderState, action, Boolean(input.refunded)) ?? '',
      );
    }
    // The balance is a payment of its own: the owner's confirm refuses the advance's reference as
    // the customer's form does (docs/decisions/025-advance-and-balance.md).
    if (action === 'confirm-balance' && reference && isAdvanceReference(reference, order)) {
      throw new DomainError('conflict', ADVANCE_REFERENCE_AS_BALANCE);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        status: change.status,
        ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
        ...(action === 'confirm-payment' && reference ? { paymentId: reference } : {}),
        ...(action === 'confirm-payment' ? { paidAt: now } : {}),
        ...(action === 'deliver' ? { deliveredAt: now } : {}),
        // docs/requirements.md §21: the balance's reference and when it was confirmed, apart from the advance's
        ...(action === 'confirm-balance'
          ? { balancePaidAt: now, ...(reference ? { balancePaymentId: reference } : {}) }
          : {}),
      })
      .where(eq(orders.id, orderId))
      .returning({
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentId: orders.paymentId,
        balancePaymentId: orders.balancePaymentId,
      });
    const paymentMail = paymentMailOf(action, change.paymentStatus);
    if (paymentMail && order.quotationRequestId) {
      // docs/requirements.md §10: "Payment confirmed for {orderNumber}", to the customer; docs/requirements.md §21: the advance's
      // mail asks for the balance, and the balance's says the order is paid in full
      await enqueue(tx, 'mail', {
        kind: 'quotation-event',
        event: paymentMail,
        to: 'customer',
        quotationId: order.quotationRequestId,
        orderId,
      });
    }
    if (action === 'deliver') {
      await announceDelivery(tx, { id: orderId, ...order }, 'shop', now);
    }
    // docs/requirements.md §11: before and after, so a receiver need not keep the order's last state itself.
    const { orderNumber, status, paymentStatus } = order;
    const after = { status: updated!.status, paymentStatus: updated!.paymentStatus };
    const changed = { orderId, orderNumber, action, before: { status, paymentStatus }, after };
    await emitWebhookEvent(tx, 'order.status_changed', changed, now);
    // docs/requirements.md §12: status, payment status and payment reference, before → after
    await recordActivity(
      tx,
      actor,
      {
        kind: 'order.status',
        subject: orderNumber,
        summary: `Order ${orderNumber}: ${orderActionLabels[action]}`,
        changes: changedFields(
          {
            status,
            paymentStatus,
            paymentReference: order.paymentId,
            balanceReference: order.balancePaymentId,
          },
          {
            ...after,
            paymentReference: updated!.paymentId,
            balanceReference: updated!.balancePaymentId,
          },
        ),
      },
      now,
    );
    return {
      status: updated!.status,
      paymentStatus: updated!.paymentStatus,
    };
  });
}

/** The customer's mail of a confirmed payment, if the action confirms one. */
function paymentMailOf(
  action: OrderAction,
  paymentStatus: PaymentStatus | undefined,
): QuotationEvent | null {
  if (action === 'confirm-balance') return 'balance-confirmed';
  if (action !== 'confirm-payment') return null;
  return paymentStatus === 'partially_paid' ? 'advance-confirmed' : 'payment-confirmed';
}

/**
 * docs/requirements.md §24: a delivery, recorded by the owner ("Mark as Delivered") or the buyer ("I Have
 * Received It"): the buyer's mail and `order.delivered`, in the transaction that records it.
 */
async function announceDelivery(
  tx: Database,
  order: { id: string; orderNumber: string; quotationRequestId: string | null },
  confirmedBy: 'shop' | 'customer',
  now: Date,
) {
  if (order.quotationRequestId) {
    // The shop's own mail to its buyer: no limit holds it.
    await enqueue(tx, 'mail', {
      kind: 'quotation-event',
      event: 'order-delivered',
      to: 'customer',
      quotationId: order.quotationRequestId,
      orderId: order.id,
      confirmedBy,
    });
  }
  await emitWebhookEvent(
    tx,
    'order.delivered',
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      deliveredAt: now.toISOString(),
      confirmedBy,
    },
    now,
  );
}

/** docs/requirements.md §24: what the buyer is told when her order cannot be marked received. */
export const DELIVERY_REFUSED = 'Only an order that has shipped can be marked as received.';

/**
 * docs/requirements.md §24 "I Have Received It": the buyer records the delivery of her own shipped order, as
 * the owner's "Mark as Delivered" does. Anyone else's order is not found.
 */
export async function confirmDeliveryAsBuyer(
  db: Database,
  actor: Actor,
  input: { orderId: unknown },
  now: Date,
): Promise<{ status: OrderStatus; deliveredAt: Date }> {
  const userId = requireUser(actor);
  const orderId = requireRowId(input.orderId, 'Order');
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        quotationRequestId: orders.quotationRequestId,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new DomainError('not_found', 'Order not found');
    if (order.status !== 'shipped') throw new DomainError('conflict', DELIVERY_REFUSED);
    await tx
      .update(orders)
      .set({ status: 'delivered', deliveredAt: now })
      .where(eq(orders.id, orderId));
    await announceDelivery(tx, { id: orderId, ...order }, 'customer', now);
    const before = { status: order.status, paymentStatus: order.paymentStatus };
    await emitWebhookEvent(
      tx,
      'order.status_changed',
      {
        orderId,
        orderNumber: order.orderNumber,
        action: 'deliver',
        before,
        after: { ...before, status: 'delivered' },
      },
      now,
    );
    return { status: 'delivered' as const, deliveredAt: now };
  });
}
