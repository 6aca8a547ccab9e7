/**
 * The admin console's state machines (spec §4): which order actions are offered in which state,
 * what each does, and the quotation and contact message transitions. One set of rules for the
 * buttons the console shows and for the server that enforces them.
 */
import { statusLabel } from '../orders/statuses';
import { shopDayOf } from '../time/shop-calendar';
import { hasMoneyToRefund } from '../orders/refund-status';
import type {
  ContactMessageStatus,
  OrderStatus,
  PaymentStatus,
  QuotationStatus,
} from '../orders/statuses';

export const orderActions = [
  'confirm',
  'confirm-payment',
  'start-processing',
  'ship',
  'deliver',
  'cancel',
  // docs/requirements.md §21: the balance of an order paid in two parts, confirmed in the order's details
  'confirm-balance',
  // docs/requirements.md §24: money received for a cancelled order, given back
  'record-refund',
] as const;
export type OrderAction = (typeof orderActions)[number];

// spec §4: the admin actions' button labels
export const orderActionLabels: Record<OrderAction, string> = {
  confirm: 'Confirm Order',
  'confirm-payment': 'Confirm Payment Received',
  'start-processing': 'Start Processing',
  ship: 'Mark as Shipped',
  deliver: 'Mark as Delivered',
  cancel: 'Cancel Order',
  'confirm-balance': 'Confirm Balance Received',
  'record-refund': 'Record Refund',
};

export interface OrderState {
  status: OrderStatus;
  /** Null when absent (spec §3: shown as pending, but "absent" changes what is offered). */
  paymentStatus: PaymentStatus | null;
  paymentMethod: string | null;
  /** docs/requirements.md §21: the advance asked for first (orders.advance_minor); null or absent: paid in full. */
  advanceMinor?: number | null;
  /** docs/requirements.md §24: a return of this delivered order is approved and waits for its refund. */
  returnAwaitingRefund?: boolean;
}

/**
 * The machine's reading of an order as the console and the API hold it: its stored payment status
 * (absent stays absent) and whether an approved return waits for its refund (docs/requirements.md §24).
 */
export function orderStateOf(order: {
  status: OrderStatus;
  storedPaymentStatus: PaymentStatus | null;
  paymentMethod: string | null;
  advanceMinor: number | null;
  returns: readonly { status: string }[];
}): OrderState {
  return {
    status: order.status,
    paymentStatus: order.storedPaymentStatus,
    paymentMethod: order.paymentMethod,
    advanceMinor: order.advanceMinor,
    returnAwaitingRefund: order.returns.some((each) => each.status === 'approved'),
  };
}

/** Payments the shop confirms itself once the money is in: UPI and bank transfers. */
export function paymentConfirmedByShop(paymentMethod: string | null): boolean {
  const method = paymentMethod?.toLowerCase();
  return method === 'upi' || method === 'bank transfer';
}

/** spec §4: the actions offered for an order, in the order the console shows them. */
export function offeredOrderActions(order: OrderState): OrderAction[] {
  const offered: OrderAction[] = [];
  if (order.status === 'pending') {
    // "Confirm Order" only when payment status is paid or absent
    if (order.paymentStatus === null || order.paymentStatus === 'paid') offered.push('confirm');
    // "Confirm Payment Received" only when the payment method is upi (spec §4), and for a bank
    // transfer too (decision 014: an accepted offer is paid by either, and both need confirming)
    if (paymentConfirmedByShop(order.paymentMethod)) offered.push('confirm-payment');
  }
  if (order.status === 'confirmed') offered.push('start-processing');
  // docs/requirements.md §24: a shipment at a time, until every piece has shipped; then delivered.
  if (order.status === 'processing' || order.status === 'partly_shipped') offered.push('ship');
  if (order.status === 'shipped') offered.push('deliver');
  // docs/requirements.md §21: once the advance is confirmed, the balance; it does not move the order's status.
  if (
    order.paymentStatus === 'partially_paid' &&
    order.status !== 'cancelled' &&
    order.status !== 'returned' &&
    paymentConfirmedByShop(order.paymentMethod)
  ) {
    offered.push('confirm-balance');
  }
  // docs/decisions/028: cancelled only before it ships; goods on their way are returned instead.
  if (cancellableStatuses.includes(order.status)) offered.push('cancel');
  // docs/requirements.md §24: what is left of the money received, after a cancellation
  // docs/requirements.md §24: and the money for pieces returned, once their return is approved.
  if (
    hasMoneyToRefund(order.paymentStatus) &&
    (order.status === 'cancelled' || (order.status === 'delivered' && order.returnAwaitingRefund))
  ) {
    offered.push('record-refund');
  }
  return offered;
}

const cancellableStatuses: readonly OrderStatus[] = ['pending', 'confirmed', 'processing'];

/** docs/decisions/028: what the owner is told when an action is refused in the order's state. */
export const orderActionRefusals = {
  cancelAfterShipping: 'An order cannot be cancelled once it has shipped.',
  // docs/requirements.md §24: money received is refunded with the cancellation, never forgotten
  refundWithCancel: 'This order has money received: record its refund to cancel it.',
  refundNeeded: 'Give the refund’s amount, method and reference.',
  notAvailable: (status: OrderStatus) =>
    `This action is not available for a ${statusLabel(status).toLowerCase()} order`,
} as const;

/**
 * Why `action` is refused for `order`, or null when it is offered: one answer for the console's
 * buttons and the server (docs/decisions/028: no action moves an order backwards).
 */
export function orderActionRefusal(
  order: OrderState,
  action: OrderAction,
  refunding = false,
): string | null {
  if (offeredOrderActions(order).includes(action)) {
    if (refunding) return null;
    if (action === 'cancel' && hasMoneyToRefund(order.paymentStatus)) {
      return orderActionRefusals.refundWithCancel;
    }
    return action === 'record-refund' ? orderActionRefusals.refundNeeded : null;
  }
  if (
    action === 'cancel' &&
    ['partly_shipped', 'shipped', 'delivered', 'returned'].includes(order.status)
  ) {
    return orderActionRefusals.cancelAfterShipping;
  }
  return orderActionRefusals.notAvailable(order.status);
}

/**
 * What an offered action changes; null when the action is not offered in this state. A shipment
 * that leaves pieces unshipped makes the order "Partly Shipped" (`shipsEverythingLeft: false`).
 */
export function applyOrderAction(
  order: OrderState,
  action: OrderAction,
  move: {
    shipsEverythingLeft?: boolean;
    /** docs/requirements.md §24: the payment status a refund recorded with the move leaves. */
    refunded?: Extract<PaymentStatus, 'refunded' | 'partly_refunded'>;
    /** docs/requirements.md §24: the refunded return gives back every piece the order had left (it reads "Returned"). */
    returnsEverything?: boolean;
  } = {},
): { status: OrderStatus; paymentStatus?: PaymentStatus } | null {
  if (!offeredOrderActions(order).includes(action)) return null;
  // docs/requirements.md §24: a cancellation with money received comes with its refund.
  if (action === 'cancel' && hasMoneyToRefund(order.paymentStatus) && !move.refunded) return null;
  if (action === 'record-refund' && !move.refunded) return null;
  switch (action) {
    case 'confirm':
      return { status: 'confirmed' };
    case 'confirm-payment':
      // docs/requirements.md §21: the advance of an order paid in two parts leaves it partially paid
      return {
        status: 'confirmed',
        paymentStatus:
          order.advanceMinor !== null && order.advanceMinor !== undefined
            ? 'partially_paid'
            : 'paid',
      };
    case 'confirm-balance':
      return { status: order.status, paymentStatus: 'paid' };
    case 'start-processing':
      return { status: 'processing' };
    case 'ship':
      return { status: move.shipsEverythingLeft === false ? 'partly_shipped' : 'shipped' };
    case 'deliver':
      return { status: 'delivered' };
    case 'cancel':
      return move.refunded
        ? { status: 'cancelled', paymentStatus: move.refunded }
        : { status: 'cancelled' };
    case 'record-refund':
      return {
        status: order.status === 'delivered' && move.returnsEverything ? 'returned' : order.status,
        paymentStatus: move.refunded!,
      };
  }
}

// spec §4: quotations are created pending; pending to processing or completed; processing to completed
const quotationMoves: Record<QuotationStatus, readonly QuotationStatus[]> = {
  pending: ['processing', 'completed'],
  processing: ['completed'],
  completed: [],
};

export function quotationMovesFrom(status: QuotationStatus): readonly QuotationStatus[] {
  return quotationMoves[status];
}

export function canMoveQuotation(from: QuotationStatus, to: QuotationStatus): boolean {
  return quotationMoves[from].includes(to);
}

// spec §4: "Mark as Read" when unread; "Mark as Replied" unless replied
export function messageMovesFrom(status: ContactMessageStatus): ContactMessageStatus[] {
  if (status === 'unread') return ['read', 'replied'];
  if (status === 'read') return ['replied'];
  return [];
}

/**
 * The ORD-YYYYMMDD- prefix of the shop's day (core/shop-calendar): an order placed at 01:00 in
 * the shop belongs to that day.
 */
export function orderNumberPrefix(moment: Date, timeZone: string): string {
  return `ORD-${shopDayOf(moment, timeZone).replaceAll('-', '')}-`;
}

/** Order numbers read ORD-YYYYMMDD-NNNN: the shop's day, then a sequence of that day. */
export function orderNumberFor(moment: Date, sequence: number, timeZone: string): string {
  return `${orderNumberPrefix(moment, timeZone)}${String(sequence).padStart(4, '0')}`;
}

/** spec §9: admin lists show 50 rows a page. */
export const ADMIN_PAGE_SIZE = 50;

/** The GST documents an order action issued, or why a receipt voucher could not be (docs/requirements.md §23). */
export interface IssuedWithAction {
  invoiceNumber?: string | null;
  creditNoteNumber?: string | null;
  receiptVoucherNumber?: string | null;
  receiptVoucherProblem?: string | null;
}

/** docs/requirements.md §23: shipping issues the invoice, cancelling an invoiced order a credit note, a payment before the invoice a receipt voucher. */
function withIssuedDocuments(sentence: string, issued: IssuedWithAction): string {
  return [
    sentence,
    issued.invoiceNumber ? `Invoice ${issued.invoiceNumber} issued.` : '',
    issued.creditNoteNumber ? `Credit note ${issued.creditNoteNumber} issued.` : '',
    issued.receiptVoucherNumber ? `Receipt voucher ${issued.receiptVoucherNumber} issued.` : '',
    issued.receiptVoucherProblem
      ? `No receipt voucher was issued: ${issued.receiptVoucherProblem}`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

// spec §8: admin toasts and alerts
export const adminMessages = {
  verifyFailed: 'Failed to verify admin permissions',
  loadFailed: 'Failed to load admin data',
  messageFailed: 'Failed to update message status',
  quotationFailed: 'Failed to update quotation status',
  orderFailed: (message: string) => `Failed to update order status: ${message}`,
  paymentFailed: (message: string) => `Failed to confirm payment: ${message}`,
  // docs/requirements.md §24
  refundRecorded: (
    amount: string,
    paymentStatus: string,
    issued: IssuedWithAction = {},
    orderStatus = 'cancelled',
  ) => ({
    title: 'Refund Recorded',
    description: withIssuedDocuments(
      `Refund of ${amount} recorded. The order is ${statusLabel(orderStatus).toLowerCase()}; its payment is ${statusLabel(paymentStatus).toLowerCase()}.`,
      issued,
    ),
  }),
  refundFailed: (message: string) => `Failed to record the refund: ${message}`,
  // docs/requirements.md §24
  returnFailed: (message: string) => `Failed to answer the return: ${message}`,
  // docs/requirements.md §24: the buyer is mailed each update
  productionUpdatePosted: (photos: number) => ({
    title: 'Update Posted',
    description: `The buyer can see it on her order${photos > 0 ? `, with ${photos === 1 ? '1 photo' : `${photos} photos`}` : ''}, and it is on its way to her by mail.`,
  }),
  productionUpdateFailed: (message: string) => `Failed to post the update: ${message}`,
  orderUpdated: (status: string, issued: IssuedWithAction = {}) => ({
    title: 'Order Status Updated',
    description: withIssuedDocuments(
      `Order status has been updated to ${statusLabel(status).toLowerCase()}.`,
      issued,
    ),
  }),
  invoiceIssued: (number: string) => ({
    title: 'Invoice Issued',
    description: `Invoice ${number} has been issued.`,
  }),
  invoiceFailed: (message: string) => `Failed to issue the invoice: ${message}`,
  paymentConfirmed: {
    title: 'Payment Confirmed',
    description: 'Payment has been confirmed and order status updated to confirmed.',
  },
  /** The spec's toast, with the receipt voucher the confirmation issued (docs/requirements.md §23). */
  paymentConfirmedWith: (issued: IssuedWithAction) => ({
    title: 'Payment Confirmed',
    description: withIssuedDocuments(
      'Payment has been confirmed and order status updated to confirmed.',
      issued,
    ),
  }),
  quotationUpdated: (status: string) => ({
    title: 'Status Updated',
    description: `Quotation status updated to ${status}.`,
  }),
} as const;
