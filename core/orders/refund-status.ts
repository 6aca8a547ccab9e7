/**
 * docs/requirements.md §24 "Refunds": how much of an order's money is refunded, and the status that
 * leaves; without zod, so the order pages and the console's machine (core/admin/admin.ts) load it
 * (docs/decisions/020). core/orders/refunds.ts holds the form's schema and re-exports this.
 */
import { offerPaymentMethods } from '../quotes/quote-texts';
import type { PaymentStatus } from './statuses';

/** A refund goes back the way money comes in: by UPI or by bank transfer. */
export const refundMethods = offerPaymentMethods;
export type RefundMethod = (typeof refundMethods)[number];

/** How a refund went back, inside a sentence: "Refunded ₹1,000 by UPI", "… by bank transfer". */
export const refundMethodWords: Record<RefundMethod, string> = {
  upi: 'UPI',
  'bank transfer': 'bank transfer',
};

/**
 * The money an order's payment status says was received, before any refund: the advance of an
 * order paid in two parts once it is confirmed, the total once it is paid. A refunded order's is
 * its first refund's record of it (`receivedMinor`).
 */
export function moneyReceivedMinor(order: {
  paymentStatus: PaymentStatus | null;
  totalMinor: number;
  advanceMinor: number | null;
}): number {
  if (order.paymentStatus === 'paid') return order.totalMinor;
  if (order.paymentStatus === 'partially_paid') return order.advanceMinor ?? order.totalMinor;
  return 0;
}

/**
 * What an order received, has refunded and has left to refund: the money received is the first
 * refund's record of it once there is one, else what the payment status says.
 */
export function refundBalance(
  order: Parameters<typeof moneyReceivedMinor>[0],
  refunds: readonly Pick<RefundView, 'amountMinor' | 'receivedMinor'>[],
): { receivedMinor: number; refundedMinor: number; leftMinor: number } {
  const receivedMinor = refunds[0]?.receivedMinor ?? moneyReceivedMinor(order);
  const refundedMinor = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  return { receivedMinor, refundedMinor, leftMinor: Math.max(0, receivedMinor - refundedMinor) };
}

/** Whether the order's payment status says money was received and not yet all refunded. */
export function hasMoneyToRefund(paymentStatus: PaymentStatus | null): boolean {
  return (
    paymentStatus === 'paid' ||
    paymentStatus === 'partially_paid' ||
    paymentStatus === 'partly_refunded'
  );
}

/**
 * The payment status an order had before its refunds: what its payments' receipts still name once
 * money is given back (a refund does not unmake the payment). Read from the money received each
 * refund is measured against: all of the total is "paid", less is the advance.
 */
export function paymentStatusBeforeRefunds(
  paymentStatus: PaymentStatus | null,
  refunds: readonly Pick<RefundView, 'receivedMinor'>[] | undefined,
  totalMinor: number,
): PaymentStatus | null {
  if (paymentStatus !== 'refunded' && paymentStatus !== 'partly_refunded') return paymentStatus;
  const receivedMinor = refunds?.[0]?.receivedMinor ?? 0;
  if (receivedMinor <= 0) return paymentStatus;
  return receivedMinor >= totalMinor ? 'paid' : 'partially_paid';
}

/** docs/requirements.md §24: "Refunded" once everything received is back, "Partly Refunded" before. */
export function paymentStatusAfterRefund(
  receivedMinor: number,
  refundedMinor: number,
): Extract<PaymentStatus, 'refunded' | 'partly_refunded'> {
  return refundedMinor >= receivedMinor ? 'refunded' : 'partly_refunded';
}

/** A refund as the order's pages, its mail and the API show it. */
export interface RefundView {
  id: string;
  orderId: string;
  amountMinor: number;
  method: RefundMethod;
  reference: string;
  /** The money received when it was recorded (what "Refunded" is measured against). */
  receivedMinor: number;
  /** The shop's day it was recorded, YYYY-MM-DD. */
  refundedOn: string;
}
