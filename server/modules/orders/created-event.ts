/**
 * docs/requirements.md §11 `order.created`: what a receiver learns of a new order, read from the stored row, so
 * an order made from an offer (the quote page) and one made by the owner (the console) say it
 * the same way.
 */
import type { OrderPaymentMethod } from '../../../core/orders/orders';
import { advanceAndBalanceMinor } from '../../../core/orders/payment-terms';
import type { WebhookEventData } from '../../../core/api/webhook-events';
import type { orders } from '../../db/schema';

export function orderCreatedData(
  order: typeof orders.$inferSelect,
  // Both makers know these typed; the row's payment method is free text.
  made: { reference: string; paymentMethod: OrderPaymentMethod },
): WebhookEventData<'order.created'> {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    quotationId: order.quotationRequestId,
    reference: made.reference,
    offerId: order.offerId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: made.paymentMethod,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    shippingMinor: order.shippingAmountMinor,
    taxMinor: order.taxAmountMinor,
    totalMinor: order.totalAmountMinor,
    ...advanceAndBalanceMinor({
      totalMinor: order.totalAmountMinor,
      advanceMinor: order.advanceMinor,
    }),
  };
}
