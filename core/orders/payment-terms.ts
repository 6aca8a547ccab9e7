/**
 * docs/requirements.md §21 "Advance and balance": the one place an offer's or an order's advance, balance and the
 * amount asked for now are computed, in paise, with integer arithmetic only. Pages, mails, the
 * PDF, the API and the UPI link all read these. Rupees stay the only binding currency.
 */
import { formatRupees } from '../money/money';
import { upiPaymentUri } from '../quotes/quote-links';
import { statusLabel, type PaymentStatus } from './statuses';

export const FULL_PAYMENT_PERCENT = 100;

export interface PaymentSplit {
  advanceMinor: number;
  balanceMinor: number;
}

/**
 * docs/decisions/025: the advance is the percentage of the total rounded half up to the paisa; the balance
 * is what is left, so the two always add up to the total.
 */
export function splitPayment(totalMinor: number, advancePercent: number): PaymentSplit {
  if (!Number.isInteger(totalMinor) || totalMinor < 0) {
    throw new RangeError(`A total in paise is a whole number from 0, got ${totalMinor}`);
  }
  if (!Number.isInteger(advancePercent) || advancePercent < 0 || advancePercent > 100) {
    throw new RangeError(`An advance is a whole percentage from 0 to 100, got ${advancePercent}`);
  }
  const advanceMinor = Math.floor((totalMinor * advancePercent * 2 + 100) / 200);
  return { advanceMinor, balanceMinor: totalMinor - advanceMinor };
}

/**
 * The advance and the balance of an order made from an offer, or null when it is paid in one
 * payment: a 100% advance is payment in full, and so is 0% (the whole total before dispatch).
 */
export function offerPaymentSplit(totalMinor: number, advancePercent: number): PaymentSplit | null {
  const split = splitPayment(totalMinor, advancePercent);
  return split.advanceMinor === 0 || split.balanceMinor === 0 ? null : split;
}

/** The advance an order made from an offer asks for first, or null when it is paid in one payment. */
export function orderAdvanceOf(totalMinor: number, advancePercent: number): number | null {
  return offerPaymentSplit(totalMinor, advancePercent)?.advanceMinor ?? null;
}

/**
 * The payment sentence of an offer's terms, made from its own total and advance and never typed
 * (docs/decisions/025-advance-and-balance.md): it says what the order made from the offer will
 * ask for, so it follows orderAdvanceOf. An offer paid in one payment (100%, 0%, or a total too
 * small to split) is paid in full on acceptance, as the payment block then asks; an advance leaves
 * the balance, in rupees as the shop writes them, for before dispatch. Pages, mails and the PDF
 * print it first, then the owner's free-text terms.
 */
export function paymentTermsSentence(
  totalMinor: number,
  advancePercent: number,
  /** The balance as the reader sees it: rupees, with the approximate amount for a buyer abroad. */
  rupees: (paise: number) => string = formatRupees,
): string {
  const split = offerPaymentSplit(totalMinor, advancePercent);
  if (split === null) return 'Payment in full on acceptance.';
  const { balanceMinor } = split;
  return `${advancePercent}% advance on acceptance, the balance of ${rupees(balanceMinor)} before dispatch.`;
}

export interface OrderPayment {
  totalMinor: number;
  /** orders.advance_minor: null is payment in full. */
  advanceMinor: number | null;
  paymentStatus: PaymentStatus;
}

/** What the order asks the customer to pay now: the advance, the balance or the whole total. */
export type PaymentStage = 'advance' | 'balance' | 'full';

export interface AmountDue {
  stage: PaymentStage;
  amountMinor: number;
}

/**
 * docs/requirements.md §21: after acceptance the payment block asks for the advance first; once the owner has
 * confirmed it (partially_paid), for the balance. Null when nothing is due (paid, refunded, …).
 */
export function amountDue(order: OrderPayment): AmountDue | null {
  if (order.paymentStatus === 'pending') {
    return order.advanceMinor === null
      ? { stage: 'full', amountMinor: order.totalMinor }
      : { stage: 'advance', amountMinor: order.advanceMinor };
  }
  const { balance } = advanceAndBalance(order);
  if (order.paymentStatus === 'partially_paid' && balance !== null) {
    return { stage: 'balance', amountMinor: balance };
  }
  return null;
}

/** The balance still unpaid: the total less the advance while the order is partially paid. */
export function balanceDueOf(order: OrderPayment): number {
  const due = amountDue(order);
  return due?.stage === 'balance' ? due.amountMinor : 0;
}

/**
 * The advance and the balance of a stored order, in paise, or null for one payment: the one place
 * the balance is the total less the advance. The API, the mails and the payment block read it.
 */
export function advanceAndBalance(order: Pick<OrderPayment, 'totalMinor' | 'advanceMinor'>): {
  advance: number | null;
  balance: number | null;
} {
  return order.advanceMinor === null
    ? { advance: null, balance: null }
    : { advance: order.advanceMinor, balance: order.totalMinor - order.advanceMinor };
}

/** A payment the shop has confirmed: what its receipt and the tax invoice list (docs/requirements.md §23). */
export interface PaymentReceived {
  stage: PaymentStage;
  /** "Advance", "Balance" or "Payment in full". */
  label: string;
  amountMinor: number;
  /** The reference the owner confirmed it with. */
  reference: string | null;
}

export const paymentStageLabels: Record<PaymentStage, string> = {
  advance: 'Advance',
  balance: 'Balance',
  full: 'Payment in full',
};

/**
 * The payments confirmed on an order, first to last: the advance and then the balance, or the one
 * payment in full. Each has a receipt; the tax invoice lists them (docs/requirements.md §23).
 */
export function paymentsReceived(
  order: Pick<OrderPayment, 'totalMinor' | 'advanceMinor'> & {
    paymentStatus: PaymentStatus | null;
    paymentReference: string | null;
    balanceReference: string | null;
  },
): PaymentReceived[] {
  const { advance, balance } = advanceAndBalance(order);
  const received = (stage: PaymentStage, amountMinor: number, reference: string | null) => ({
    stage,
    label: paymentStageLabels[stage],
    amountMinor,
    reference,
  });
  if (advance === null || balance === null) {
    return order.paymentStatus === 'paid'
      ? [received('full', order.totalMinor, order.paymentReference)]
      : [];
  }
  const payments: PaymentReceived[] = [];
  if (order.paymentStatus === 'partially_paid' || order.paymentStatus === 'paid') {
    payments.push(received('advance', advance, order.paymentReference));
  }
  if (order.paymentStatus === 'paid' && balance > 0) {
    payments.push(received('balance', balance, order.balanceReference));
  }
  return payments;
}

/** The same in paise under the owner API's and the webhooks' names. */
export function advanceAndBalanceMinor(order: Pick<OrderPayment, 'totalMinor' | 'advanceMinor'>): {
  advanceMinor: number | null;
  balanceMinor: number | null;
} {
  const { advance, balance } = advanceAndBalance(order);
  return { advanceMinor: advance, balanceMinor: balance };
}

/** docs/decisions/025: a single UPI payment is usually capped at ₹1,00,000. */
export const DEFAULT_UPI_LIMIT_MINOR = 100_000_00;

/** docs/requirements.md §21: the UPI per-payment limit in whole rupees (setting upiPaymentLimit), in paise. */
export function upiLimitMinor(limitRupeesText: string): number {
  const rupees = Number(limitRupeesText);
  return Number.isInteger(rupees) && rupees > 0 ? rupees * 100 : DEFAULT_UPI_LIMIT_MINOR;
}

/** docs/requirements.md §21: an amount above the UPI limit is paid by bank transfer only. */
export function upiTakes(amountMinor: number, limitMinor: number): boolean {
  return amountMinor <= limitMinor;
}

/**
 * docs/requirements.md §21: how this payment is made: an order paid by UPI pays an amount above the limit by bank
 * transfer, so its reference is a bank reference, checked as one.
 */
export function payingMethodFor<Method extends string>(
  orderMethod: Method,
  amountMinor: number,
  limitMinor: number,
): Method | 'bank transfer' {
  return orderMethod === 'upi' && !upiTakes(amountMinor, limitMinor)
    ? 'bank transfer'
    : orderMethod;
}

/** What an order made from an offer asks for first: the advance, or the whole total. */
export function firstPaymentOf(offer: { totalMinor: number; advancePercent: number }): number {
  return orderAdvanceOf(offer.totalMinor, offer.advancePercent) ?? offer.totalMinor;
}

/**
 * The methods the Accept Offer form offers: UPI only when it takes the first payment
 * (docs/requirements.md §21); above the limit, bank transfer alone.
 */
export function acceptPaymentMethods(
  offer: { totalMinor: number; advancePercent: number },
  limitMinor: number,
): ('upi' | 'bank transfer')[] {
  return upiTakes(firstPaymentOf(offer), limitMinor) ? ['upi', 'bank transfer'] : ['bank transfer'];
}

/**
 * A payment reference as the customer's form stores it (core/quotes/quote-forms.ts): no spaces, in
 * capitals; the owner's confirm keeps what was typed, so the two are compared in this form.
 */
export function referenceKey(reference: string): string {
  return reference.replaceAll(/\s+/g, '').toUpperCase();
}

/** Refusal of a balance reference that is the advance's (docs/requirements.md, payments). */
export const ADVANCE_REFERENCE_AS_BALANCE =
  'This is the advance’s payment reference. Please enter the reference of the balance payment.';

/**
 * One reference pays one payment (docs/decisions/025-advance-and-balance.md): the balance's
 * reference, whether the customer sends it or the owner confirms it, is never the advance's,
 * neither the one the customer sent nor the one the owner confirmed.
 */
export function isAdvanceReference(
  reference: string,
  advance: { submittedPaymentReference: string | null; paymentId: string | null },
): boolean {
  const key = referenceKey(reference);
  if (key === '') return false;
  return [advance.submittedPaymentReference, advance.paymentId].some(
    (known) => known !== null && referenceKey(known) === key,
  );
}

export const paymentTermsTexts = {
  advancePaid: 'Advance paid',
  balanceDue: 'Balance due',
  balancePaid: 'Balance paid',
  /** docs/requirements.md §21: the line beside bank transfer when UPI cannot take the amount. */
  upiOverLimit: (limitMinor: number) =>
    `UPI takes at most ${formatRupees(limitMinor)} in one payment, so please pay this amount by bank transfer.`,
  /** docs/requirements.md §21: "Mark as Shipped" with a balance still due asks first. */
  shipWithBalanceDue: (balanceMinor: number) =>
    `The balance of ${formatRupees(balanceMinor)} is not yet paid. Ship anyway?`,
  stageHeading: {
    advance: 'Pay the advance',
    balance: 'Pay the balance',
    full: 'Pay for your order',
  } satisfies Record<PaymentStage, string>,
} as const;

/**
 * docs/requirements.md §21: the UPI link of the amount asked for now, or none when UPI cannot take it (above the
 * shop's per-payment limit), with the line that says why. One answer for the page and the mails.
 */
export function upiPaymentFor(
  payment: { amountMinor: number; orderNumber: string },
  site: { upiId: string; shopName: string },
  limitMinor: number,
): { upiUri: string | null; overLimitLine: string | null } {
  if (!upiTakes(payment.amountMinor, limitMinor)) {
    return { upiUri: null, overLimitLine: paymentTermsTexts.upiOverLimit(limitMinor) };
  }
  return {
    upiUri: upiPaymentUri({
      upiId: site.upiId,
      shopName: site.shopName,
      totalMinor: payment.amountMinor,
      orderNumber: payment.orderNumber,
    }),
    overLimitLine: null,
  };
}

export interface PaymentProgressRow {
  label: string;
  amount: string;
  /** The amount in paise, for its approximation in the buyer's currency (docs/decisions/026). */
  minor: number;
}

/**
 * docs/requirements.md §21: an order paid in two parts shows how far its payment is: "Advance paid" and "Balance
 * due" once the advance is confirmed; nothing for an order paid in one payment.
 */
export function paymentProgressRows(order: OrderPayment): PaymentProgressRow[] {
  const { advance, balance } = advanceAndBalance(order);
  if (advance === null || balance === null) return [];
  const labels =
    order.paymentStatus === 'pending'
      ? ['Advance due', 'Balance before dispatch']
      : order.paymentStatus === 'partially_paid'
        ? [paymentTermsTexts.advancePaid, paymentTermsTexts.balanceDue]
        : order.paymentStatus === 'paid'
          ? [paymentTermsTexts.advancePaid, paymentTermsTexts.balancePaid]
          : [];
  const amounts = [advance, balance];
  return labels.map((label, index) => ({
    label,
    amount: formatRupees(amounts[index]!),
    minor: amounts[index]!,
  }));
}

/**
 * docs/requirements.md §21: a payment status as the pages read it; partially_paid reads "Partially paid". Kept
 * here, not in core/orders/statuses.ts, whose chunk every public page loads.
 */
export function paymentStatusLabel(status: PaymentStatus): string {
  return status === 'partially_paid' ? 'Partially paid' : statusLabel(status);
}
