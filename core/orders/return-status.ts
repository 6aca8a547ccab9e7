/**
 * docs/requirements.md §24 "Returns": which pieces of a delivered order can still be returned, until
 * when, and what a return's status reads; without zod, so the order pages load it
 * (docs/decisions/020). core/orders/returns.ts holds the request's schema and re-exports this.
 */
import { formatLongDate } from '../time/dates';
import { addDays, shopDayOf } from '../time/shop-calendar';
import type { OrderPhoto } from './production-updates';
import type { OrderStatus } from './statuses';
import { MADE_TO_ORDER_TEXT } from './made-to-order';

/** The spec's policy: returns within 30 days of delivery, counted in the shop's calendar. */
export const RETURN_WINDOW_DAYS = 30;
export const RETURN_REASON_MAX = 1_000;
export const RETURN_DECISION_NOTE_MAX = 1_000;
export const RETURN_MAX_PHOTOS = 4;

/** A return is requested, then approved or declined; an approved one is refunded once the piece is back. */
export const returnStatuses = ['requested', 'approved', 'declined', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  declined: 'Return declined',
  refunded: 'Returned · Refunded',
};

/** A return still waiting on the shop: to be decided, or approved and waiting for its refund. */
export function isOpenReturn(status: ReturnStatus): boolean {
  return status === 'requested' || status === 'approved';
}

/** The owner's decisions on a return, and the refund that closes an approved one. */
export const returnDecisions = ['approve', 'decline'] as const;
export type ReturnDecision = (typeof returnDecisions)[number];

export const returnDecisionLabels: Record<ReturnDecision, string> = {
  approve: 'Approve Return',
  decline: 'Decline Return',
};

/** The buyer's "Request a Return" on /dashboard, and the owner's answer on /admin. */
export const REQUEST_RETURN_INTENT = 'request-return';
export const DECIDE_RETURN_INTENT = 'decide-return';

/** What the buyer and the owner are told, word for word. */
export const returnTexts = {
  request: 'Request a Return',
  send: 'Send Return Request',
  pieces: 'Pieces to return',
  reason: 'Reason for the return',
  photos: 'Photos (up to 4)',
  condition: 'The pieces are unused and in their original packaging.',
  shippingIsYours: 'Return shipping is yours to arrange and pay.',
  shippingIsBuyers: 'Return shipping is the buyer’s to arrange and pay.',
  madeToOrder: MADE_TO_ORDER_TEXT,
  lastDay: (day: string) => `You can ask to return it until ${day}.`,
  requested: {
    title: 'Return Requested',
    description: 'The shop will answer by mail. Keep the pieces in their packaging until then.',
  },
  approved: { title: 'Return Approved', description: 'The buyer is mailed your instructions.' },
  declined: { title: 'Return Declined', description: 'The buyer is mailed your reason.' },
  instructions: 'Return instructions',
  instructionsHint: 'Where and how to send the pieces back, such as the address.',
  declineReason: 'Reason for declining',
} as const;

/** What a return that cannot be asked or decided is refused with, word for word. */
export const returnProblems = {
  notDelivered: 'Only a delivered order can be returned.',
  windowClosed: (lastDay: string) =>
    `Returns close ${RETURN_WINDOW_DAYS} days after delivery; the last day for this order was ${lastDay}.`,
  openReturn: 'A return of this order is already waiting for the shop’s answer.',
  nothingReturnable:
    'Nothing left in this order can be returned: made-to-order pieces are not returnable.',
  pieces: 'Choose the pieces to return and how many of each.',
  notReturnable: (piece: string) => `“${piece}” was made to order and cannot be returned.`,
  tooMany: (piece: string, left: number) => `Only ${left} of “${piece}” can be returned.`,
  reason: 'Tell us why you are returning the pieces.',
  reasonTooLong: `The reason must be at most ${RETURN_REASON_MAX.toLocaleString('en-IN')} characters.`,
  condition: 'Confirm the pieces are unused and in their original packaging.',
  tooManyPhotos: `Add at most ${RETURN_MAX_PHOTOS} photos to a return.`,
  photosTooLarge: `Add at most ${RETURN_MAX_PHOTOS} photos of 10 MB or smaller each.`,
  instructions: 'Tell the buyer where and how to send the pieces back.',
  declineReason: 'Tell the buyer why the return is declined.',
  decisionTooLong: `Keep it under ${RETURN_DECISION_NOTE_MAX.toLocaleString('en-IN')} characters.`,
  notRequested: 'This return has already been answered.',
  notApproved: 'A return is refunded once it is approved.',
  notFound: 'Return not found',
} as const;

/** The last shop day a delivered order can be asked to be returned: 30 days after the day it was delivered. */
export function lastReturnDay(deliveredAt: Date, timeZone: string): string {
  return addDays(shopDayOf(deliveredAt, timeZone), RETURN_WINDOW_DAYS);
}

/** A line of the order as returns read it. */
export interface ReturnableLine {
  id: string;
  productName: string;
  quantity: number;
  madeToOrder: boolean;
}

/** A return's piece: an order line and how many of it. */
export interface ReturnedPiece {
  orderItemId: string;
  quantity: number;
}

/**
 * How many of each line can still be returned: the returnable lines' quantities less what returns
 * not declined already hold. Made-to-order lines are absent.
 */
export function returnableQuantities(
  lines: readonly ReturnableLine[],
  returns: readonly { status: ReturnStatus; pieces: readonly ReturnedPiece[] }[],
): Map<string, number> {
  const left = new Map<string, number>();
  for (const line of lines) if (!line.madeToOrder) left.set(line.id, line.quantity);
  for (const each of returns) {
    if (each.status === 'declined') continue;
    for (const piece of each.pieces) {
      const before = left.get(piece.orderItemId);
      if (before !== undefined) left.set(piece.orderItemId, Math.max(0, before - piece.quantity));
    }
  }
  for (const [id, quantity] of left) if (quantity === 0) left.delete(id);
  return left;
}

/**
 * Why the buyer cannot ask to return this order now, or null when "Request a Return" is offered:
 * a delivered order, within 30 days of its delivery in the shop's calendar, with no return waiting
 * on the shop and something returnable left (docs/requirements.md §24, docs/decisions/028).
 */
export function returnRequestRefusal(
  order: { status: OrderStatus; deliveredAt: Date | null },
  lines: readonly ReturnableLine[],
  returns: readonly { status: ReturnStatus; pieces: readonly ReturnedPiece[] }[],
  now: Date,
  timeZone: string,
): string | null {
  if (order.status !== 'delivered' || !order.deliveredAt) return returnProblems.notDelivered;
  const lastDay = lastReturnDay(order.deliveredAt, timeZone);
  if (shopDayOf(now, timeZone) > lastDay) {
    return returnProblems.windowClosed(formatLongDate(lastDay));
  }
  if (returns.some((each) => isOpenReturn(each.status))) return returnProblems.openReturn;
  if (returnableQuantities(lines, returns).size === 0) return returnProblems.nothingReturnable;
  return null;
}

/** What "Request a Return" offers on the buyer's order: until which shop day, and how many of each piece. */
export interface ReturnOffer {
  lastDay: string;
  pieces: (ReturnableLine & { left: number })[];
}

/**
 * The buyer's "Request a Return" on her order's page, or null when it is not open
 * (`returnRequestRefusal`); worked out by the page's loader with the shop's clock, so the server
 * and the browser show the same.
 */
export function returnOfferOf(
  order: {
    status: OrderStatus;
    deliveredAt: Date | null;
    items: readonly { id: string; productName: string; quantity: number; madeToOrder: boolean }[];
    returns: readonly { status: ReturnStatus; pieces: readonly ReturnedPiece[] }[];
  },
  now: Date,
  timeZone: string,
): ReturnOffer | null {
  if (!order.deliveredAt) return null;
  if (returnRequestRefusal(order, order.items, order.returns, now, timeZone)) return null;
  const left = returnableQuantities(order.items, order.returns);
  return {
    lastDay: lastReturnDay(order.deliveredAt, timeZone),
    pieces: order.items
      .filter((line) => left.has(line.id))
      .map(({ id, productName, quantity, madeToOrder }) => ({
        id,
        productName,
        quantity,
        madeToOrder,
        left: left.get(id)!,
      })),
  };
}

/**
 * What the returned pieces cost the buyer, the refund's amount by default: their share of the
 * goods, less their share of the discount, with the GST charged on that (shipping, which the
 * buyer paid to receive them, stays; docs/requirements.md §24). The credit note's own lines are the exact
 * figure; the owner may refund less, never more than was received.
 */
export function returnValueMinor(
  order: {
    subtotalMinor: number;
    discountMinor: number;
    shippingAmountMinor: number;
    taxAmountMinor: number;
  },
  items: readonly { id: string; unitPriceMinor: number }[],
  pieces: readonly ReturnedPiece[],
): number {
  if (order.subtotalMinor <= 0) return 0;
  const prices = new Map(items.map((item) => [item.id, item.unitPriceMinor]));
  const goods = pieces.reduce(
    (sum, piece) => sum + piece.quantity * (prices.get(piece.orderItemId) ?? 0),
    0,
  );
  const taxable = goods - Math.round((order.discountMinor * goods) / order.subtotalMinor);
  const taxBase = order.subtotalMinor - order.discountMinor + order.shippingAmountMinor;
  const tax = taxBase > 0 ? Math.round((order.taxAmountMinor * taxable) / taxBase) : 0;
  return taxable + tax;
}

/** Whether the returns refunded so far give back every piece the order had (it then reads "Returned"). */
export function everyPieceReturned(
  lines: readonly Pick<ReturnableLine, 'id' | 'quantity'>[],
  refundedReturns: readonly { pieces: readonly ReturnedPiece[] }[],
): boolean {
  return lines.every(
    (line) =>
      refundedReturns
        .flatMap((each) => each.pieces)
        .filter((piece) => piece.orderItemId === line.id)
        .reduce((sum, piece) => sum + piece.quantity, 0) >= line.quantity,
  );
}

/** A return as the order's pages, its mails and the API show it. */
export interface ReturnView {
  id: string;
  orderId: string;
  status: ReturnStatus;
  pieces: (ReturnedPiece & { productName: string })[];
  reason: string;
  photos: OrderPhoto[];
  requestedAt: Date;
  /** The approval's instructions or the decline's reason. */
  decisionNote: string | null;
  decidedAt: Date | null;
  refundId: string | null;
}
