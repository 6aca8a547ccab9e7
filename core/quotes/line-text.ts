/**
 * docs/requirements.md §19: one priced line in words, "20 × ₹2,300 = ₹46,000" (quantity, the multiplication sign
 * U+00D7, unit price, line total, amounts in spec §9's rupee format). The quote page, the owner's
 * page, the customer's orders, the offer mail and the PDF all draw a line from here, so a phone's
 * stacked row and a wide table's cells cannot disagree.
 */
import { formatRupees } from '../money/money';

/** A line of an offer or of an order; money is paise. */
export interface PricedLine {
  quantity: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

/** A line's three figures as a table's cells print them. */
export interface LineAmounts {
  quantity: string;
  unitPrice: string;
  lineTotal: string;
}

export function lineAmounts(line: PricedLine): LineAmounts {
  return {
    quantity: String(line.quantity),
    unitPrice: formatRupees(line.unitPriceMinor),
    lineTotal: formatRupees(line.lineTotalMinor),
  };
}

/** "{quantity} × {unit price} = {line total}": the stacked row under the piece's name. */
export function lineText(line: PricedLine): string {
  const { quantity, unitPrice, lineTotal } = lineAmounts(line);
  return `${quantity} × ${unitPrice} = ${lineTotal}`;
}
