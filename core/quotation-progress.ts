/**
 * issue 30 §3: a quotation whose offer was accepted but whose order is not yet paid reads, beside
 * spec §4's "Completed", "Accepted, awaiting payment". One definition for every page that shows a
 * quotation's status (the dashboard's Quotations tab, the quote page). No zod: public pages.
 */
import type { OrderStatus, PaymentStatus, QuotationStatus } from './statuses';
import { statusLabel } from './statuses';

export const ACCEPTED_AWAITING_PAYMENT = 'Accepted, awaiting payment';
/** issue 32: the advance is in, the balance is not yet. */
export const ADVANCE_PAID_BALANCE_DUE = 'Advance paid, balance due';

/** The order made from the quotation, as far as its payment shows. */
export interface QuotationOrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/**
 * The note beside the quotation's status: "Accepted, awaiting payment" while its order waits for
 * the money (pending, or a payment that failed); none once paid, refunded or cancelled, or
 * before there is an order.
 */
export function quotationPaymentNote(order: QuotationOrderState | null): string | null {
  if (!order || order.status === 'cancelled') return null;
  if (order.paymentStatus === 'partially_paid') return ADVANCE_PAID_BALANCE_DUE;
  return order.paymentStatus === 'pending' || order.paymentStatus === 'failed'
    ? ACCEPTED_AWAITING_PAYMENT
    : null;
}

/** spec §4's status and the payment note, as one line: "Completed · Accepted, awaiting payment". */
export function quotationStatusText(
  status: QuotationStatus,
  order: QuotationOrderState | null,
): string {
  const note = quotationPaymentNote(order);
  return note ? `${statusLabel(status)} · ${note}` : statusLabel(status);
}
