/**
 * Orders made from a customer's accepted offer, and their payment reference (docs/requirements.md §10), written
 * here, by the module that owns orders, in the transactions of server/flows/accept-offer.ts and
 * submit-payment-reference.ts (the quotations module checks the customer and the offer there
 * first); and a guest request's orders joining the account that adds it (docs/requirements.md §15).
 */
import {
  ADVANCE_REFERENCE_AS_BALANCE,
  isAdvanceReference,
  orderAdvanceOf,
  type AmountDue,
} from '../../../core/orders/payment-terms';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { QuotationEvent } from '../../../core/admin/notices';
import { paymentReferenceSubmissionSchema } from '../../../core/quotes/quote-forms';
import type { Database } from '../../db/client';
import { orderItems, orders, type ShippingAddress } from '../../db/schema';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { parseInput } from '../kernel';
import { emitWebhookEvent } from '../webhooks/emit';
import { orderCreatedData } from './created-event';
import { drawOrderNumber } from './order-number';

export type OrderRow = typeof orders.$inferSelect;

/** What an accepted offer becomes: its totals copied, not recomputed (docs/requirements.md §10). */
export interface OrderFromOffer {
  userId: string | null;
  quotationRequestId: string;
  reference: string;
  paymentMethod: 'upi' | 'bank transfer';
  shippingAddress: ShippingAddress;
  offer: {
    id: string;
    subtotalMinor: number;
    discountMinor: number;
    shippingMinor: number;
    gstMinor: number;
    totalMinor: number;
    /** docs/requirements.md §21: the share of the total asked for first */
    advancePercent: number;
  };
  lines: {
    productId: string | null;
    description: string;
    quantity: number;
    unitPriceMinor: number;
    lineTotalMinor: number;
    /** docs/requirements.md §24: the offer line's "Made to order (not returnable)". */
    madeToOrder: boolean;
  }[];
}

/**
 * docs/requirements.md §10 "Accept Offer": the order, status and payment pending, with an item per line, numbered
 * by the shop's day in `timeZone`.
 */
export async function createOrderFromOffer(
  tx: Database,
  made: OrderFromOffer,
  now: Date,
  timeZone: string,
): Promise<OrderRow> {
  const orderNumber = await drawOrderNumber(tx, now, timeZone);
  const { offer } = made;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: made.userId,
      orderNumber,
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: made.paymentMethod,
      shippingAddress: made.shippingAddress,
      subtotalMinor: offer.subtotalMinor,
      discountMinor: offer.discountMinor,
      shippingAmountMinor: offer.shippingMinor,
      taxAmountMinor: offer.gstMinor,
      totalAmountMinor: offer.totalMinor,
      // docs/requirements.md §21: computed once from the offer's terms (core/orders/payment-terms.ts)
      advanceMinor: orderAdvanceOf(offer.totalMinor, offer.advancePercent),
      quotationRequestId: made.quotationRequestId,
      offerId: offer.id,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error('order not stored');
  await tx.insert(orderItems).values(
    made.lines.map((line) => ({
      orderId: order.id,
      productId: line.productId,
      productName: line.description,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      totalPriceMinor: line.lineTotalMinor,
      // docs/requirements.md §24: what the buyer accepted as not returnable stays so on the order.
      madeToOrder: line.madeToOrder,
    })),
  );
  await emitWebhookEvent(tx, 'order.created', orderCreatedData(order, made), now);
  return order;
}

/** The order, locked for the payment reference's change; not_found when there is none. */
export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new DomainError('not_found', 'Order not found');
  return order;
}

const REFERENCE_USED = 'This payment reference is already used on another order.';

/**
 * docs/requirements.md §10: the customer's UTR (UPI) or bank reference on an order waiting for its payment (the
 * flow has checked who asks, and worked out the payment due: core/orders/payment-terms.ts amountDue). A
 * reference already on another order is refused. The owner hears of it, and so does an
 * integration, once per reference: sending the stored one again changes and tells nothing.
 */
export async function recordPaymentReference(
  tx: Database,
  order: OrderRow,
  due: AmountDue,
  paymentMethod: 'upi' | 'bank transfer',
  paymentReference: unknown,
  now: Date,
): Promise<{ orderNumber: string }> {
  const { reference } = parseInput(paymentReferenceSubmissionSchema, {
    paymentMethod,
    reference: paymentReference,
  });
  // docs/requirements.md §21: once the advance is confirmed, the reference is the balance's
  const forBalance = due.stage === 'balance';
  // A reference pays one payment: another order's, or this order's advance, is refused.
  const [usedElsewhere] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        and(eq(orders.submittedPaymentReference, reference), ne(orders.id, order.id)),
        and(eq(orders.submittedBalanceReference, reference), ne(orders.id, order.id)),
      ),
    );
  if (usedElsewhere) throw new DomainError('conflict', REFERENCE_USED);
  if (forBalance && isAdvanceReference(reference, order)) {
    throw new DomainError('conflict', ADVANCE_REFERENCE_AS_BALANCE);
  }
  // The same reference sent again is received, but the owner and integrations heard of it the
  // first time: a mail and an event only when the stored reference changes
  // (docs/requirements.md, payments).
  const stored = forBalance ? order.submittedBalanceReference : order.submittedPaymentReference;
  if (stored === reference) return { orderNumber: order.orderNumber };
  await tx
    .update(orders)
    .set(
      // docs/requirements.md §21: the order's method is the one its payment is made by, the
      // reference's
      forBalance
        ? { submittedBalanceReference: reference, balanceReferenceSubmittedAt: now, paymentMethod }
        : { submittedPaymentReference: reference, paymentReferenceSubmittedAt: now, paymentMethod },
    )
    .where(eq(orders.id, order.id));
  if (order.quotationRequestId) {
    const event: QuotationEvent = 'payment-reference';
    await enqueue(tx, 'mail', {
      kind: 'quotation-event',
      event,
      to: 'owner',
      quotationId: order.quotationRequestId,
      orderId: order.id,
      payment: { stage: due.stage, method: paymentMethod },
    });
  }
  await emitWebhookEvent(
    tx,
    'order.payment_reference',
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      quotationId: order.quotationRequestId,
      paymentMethod,
      paymentReference: reference,
      totalMinor: order.totalAmountMinor,
      // docs/requirements.md §21: which payment the reference is for, and its amount
      payment: due.stage,
      amountMinor: due.amountMinor,
    },
    now,
  );
  return { orderNumber: order.orderNumber };
}

/** docs/requirements.md §15: a guest request's orders join the account its holder added it to. */
export async function moveGuestOrdersOfRequest(
  tx: Database,
  quotationRequestId: string,
  userId: string,
): Promise<void> {
  await tx
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.quotationRequestId, quotationRequestId), isNull(orders.userId)));
}
