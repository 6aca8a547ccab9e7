/**
 * docs/requirements.md §19: a quotation whose offer was accepted but whose order is not yet paid
 * reads "Accepted, awaiting payment", not spec §4's "Completed", which only a paid or closed one
 * reads. One definition for every page that shows a quotation's status (the dashboard's Quotations
 * tab, the quote page). No zod: public pages.
 */
import type { OrderStatus, PaymentStatus, QuotationStatus } from '../orders/statuses';
import { statusLabel } from '../orders/statuses';

export const ACCEPTED_AWAITING_PAYMENT = 'Accepted, awaiting payment';
/** docs/requirements.md §21: the advance is in, the balance is not yet. */
export const ADVANCE_PAID_BALANCE_DUE = 'Advance paid, balance due';

/** The order made from the quotation, as far as its payment shows. */
export interface QuotationOrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/** A completed quotation whose order is fully paid. */
export const PAID = 'Paid';

/**
 * The note beside the quotation's status: where its order's payment is ("Accepted, awaiting
 * payment" while the order waits for the money, pending or after a failed payment; "Advance paid,
 * balance due"; "Paid"); none once refunded or cancelled, or before there is an order.
 */
export function quotationPaymentNote(order: QuotationOrderState | null): string | null {
  if (!order || order.status === 'cancelled') return null;
  if (order.paymentStatus === 'partially_paid') return ADVANCE_PAID_BALANCE_DUE;
  if (order.paymentStatus === 'paid') return PAID;
  return order.paymentStatus === 'pending' || order.paymentStatus === 'failed'
    ? ACCEPTED_AWAITING_PAYMENT
    : null;
}

/**
 * The words of a quotation's status, as its badges show them: spec §4's status ("Completed") only
 * when it is so, never while its order still waits for money (docs/requirements.md §19): the
 * payment note alone names where it is then.
 */
export function quotationStatusWords(
  status: QuotationStatus,
  order: QuotationOrderState | null,
): { status: string | null; note: string | null } {
  const note = quotationPaymentNote(order);
  const awaitingMoney = note === ACCEPTED_AWAITING_PAYMENT || note === ADVANCE_PAID_BALANCE_DUE;
  return { status: awaitingMoney ? null : statusLabel(status), note };
}

/** The same as one line: "Accepted, awaiting payment", "Completed · Paid", "Processing". */
export function quotationStatusText(
  status: QuotationStatus,
  order: QuotationOrderState | null,
): string {
  const words = quotationStatusWords(status, order);
  return [words.status, words.note].filter((word) => word !== null).join(' · ');
}
