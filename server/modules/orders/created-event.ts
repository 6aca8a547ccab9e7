/**
 * issue 17 `order.created`: what a receiver learns of a new order, read from the stored row, so
 * an order made from an offer (the quote page) and one made by the owner (the console) say it
 * the same way.
 */
import type { orders } from '../../db/schema';

export function orderCreatedData(order: typeof orders.$inferSelect, reference: string | null) {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    quotationId: order.quotationRequestId,
    reference,
    offerId: order.offerId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    shippingMinor: order.shippingAmountMinor,
    taxMinor: order.taxAmountMinor,
    totalMinor: order.totalAmountMinor,
  };
}
