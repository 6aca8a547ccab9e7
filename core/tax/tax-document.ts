/**
 * A GST document as issued (docs/decisions/027): everything its PDF, the owner's Invoices page,
 * the API and GSTR-1 read, frozen when the number is given. A document is never changed after;
 * the shop's later settings, a product's new HSN code or a renamed buyer do not touch it. One
 * shape for a tax invoice and a credit note, so that a credit note for a whole invoice is that
 * invoice's lines with its own number, title and citation.
 */
import { rupeesInWords } from './amount-in-words';

export type { TaxDocumentKind } from './document-links';
import type { TaxDocumentKind } from './document-links';
import type { GstStateCode } from './gstin';
import type { InvoiceGoodsLine, InvoiceTax } from './invoice-tax';
import { computeInvoiceTax } from './invoice-tax';
import { LUT_EXPORT_TEXT, placeOfSupplyLabel, type IssuablePlaceOfSupply } from './place-of-supply';

/** The title printed at the top of each kind (CGST Rules 46, 50, 53). */
export const taxDocumentTitles: Record<TaxDocumentKind, string> = {
  invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  receipt_voucher: 'Receipt Voucher',
};

/** Rule 46(p): printed on every tax invoice of this shop, whose sales never carry reverse charge. */
export const REVERSE_CHARGE_TEXT = 'Reverse charge: No';
export const AUTHORISED_SIGNATORY = 'Authorised signatory';

export interface TaxDocumentSeller {
  name: string;
  /** The address as Settings hold it, one line or several. */
  address: string;
  gstin: string;
  stateCode: GstStateCode;
}

export interface TaxDocumentBuyer {
  name: string;
  company: string | null;
  /** Printed when the buyer gave one; it makes the sale B2B in GSTR-1. */
  gstin: string | null;
  /** The lines of the billing address; the order holds one address, so it is the shipping one. */
  billingAddress: string[];
  shippingAddress: string[];
}

export interface TaxDocumentPayment {
  /** "Advance", "Balance" or "Payment in full". */
  label: string;
  amountMinor: number;
  reference: string | null;
}

/** The document: its lines, shipping and totals are core/tax/invoice-tax.ts's, as computed when issued. */
export interface TaxDocumentContent extends InvoiceTax {
  kind: TaxDocumentKind;
  title: string;
  number: string;
  /** The shop's calendar day it was issued, YYYY-MM-DD. */
  issuedOn: string;
  /** "26-27" */
  financialYear: string;
  orderNumber: string;
  seller: TaxDocumentSeller;
  buyer: TaxDocumentBuyer;
  placeOfSupply: IssuablePlaceOfSupply;
  /** "Rajasthan (08)", or the country of an export. */
  placeOfSupplyLabel: string;
  /** The LUT's endorsement and ARN on an export without tax; null otherwise. */
  lutEndorsement: string | null;
  /** "Rupees One Lakh Twenty-Four Thousand Six Hundred Only", of the rounded total. */
  totalInWords: string;
  /** The payments received against the order when the document was issued, and what is still due. */
  payments: TaxDocumentPayment[];
  balanceDueMinor: number;
  /** A credit note's invoice: its number and day. */
  cites: { number: string; issuedOn: string } | null;
  /** A credit note's reason. */
  reason: string | null;
  /** "Approximately US$… at ₹… per US$ …", as on the offer, for a buyer abroad; null otherwise. */
  approximateTotal: string | null;
}

export interface InvoiceContentInput {
  number: string;
  issuedOn: string;
  financialYear: string;
  orderNumber: string;
  seller: TaxDocumentSeller;
  buyer: TaxDocumentBuyer;
  supply: IssuablePlaceOfSupply;
  lines: InvoiceGoodsLine[];
  discountMinor: number;
  shippingMinor: number;
  gstRateBasisPoints: number;
  payments: TaxDocumentPayment[];
  approximateTotal: string | null;
}

/** The LUT endorsement line: the rule's words and the ARN the portal gave the LUT. */
export function lutEndorsementOf(supply: IssuablePlaceOfSupply): string | null {
  return supply.kind === 'export_under_lut'
    ? `${LUT_EXPORT_TEXT} (LUT ARN ${supply.lutArn})`
    : null;
}

/** A tax invoice's content from the order's lines and the shop's state, taxed by core/tax/invoice-tax.ts. */
export function invoiceContent(input: InvoiceContentInput): TaxDocumentContent {
  const tax: InvoiceTax = computeInvoiceTax({
    lines: input.lines,
    discountMinor: input.discountMinor,
    shippingMinor: input.shippingMinor,
    gstRateBasisPoints: input.gstRateBasisPoints,
    supply: input.supply,
  });
  const paid = input.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  return {
    kind: 'invoice',
    title: taxDocumentTitles.invoice,
    number: input.number,
    issuedOn: input.issuedOn,
    financialYear: input.financialYear,
    orderNumber: input.orderNumber,
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply: input.supply,
    placeOfSupplyLabel: placeOfSupplyLabel(input.supply),
    lutEndorsement: lutEndorsementOf(input.supply),
    ...tax,
    totalInWords: rupeesInWords(tax.totalMinor),
    payments: input.payments,
    balanceDueMinor: Math.max(0, tax.totalMinor - paid),
    cites: null,
    reason: null,
    approximateTotal: input.approximateTotal,
  };
}

/**
 * A credit note for the whole of an invoice (CGST Rule 53(1A)): the invoice's lines and tax, its
 * own number and day, citing the invoice's number and day, with the reason. Money refunded is
 * recorded with the order, not here: nothing is "due" on a credit note.
 */
export function wholeInvoiceCreditNote(
  invoice: TaxDocumentContent,
  note: { number: string; issuedOn: string; financialYear: string; reason: string },
): TaxDocumentContent {
  return {
    ...invoice,
    kind: 'credit_note',
    title: taxDocumentTitles.credit_note,
    number: note.number,
    issuedOn: note.issuedOn,
    financialYear: note.financialYear,
    payments: [],
    balanceDueMinor: 0,
    cites: { number: invoice.number, issuedOn: invoice.issuedOn },
    reason: note.reason,
  };
}

/** The reason a credit note for a cancelled order gives. */
export const CANCELLED_ORDER_REASON = 'Order cancelled';

/** The PDF's file name: "Tax-Invoice-KK-26-27-0001.pdf"; a number's slashes cannot be in a file name. */
export function taxDocumentFileName(
  document: Pick<TaxDocumentContent, 'title' | 'number'>,
): string {
  return `${document.title.replace(/ /g, '-')}-${document.number.replace(/\//g, '-')}.pdf`;
}
