/**
 * An offer's priced shape and the one order of its totals (docs/decisions/019): the quote page, the owner's
 * quotation page, the offer mail and the PDF all read `OfferPricing` and draw `offerTotalRows`,
 * so no copy can list Shipping before Discount again. Orders draw `orderTotalRows` the same way.
 */
import { formatPercentFromBasisPoints, formatRupees } from '../money/money';

export interface OfferLine {
  description: string;
  quantity: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

/** Money is paise; `validUntil` is the shop's calendar day 'YYYY-MM-DD', the offer's last. */
export interface OfferPricing<Line extends OfferLine = OfferLine> {
  version: number;
  lines: Line[];
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  /** 1200 = 12% */
  gstRateBasisPoints: number;
  gstMinor: number;
  totalMinor: number;
  validUntil: string;
  leadTimeDays: number | null;
  /** docs/requirements.md §21: the share of the total asked for on acceptance, 0 to 100 (core/orders/payment-terms.ts). */
  advancePercent: number;
}

export interface TotalRow {
  label: string;
  amount: string;
  /** The amount in paise (a discount's as taken off), for its approximation in the buyer's currency. */
  minor: number;
  /** The grand total, set in bold wherever it is drawn. */
  total?: true;
}

/** A row of rupees; `total` for the grand total. */
function row(label: string, minor: number, total?: true): TotalRow {
  return { label, amount: formatRupees(minor), minor, total };
}

// docs/requirements.md §10: a discount is money taken off, with the minus sign (U+2212) the pages print.
function discountRow(discountMinor: number): TotalRow[] {
  return discountMinor > 0
    ? [{ label: 'Discount', amount: `−${formatRupees(discountMinor)}`, minor: discountMinor }]
    : [];
}

/** The GST line's words with its rate: "GST (12%)". */
function gstLabel(gstRateBasisPoints: number): string {
  return `GST (${formatPercentFromBasisPoints(gstRateBasisPoints)}%)`;
}

/** docs/decisions/019: subtotal, discount (only when there is one), shipping, GST with its rate, total. */
export function offerTotalRows(
  offer: Pick<
    OfferPricing,
    | 'subtotalMinor'
    | 'discountMinor'
    | 'shippingMinor'
    | 'gstRateBasisPoints'
    | 'gstMinor'
    | 'totalMinor'
  >,
): TotalRow[] {
  return [
    row('Subtotal', offer.subtotalMinor),
    ...discountRow(offer.discountMinor),
    row('Shipping', offer.shippingMinor),
    row(gstLabel(offer.gstRateBasisPoints), offer.gstMinor),
    row('Total', offer.totalMinor, true),
  ];
}

export interface OrderAmounts {
  subtotalMinor: number;
  discountMinor: number;
  shippingAmountMinor: number;
  taxAmountMinor: number;
  totalAmountMinor: number;
  /** The rate of the offer the order was made from; null for an order of no offer. */
  gstRateBasisPoints: number | null;
}

/**
 * An order's totals in the offer's order: an order made from an offer keeps its discount, which
 * the order pages left out, so their lines did not add up to the total.
 */
export function orderTotalRows(order: OrderAmounts): TotalRow[] {
  return [
    row('Subtotal', order.subtotalMinor),
    ...discountRow(order.discountMinor),
    row('Shipping', order.shippingAmountMinor),
    // An order made from an offer names its tax as the offer did: "GST (12%)".
    row(
      order.gstRateBasisPoints === null ? 'Tax' : gstLabel(order.gstRateBasisPoints),
      order.taxAmountMinor,
    ),
    row('Total', order.totalAmountMinor, true),
  ];
}
