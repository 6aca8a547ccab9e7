/**
 * The GST of a tax invoice, line by line (docs/decisions/027). The invoice must add up to exactly
 * what the order charged: its taxable value is the offer's (lines − discount + shipping) and its
 * tax the offer's GST (core/quotes/quote-offer.ts computeOfferTotals), to the paisa. CGST Rule 46
 * asks for each line's taxable value and tax, so the discount and the tax are shared over the lines
 * by the largest-remainder method: the shares add up exactly, and each is within a paisa of its
 * exact value. Integers only; the products that could pass 2^53 are taken as BigInt.
 */
import { computeOfferTotals } from '../quotes/quote-offer';
import type { IssuablePlaceOfSupply } from './place-of-supply';

export interface InvoiceGoodsLine {
  description: string;
  hsnCode: string | null;
  quantity: number;
  unitPriceMinor: number;
}

export interface InvoiceTaxInput {
  lines: InvoiceGoodsLine[];
  discountMinor: number;
  shippingMinor: number;
  /** 1200 is 12%, as the offer stores it. */
  gstRateBasisPoints: number;
  supply: IssuablePlaceOfSupply;
}

export interface InvoiceTaxLine {
  description: string;
  hsnCode: string | null;
  quantity: number;
  unitPriceMinor: number;
  /** quantity × unit price. */
  grossMinor: number;
  /** This line's share of the invoice's discount. */
  discountMinor: number;
  /** gross − discount: what its tax is charged on. */
  taxableMinor: number;
  /** The whole GST rate on the line (CGST and SGST are each half); 0 under a LUT. */
  rateBasisPoints: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
}

export interface InvoiceTax {
  lines: InvoiceTaxLine[];
  /** Shipping and packing as a line of its own, or null when there is none. */
  shipping: InvoiceTaxLine | null;
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** The shipping line's words on the invoice. */
export const SHIPPING_LINE_DESCRIPTION = 'Shipping and packing';

const BASIS_POINTS = 10_000;

/**
 * Whole shares of `total`, one for each exact share numerator / denominator (which add up to
 * about `total`): each share is its exact value rounded down, and the paise still missing go one
 * each to the shares with the largest remainders, the earlier on a tie. So the shares add up to
 * `total` exactly and each is within a paisa of its exact value.
 */
export function largestRemainderShares(
  total: number,
  numerators: readonly bigint[],
  denominator: bigint,
): number[] {
  if (denominator <= 0n) throw new RangeError('Shares are taken of a positive denominator');
  const floors = numerators.map((numerator) => numerator / denominator);
  const remainders = numerators.map((numerator) => numerator % denominator);
  const shares = floors.map(Number);
  const missing = total - shares.reduce((sum, share) => sum + share, 0);
  if (missing < 0 || missing > shares.length) {
    throw new RangeError(`Shares rounded down cannot make up ${total}`);
  }
  const order = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of order.slice(0, missing)) shares[index]! += 1;
  return shares;
}

function requireWholeAmount(label: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} is a whole number of paise from 0, got ${value}`);
  }
}

/**
 * An intra-state line's tax split in two: CGST takes the odd paisa (tax / 2 rounded up), SGST the
 * rest, so the two add up to the line's tax.
 */
export function splitCentralAndState(taxMinor: number): { cgstMinor: number; sgstMinor: number } {
  const cgstMinor = Math.floor(taxMinor / 2) + (taxMinor % 2);
  return { cgstMinor, sgstMinor: taxMinor - cgstMinor };
}

/** The invoice's lines, shipping and totals with their GST; see the module's comment. */
export function computeInvoiceTax(input: InvoiceTaxInput): InvoiceTax {
  if (input.lines.length === 0) throw new RangeError('An invoice has at least one line');
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`A quantity is a whole number from 1, got ${line.quantity}`);
    }
    requireWholeAmount('A unit price', line.unitPriceMinor);
  }
  requireWholeAmount('The discount', input.discountMinor);
  requireWholeAmount('Shipping', input.shippingMinor);
  const rate = input.gstRateBasisPoints;
  if (!Number.isInteger(rate) || rate < 0 || rate > BASIS_POINTS) {
    throw new RangeError(`A GST rate is 0 to 10000 basis points, got ${rate}`);
  }

  const offer = computeOfferTotals({
    lines: input.lines,
    discountMinor: input.discountMinor,
    shippingMinor: input.shippingMinor,
    gstRateBasisPoints: rate,
  });
  if (input.discountMinor > offer.subtotalMinor) {
    throw new RangeError('The discount cannot be more than the lines');
  }

  // The discount, over the goods lines by their gross value (shipping takes none, as on the offer).
  const grosses = offer.lineTotalsMinor;
  const discounts =
    offer.subtotalMinor === 0
      ? grosses.map(() => 0)
      : largestRemainderShares(
          input.discountMinor,
          grosses.map((gross) => BigInt(input.discountMinor) * BigInt(gross)),
          BigInt(offer.subtotalMinor),
        );

  // Shipping is part of a composite supply: it takes the principal supply's HSN and rate.
  const shippingItem: InvoiceGoodsLine | null =
    input.shippingMinor > 0
      ? {
          description: SHIPPING_LINE_DESCRIPTION,
          hsnCode: input.lines[0]!.hsnCode,
          quantity: 1,
          unitPriceMinor: input.shippingMinor,
        }
      : null;
  const items = shippingItem ? [...input.lines, shippingItem] : input.lines;
  const itemDiscounts = shippingItem ? [...discounts, 0] : discounts;
  const grossOf = (index: number) => items[index]!.quantity * items[index]!.unitPriceMinor;
  const taxables = items.map((_, index) => grossOf(index) - itemDiscounts[index]!);

  const underLut = input.supply.kind === 'export_under_lut';
  const lineRate = underLut ? 0 : rate;
  const taxes = underLut
    ? taxables.map(() => 0)
    : largestRemainderShares(
        offer.gstMinor,
        taxables.map((taxable) => BigInt(taxable) * BigInt(rate)),
        BigInt(BASIS_POINTS),
      );

  const taxLines: InvoiceTaxLine[] = items.map((item, index) => {
    const tax = taxes[index]!;
    const split =
      input.supply.kind === 'intra_state'
        ? { ...splitCentralAndState(tax), igstMinor: 0 }
        : { cgstMinor: 0, sgstMinor: 0, igstMinor: tax };
    return {
      description: item.description,
      hsnCode: item.hsnCode,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      grossMinor: grossOf(index),
      discountMinor: itemDiscounts[index]!,
      taxableMinor: taxables[index]!,
      rateBasisPoints: lineRate,
      ...split,
    };
  });

  const sum = (key: 'taxableMinor' | 'cgstMinor' | 'sgstMinor' | 'igstMinor') =>
    taxLines.reduce((total, line) => total + line[key], 0);
  const taxableMinor = sum('taxableMinor');
  const cgstMinor = sum('cgstMinor');
  const sgstMinor = sum('sgstMinor');
  const igstMinor = sum('igstMinor');
  const taxMinor = cgstMinor + sgstMinor + igstMinor;
  return {
    lines: shippingItem ? taxLines.slice(0, -1) : taxLines,
    shipping: shippingItem ? taxLines[taxLines.length - 1]! : null,
    taxableMinor,
    cgstMinor,
    sgstMinor,
    igstMinor,
    taxMinor,
    totalMinor: taxableMinor + taxMinor,
  };
}

export interface HsnSummaryRow {
  hsnCode: string | null;
  rateBasisPoints: number;
  /** The pieces of the goods lines; shipping adds value, not pieces. */
  quantity: number;
  taxableMinor: number;
  igstMinor: number;
  cgstMinor: number;
  sgstMinor: number;
}

/**
 * The invoice by HSN code and rate, for GSTR-1's HSN summary: one row for each (code, rate), in the
 * order the lines first name them. Shipping, part of a composite supply, counts in its principal
 * supply's row.
 */
export function hsnSummary(result: InvoiceTax): HsnSummaryRow[] {
  const rows = new Map<string, HsnSummaryRow>();
  const add = (line: InvoiceTaxLine, quantity: number) => {
    const key = `${line.hsnCode ?? ''}|${line.rateBasisPoints}`;
    const row = rows.get(key) ?? {
      hsnCode: line.hsnCode,
      rateBasisPoints: line.rateBasisPoints,
      quantity: 0,
      taxableMinor: 0,
      igstMinor: 0,
      cgstMinor: 0,
      sgstMinor: 0,
    };
    row.quantity += quantity;
    row.taxableMinor += line.taxableMinor;
    row.igstMinor += line.igstMinor;
    row.cgstMinor += line.cgstMinor;
    row.sgstMinor += line.sgstMinor;
    rows.set(key, row);
  };
  for (const line of result.lines) add(line, line.quantity);
  if (result.shipping) add(result.shipping, 0);
  return [...rows.values()];
}
