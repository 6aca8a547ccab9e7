/**
 * docs/requirements.md §10: the customer's UTR (UPI) or bank reference for an order made from an offer, by the
 * order's account, or by whoever holds the key of the order's own quotation (the quotations
 * module's rule). The orders module records it, mails the owner and tells integrations.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import {
  amountDue,
  DEFAULT_UPI_LIMIT_MINOR,
  payingMethodFor,
} from '../../core/orders/payment-terms';
import { DomainError } from '../modules/errors';
import { requireRowId } from '../modules/kernel';
import { lockOrder, recordPaymentReference } from '../modules/orders';
import { quoteOrderView, requestOfCustomer } from '../modules/quotations';

export async function submitPaymentReference(
  db: Database,
  actor: Actor,
  input: { orderId?: unknown; reference?: unknown; key?: unknown; paymentReference?: unknown },
  now: Date,
  /** docs/requirements.md §21: the shop's UPI limit in paise (core/orders/payment-terms.ts upiLimitMinor). */
  upiLimit: number = DEFAULT_UPI_LIMIT_MINOR,
): Promise<{ orderNumber: string }> {
  const orderId = requireRowId(input.orderId, 'Order');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const ownOrder = actor !== null && order.userId === actor.userId;
    if (!ownOrder) {
      // The key holder: the key must be the order's own quotation's.
      if (input.reference === undefined || !order.quotationRequestId) {
        throw new DomainError('not_found', 'Order not found');
      }
      // A refusal (a wrong reference or key) reads as "not found"; a failure of the database is not
      // one and is thrown as itself.
      const request = await requestOfCustomer(tx, actor, {
        reference: input.reference,
        key: input.key,
      }).catch((error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      });
      if (!request || request.id !== order.quotationRequestId) {
        throw new DomainError('not_found', 'Order not found');
      }
    }
    const view = quoteOrderView(order);
    // docs/requirements.md §21: the advance (or the whole) while pending, then the balance once the advance is in
    const due = amountDue(view);
    if (!view.paymentMethod || order.status === 'cancelled' || !due) {
      throw new DomainError('conflict', 'This order is not waiting for a payment');
    }
    // docs/requirements.md §21: an amount above the UPI limit is paid, and referenced, by bank transfer
    const method = payingMethodFor(view.paymentMethod, due.amountMinor, upiLimit);
    return recordPaymentReference(tx, order, due, method, input.paymentReference, now);
  });
}
